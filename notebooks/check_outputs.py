"""Check an executed notebook: no cell failed, no cell shows a featrank error (the red box featrank's errors
show in evcxr) unless it is tagged `raises-featrank-error` — and then it must show one —, every cell that ends
in a bare expression shows rich output (text/html or image/svg+xml), no cell keeps more than one progress-bar
fragment (a text bar redrawn in a saved notebook), and report how long the first `:dep` cell, the first cell that binds a variable
(evcxr's first type analysis of the dependencies happens there) and the whole notebook took."""
import json
import sys
from datetime import datetime


def seconds(cell):
    t = cell.get("metadata", {}).get("execution", {})
    try:
        a = datetime.fromisoformat(t["iopub.execute_input"].replace("Z", "+00:00"))
        b = datetime.fromisoformat(t["shell.execute_reply"].replace("Z", "+00:00"))
        return (b - a).total_seconds()
    except (KeyError, ValueError):
        return float("nan")


def ends_in_expression(source, language="rust"):
    if language == "python":
        import ast
        try:
            body = ast.parse(source).body
        except SyntaxError:
            return False
        last = body[-1] if body else None
        return isinstance(last, ast.Expr) and not (
            isinstance(last.value, ast.Call) and getattr(last.value.func, "id", "") == "print")
    lines = [l.rstrip() for l in source.rstrip().split("\n")]
    last = lines[-1] if lines else ""
    return bool(last) and not last.startswith(":") and not last.lstrip().startswith("//") \
        and not last.endswith((";", "}", "{"))


def main(path):
    nb = json.load(open(path))
    language = nb.get("metadata", {}).get("kernelspec", {}).get("language", "rust")
    problems, total, dep, first_let = [], 0.0, None, None
    for n, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        t = seconds(cell)
        total += t if t == t else 0.0
        if source.startswith(":dep") and dep is None:
            dep = t
        elif dep is not None and first_let is None and any(l.startswith("let ") for l in source.split("\n")):
            first_let = t
        outputs = cell.get("outputs", [])
        for o in outputs:
            if o.get("output_type") == "error":
                problems.append(f"cell {n}: {o.get('ename')}: {o.get('evalue')}")
            if o.get("output_type") == "stream" and o.get("name") == "stderr" and "error[E" in o.get("text", ""):
                problems.append(f"cell {n}: compile error: {o['text'][:300]}")
        # a progress bar leaves one line in the saved notebook, not a fragment per redraw
        fragments = [o for o in outputs if o.get("output_type") == "stream" and "%|" in "".join(o.get("text", ""))]
        if len(fragments) > 1:
            problems.append(f"cell {n}: {len(fragments)} progress-bar fragments in the saved outputs")
        rich = [o for o in outputs if o.get("output_type") in ("execute_result", "display_data")
                and ({"text/html", "image/svg+xml"} & set(o.get("data", {})))]
        html = "".join("".join(o["data"].get("text/html", "")) for o in rich)
        expects_error = "raises-featrank-error" in cell.get("metadata", {}).get("tags", [])
        if "featrank-error" in html and not expects_error:
            problems.append(f"cell {n}: featrank error: {html[:400]}")
            continue
        if expects_error:
            if "featrank-error" not in html:
                problems.append(f"cell {n}: tagged raises-featrank-error, but no featrank error was shown")
            continue
        if ends_in_expression(source, language) and not rich:
            problems.append(f"cell {n}: expected an HTML or SVG output, got none (source ends: {source.strip().splitlines()[-1]!r})")
        for o in rich:
            svg = o["data"].get("image/svg+xml", "")
            if isinstance(svg, list):
                svg = "".join(svg)
            if svg and ("NaN" in svg or "</svg>" not in svg):
                problems.append(f"cell {n}: malformed SVG output")
    if language == "python":
        print(f"{path}: all cells {total:.1f} s")
    else:
        print(f"{path}: first :dep cell {dep:.1f} s, first binding cell {first_let or float('nan'):.1f} s, "
              f"all cells {total:.1f} s")
    for p in problems:
        print("  FAILED", p)
    return not problems


if __name__ == "__main__":
    ok = all([main(p) for p in sys.argv[1:]])
    sys.exit(0 if ok else 1)
