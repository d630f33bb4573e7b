"""The documentation site's source, assembled by docs/build.sh (run that, not this).

    python3 docs/site.py readme SRC               README.md -> SRC/readme.md, its links made site links
    python3 docs/site.py guide SRC                docs/guide/*.md -> SRC, links to ../references.md etc. made site links
    python3 docs/site.py notebooks SRC NBCONVERT  the notebooks (executed ones from */out/ when present) -> SRC/notebooks
    python3 docs/site.py summary SRC METHODS      fills SRC/SUMMARY.md's METHODS and NOTEBOOKS lines
    python3 docs/site.py homes SRC                every old README section still has its page (docs/homes.txt)
    python3 docs/site.py vignette SRC             the R vignette as rendered by r/check.sh -> SRC/r-which-ranking.md

The site is read from target/site, two folders below the repository's root: a link to a file of the repository
that is not a page of the site (a script, a notebook's folder) becomes ../../PATH, which resolves in a clone.
"""
import json
import pathlib
import re
import shutil
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)#\s]*)(#[^)\s]*)?\)")


def site_link(target, pages):
    """A Markdown link target of a page at the site's root, rewritten to resolve in the site."""
    if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target):  # empty (an anchor) or http:, mailto:
        return target
    if target == "notebooks/README.md":  # the site's notebooks page is that README with the notebooks rendered
        return "notebooks/index.md"
    for prefix in ("docs/guide/", "../", "docs/"):
        if target.startswith(prefix) and (target[len(prefix):].split("/")[0] in pages):
            return target[len(prefix):]
    if target.split("/")[0] in pages:
        return target
    return "../../" + target  # a file of the repository, from target/site/


def rewrite(text, pages):
    return LINK.sub(lambda m: f"]({site_link(m.group(1), pages)}{m.group(2) or ''})", text)


def pages_of(src):
    generated = {"readme.md", "methods", "notebooks", "figures", "python", "api", "r-which-ranking.md"}
    return {p.name for p in pathlib.Path(src).iterdir()} | generated


def readme(src):
    text = (REPO / "README.md").read_text()
    (pathlib.Path(src) / "readme.md").write_text(rewrite(text, pages_of(src)))


def guide(src):
    src = pathlib.Path(src)
    shutil.copytree(REPO / "docs" / "guide", src, dirs_exist_ok=True)
    shutil.copy(REPO / "docs" / "references.md", src / "references.md")
    shutil.copytree(REPO / "docs" / "results", src / "results", dirs_exist_ok=True)
    pages = pages_of(src)
    for page in src.glob("*.md"):
        if page.name != "SUMMARY.md":  # the site's own table of contents
            page.write_text(rewrite(page.read_text(), pages))


NOTEBOOK_SETS = [
    ("rust", "notebooks", "The Rust notebooks (evcxr kernel)"),
    ("python", "python/notebooks", "The Python notebooks"),
]


def notebooks(src, nbconvert):
    """Each notebook as a page: the executed copy in its folder's out/ when there is one (CI's, or the user's
    last run), else the notebook as committed, without outputs, saying so."""
    out = pathlib.Path(src) / "notebooks"
    out.mkdir(parents=True, exist_ok=True)
    summary, index = [], []
    intro = (REPO / "notebooks" / "README.md").read_text().split("\n", 1)[1]  # its title replaced; no links
    for kind, folder, title in NOTEBOOK_SETS:
        index.append(f"\n## {title}\n")
        for nb in sorted((REPO / folder).glob("[0-9][0-9]_*.ipynb")):
            executed = REPO / folder / "out" / nb.name
            source = executed if executed.exists() else nb
            name = f"{kind}-{nb.stem}"
            subprocess.run([*nbconvert, "--to", "markdown", "--output-dir", str(out), "--output", name,
                            str(source)], check=True, capture_output=True)
            page = out / f"{name}.md"
            cells = json.loads(nb.read_text())["cells"]
            heading = next((c["source"] for c in cells if c["cell_type"] == "markdown"), [nb.stem])
            heading = "".join(heading).split("\n")[0].lstrip("# ").strip() or nb.stem
            state = ("executed by CI's run of `" + ("notebooks/run.sh" if kind == "rust" else
                                                    "python/notebooks/run.sh") + "`, outputs as it left them"
                     if executed.exists() else
                     "**not executed here**: run `bash " + ("notebooks/run.sh" if kind == "rust" else
                                                           "python/notebooks/run.sh") +
                     "` before `bash docs/build.sh` to see its outputs")
            body = page.read_text()
            page.write_text(f"<!-- {folder}/{nb.name} -->\n*`{folder}/{nb.name}` — {state}.*\n\n" + body)
            label = f"{'Rust' if kind == 'rust' else 'Python'} {heading}"
            summary.append(f"  - [{label}](notebooks/{name}.md)")
            index.append(f"- [{nb.stem}]({name}.md) — {heading}")
    (out / "index.md").write_text("# Notebooks\n" + intro + "\n" + "\n".join(index) + "\n")
    (pathlib.Path(src) / "notebooks.summary").write_text(
        "- [Notebooks](notebooks/index.md)\n" + "\n".join(summary) + "\n")


def vignette(src):
    """The R package's vignette with its outputs, as `bash r/check.sh` rendered it (target/r/which-ranking.md),
    else its source without outputs, saying so."""
    rendered = REPO / "target" / "r" / "which-ranking.md"
    source = rendered if rendered.exists() else REPO / "r" / "vignettes" / "which-ranking.Rmd"
    text = source.read_text()
    if text.startswith("---"):
        text = text.split("\n---\n", 1)[1]  # the YAML header: the heading below says the same
    state = ("rendered by `bash r/check.sh` (CI's run), outputs as it left them" if rendered.exists() else
             "**not rendered here**: run `bash r/check.sh` before `bash docs/build.sh` to see its outputs")
    heading = "# Which gene ranking to trust\n\n*The R package's vignette (`r/vignettes/which-ranking.Rmd`), " + state + ".*\n"
    (pathlib.Path(src) / "r-which-ranking.md").write_text(heading + text)


def summary(src, methods):
    path = pathlib.Path(src) / "SUMMARY.md"
    listed = pathlib.Path(src) / "notebooks.summary"  # written by `notebooks`; not a page of the site
    notebooks_summary = listed.read_text().rstrip("\n")
    listed.unlink()
    text = path.read_text().replace("METHODS", methods).replace("NOTEBOOKS", notebooks_summary)
    path.write_text(text)


def homes(src):
    """Every section of the README before it became the front page still has a page holding its text."""
    missing = []
    for line in (REPO / "docs" / "homes.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        section, page, phrase = (part.strip() for part in line.split(" | ", 2))
        path = pathlib.Path(src) / page
        text = " ".join(path.read_text().split()) if path.exists() else ""
        if " ".join(phrase.split()) not in text:
            missing.append(f"{section}: {page} does not hold '{phrase}'")
    if missing:
        sys.exit("sections of the old README without a home (docs/homes.txt):\n  " + "\n  ".join(missing))


def checked_src(src):
    """SRC itself: a folder below the repository's target/ (or outside the repository), never a folder of the
    repository's own files: the site's pages (readme.md, index.html, ...) must not land beside README.md."""
    path = pathlib.Path(src).resolve()
    if path.is_relative_to(REPO) and not path.is_relative_to(REPO / "target"):
        sys.exit(f"site.py: {src} is inside the repository but not below target/; the site is built in target/")
    return src


if __name__ == "__main__":
    command, src, *rest = sys.argv[1:]
    src = checked_src(src)
    {"readme": lambda: readme(src), "guide": lambda: guide(src),
     "notebooks": lambda: notebooks(src, rest[0].split()), "summary": lambda: summary(src, rest[0]),
     "homes": lambda: homes(src), "vignette": lambda: vignette(src)}[command]()
