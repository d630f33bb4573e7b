"""The type stub of the compiled module (``featrank/_featrank.pyi``) agrees with it: every class, function,
parameter and default the module has, the stub has (mypy's stubtest), and the package type-checks against it."""

import subprocess
import sys

import pytest

def run(*args, cwd):
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, cwd=cwd)


def test_the_stub_matches_the_compiled_module(tmp_path):
    pytest.importorskip("mypy")
    result = run("mypy.stubtest", "featrank._featrank", cwd=tmp_path)
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-2000:]


def test_the_package_type_checks_against_its_stub(tmp_path):
    pytest.importorskip("mypy")
    result = run("mypy", "--ignore-missing-imports", "--cache-dir", str(tmp_path / "cache"), "-p", "featrank", cwd=tmp_path)
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-2000:]


def stub_docstrings():
    """(qualified name, docstring) of the stub's module, classes and functions that hold examples."""
    import ast
    import pathlib

    import featrank

    stub = pathlib.Path(featrank.__file__).with_name("_featrank.pyi")
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    found = []

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.ClassDef, ast.FunctionDef)):
                doc = ast.get_docstring(child, clean=True)
                if doc and ">>>" in doc:
                    found.append((prefix + child.name, doc))
                visit(child, prefix + child.name + ".")

    doc = ast.get_docstring(tree)
    if doc and ">>>" in doc:
        found.append(("featrank._featrank", doc))
    visit(tree, "")
    return found


@pytest.mark.parametrize("name,doc", stub_docstrings(), ids=[name for name, _ in stub_docstrings()])
def test_the_stubs_examples_run(name, doc):
    import doctest
    import warnings

    import featrank

    test = doctest.DocTestParser().get_doctest(doc, {"featrank": featrank}, name, "_featrank.pyi", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", featrank.FeatrankWarning)
        runner.run(test)
    assert runner.failures == 0, f"{name}: {runner.failures} of {runner.tries} examples failed (see the output above)"


def test_the_stub_has_examples_for_the_classes_users_meet_first():
    names = {name for name, _ in stub_docstrings()}
    assert {"Dataset", "Ranking", "Table", "Figure", "Curves", "Significance", "Stabilities", "Synthetic"} <= names, names


def test_the_stub_holds_the_compiled_modules_docstrings():
    """An editor reading the stub shows what ``help()`` shows: every compiled class's docstring and its methods'
    (written once, in ``python/src/``) are in the stub as they are in the module — ``scripts/stub_docs.py``
    copies them there."""
    import ast
    import inspect
    import pathlib

    import featrank
    from featrank import _featrank

    stub = pathlib.Path(featrank.__file__).with_name("_featrank.pyi")
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    stale = []
    for name, cls in vars(_featrank).items():
        if not inspect.isclass(cls) or name.startswith("_") or issubclass(cls, BaseException):
            continue
        node = classes.get(name)
        assert node is not None, f"the stub has no class {name}"
        if ast.get_docstring(node, clean=True) != inspect.cleandoc(cls.__doc__ or ""):
            stale.append(name)
        defs = {child.name: child for child in node.body if isinstance(child, ast.FunctionDef)}  # the last overload
        for method in (m for m in vars(cls) if not m.startswith("_") and callable(getattr(cls, m))):
            if method not in defs or ast.get_docstring(defs[method], clean=True) != inspect.cleandoc(
                    getattr(cls, method).__doc__ or ""):
                stale.append(f"{name}.{method}")
    assert not stale, f"run `python scripts/stub_docs.py`: the stub's docstrings of {stale} are not the module's"
