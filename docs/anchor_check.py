"""Check every in-site link's #anchor: the page it points to has an element with that id (or an <a name>).

Usage: python3 docs/anchor_check.py SITE_DIR

LinkChecker (docs/check.sh) checks that every link's page exists; its AnchorCheck plugin parses the target page
again for each link with a fragment, which took 70 of its 74 CPU-seconds on this site (745 links, measured on a
2-core Zen 4), so anchors are checked here instead: each page parsed once, its ids kept. Pages under api/
(rustdoc) are checked as targets, not scanned for links (as LinkChecker is told not to follow them). Exits 1
with a line per broken anchor.
"""

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class Page(HTMLParser):
    """One page's anchors (id / name attributes) and the hrefs it links to."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.anchors = set()
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (tag == "a" and name == "name"):
                self.anchors.add(value)
            elif name == "href" and tag in ("a", "area", "link"):
                self.hrefs.append(value)


def parse(path, cache):
    """The parsed page at `path` (once per path)."""
    if path not in cache:
        page = Page()
        page.feed(path.read_text(encoding="utf-8", errors="replace"))
        cache[path] = page
    return cache[path]


def main(site):
    site = site.resolve()
    cache = {}
    broken = []
    checked = 0
    for source in sorted(site.rglob("*.html")):
        if "api" in source.relative_to(site).parts[:1]:
            continue
        for href in parse(source, cache).hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or not parts.fragment:
                continue  # another site, mailto:, or no anchor
            target = source if not parts.path else (source.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file() or target.suffix != ".html":
                continue  # a missing page is LinkChecker's to report; a non-HTML file has no anchors
            checked += 1
            if unquote(parts.fragment) not in parse(target, cache).anchors:
                broken.append(f"{source.relative_to(site)}: {href} (no id '{unquote(parts.fragment)}' in "
                              f"{target.relative_to(site)})")
    for line in broken:
        print(line)
    print(f"{checked} links with an anchor checked in {len(cache)} pages: {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    if len(sys.argv) != 2 or not Path(sys.argv[1]).is_dir():
        print("usage: python3 docs/anchor_check.py SITE_DIR", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(Path(sys.argv[1])))
