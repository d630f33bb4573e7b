"""Copy the compiled module's docstrings into its type stub, so an IDE shows what ``help()`` shows.

The docstrings of featrank's compiled classes and of their public methods are written once, as the Rust doc
comments in ``python/src/`` (PyO3 makes them ``__doc__``). Editors read the stub
(``python/featrank/_featrank.pyi``) instead; this script writes each class's and method's docstring there, in
place of the one it had (a method given by several ``@overload``s gets it on the last). The signatures, written
by hand, are left as they are. ``python/tests/test_stub.py`` fails when the two differ, naming this script:

    python scripts/stub_docs.py            (with featrank installed, e.g. target/py-venv/bin/python)
"""

import ast
import inspect
import pathlib
import sys

STUB = pathlib.Path(__file__).resolve().parent.parent / "python" / "featrank" / "_featrank.pyi"


def compiled_classes():
    """The public classes of the compiled module a user holds (exceptions aside), by name."""
    from featrank import _featrank

    return {
        name: cls
        for name, cls in vars(_featrank).items()
        if inspect.isclass(cls) and not name.startswith("_") and not issubclass(cls, BaseException)
    }


def public_methods(cls):
    """The class's public methods (static ones included), by name."""
    return {name: getattr(cls, name) for name in vars(cls) if not name.startswith("_") and callable(getattr(cls, name))}


def docstring_lines(doc, indent):
    """A docstring as stub lines at `indent`: a raw string when it holds a backslash."""
    lines = inspect.cleandoc(doc).split("\n")
    quote = ('r"""' if "\\" in doc else '"""')
    out = [indent + quote + lines[0]] + [indent + line if line else "" for line in lines[1:]]
    if len(lines) > 1:
        out.append(indent + '"""')
    else:
        out[-1] += '"""'
    return out


def edits(tree, lines):
    """(first line, last line, new lines) of every docstring to write, 0-based and inclusive (last = first − 1:
    inserted before the first line)."""
    classes = compiled_classes()
    out = []

    def place(node, doc):
        body = node.body[0]
        has_doc = isinstance(body, ast.Expr) and isinstance(body.value, ast.Constant) and isinstance(body.value.value, str)
        if has_doc:
            out.append((body.lineno - 1, body.end_lineno - 1, docstring_lines(doc, " " * body.col_offset)))
        elif body.lineno == node.body[0].end_lineno and lines[body.lineno - 1][body.col_offset:].startswith("..."):
            # `def f(...) -> T: ...` or on its own line: the body becomes the docstring
            line = lines[body.lineno - 1]
            head = line[: body.col_offset].rstrip()
            comment = line[body.col_offset + 3 :].strip()  # a `# type: ignore[…]` after the `...` stays on the def
            if comment:
                head = f"{head}  {comment}"
            indent = " " * (node.col_offset + 4)
            if head.strip():
                out.append((body.lineno - 1, body.lineno - 1, [head] + docstring_lines(doc, indent)))
            else:
                out.append((body.lineno - 1, body.lineno - 1, docstring_lines(doc, indent)))
        elif isinstance(node, ast.ClassDef):  # a class whose body starts with its attributes
            out.append((body.lineno - 1, body.lineno - 2, docstring_lines(doc, " " * body.col_offset)))
        else:
            raise SystemExit(f"{STUB}:{body.lineno}: cannot place the docstring of {node.name}")

    for node in tree.body:
        if not isinstance(node, ast.ClassDef) or node.name not in classes:
            continue
        cls = classes[node.name]
        if cls.__doc__:
            place(node, cls.__doc__)
        methods = public_methods(cls)
        last = {}
        for child in node.body:
            if isinstance(child, ast.FunctionDef) and child.name in methods:
                last[child.name] = child
        for name, child in last.items():
            if methods[name].__doc__:
                place(child, methods[name].__doc__)
    return out


def main():
    text = STUB.read_text(encoding="utf-8")
    lines = text.split("\n")
    for first, last, new in sorted(edits(ast.parse(text), lines), reverse=True):
        lines[first : last + 1] = new
    updated = "\n".join(lines)
    if updated != text:
        STUB.write_text(updated, encoding="utf-8")
        print(f"wrote the compiled module's docstrings into {STUB}")
    else:
        print(f"{STUB} already holds the compiled module's docstrings")


if __name__ == "__main__":
    sys.exit(main())
