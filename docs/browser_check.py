"""Open pages of the built site in a headless Chromium and read them as a reader's browser renders them:
every figure present and drawn (an <img> decoded with a non-zero size, an inline <svg> laid out with a non-zero
size and holding shapes), at least as many figures as the page is expected to show, and no error in the
browser's console. Saves a screenshot of each page. Run by docs/check.sh after docs/build.sh.

    python docs/browser_check.py SITE_DIR SCREENSHOT_DIR
"""
import pathlib
import shutil
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# (page, the least number of figures it shows, what it is)
PAGES = [
    ("index.html", 0, "the front page (the README)"),
    ("methods/ranker-relieff.html", 0, "a method page"),
    ("concepts.html", 8, "the concepts chapter's figures"),
    ("notebooks/python-01_quickstart.html", 2, "a rendered Python notebook"),
    ("notebooks/rust-01_quickstart.html", 2, "a rendered Rust notebook"),
    ("python/featrank.html", 0, "the Python API"),
    ("api/featrank/index.html", 0, "the Rust API"),
    # the R vignette's three figures, when r/check.sh rendered it (else its text without outputs)
    ("r-which-ranking.html", 3 if (pathlib.Path(__file__).resolve().parents[1] / "target/r/which-ranking.md").exists()
     else 0, "the R package's vignette"),
]

FIGURES = """
const shown = [];
for (const img of document.querySelectorAll('main img, #main-content img, body > main img, .content img')) {
    const box = img.getBoundingClientRect();
    shown.push({what: 'img ' + img.getAttribute('src'), ok: img.complete && img.naturalWidth > 0 && box.width > 0});
}
for (const svg of document.querySelectorAll('.content svg, main svg')) {
    if (svg.closest('svg') !== svg) continue;           // nested <svg> inside a figure
    const box = svg.getBoundingClientRect();
    if (box.width < 40 || box.height < 40) continue;       // icons of the page's chrome
    const shapes = svg.querySelectorAll('path, line, polyline, rect, circle, text').length;
    shown.push({what: 'inline svg ' + Math.round(box.width) + 'x' + Math.round(box.height), ok: shapes > 0});
}
return shown;
"""


def main(site, shots):
    site, shots = pathlib.Path(site).resolve(), pathlib.Path(shots)
    shots.mkdir(parents=True, exist_ok=True)
    options = webdriver.ChromeOptions()
    profile = tempfile.mkdtemp(prefix="featrank-chromium-")
    # A fresh profile, and none of Chromium's own connections (updates, sync, lookups): the check runs offline.
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000",
                "--disable-dev-shm-usage", "--allow-file-access-from-files", "--no-first-run", "--disable-quic",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                f"--user-data-dir={profile}"):
        options.add_argument(arg)
    options.binary_location = _first(["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"])
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(_first(["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"])),
                              options=options)
    failures = []
    try:
        for page, least, what in PAGES:
            path = site / page
            if not path.exists():
                failures.append(f"{page} ({what}): not built")
                continue
            driver.get(path.as_uri())
            driver.execute_script("return document.fonts ? document.fonts.ready : null")
            title = driver.title
            text = driver.execute_script("return document.body.innerText.length")
            figures = driver.execute_script(FIGURES)
            bad = [f["what"] for f in figures if not f["ok"]]
            errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            shot = shots / (page.replace("/", "_").removesuffix(".html") + ".png")
            driver.save_screenshot(str(shot))
            print(f"{page}: '{title}', {text} characters, {len(figures)} figures, "
                  f"{len(errors)} console errors -> {shot}")
            if text < 200:
                failures.append(f"{page} ({what}): only {text} characters of text")
            if len(figures) < least:
                failures.append(f"{page} ({what}): {len(figures)} figures, expected at least {least}")
            failures += [f"{page} ({what}): figure not drawn: {b}" for b in bad]
            failures += [f"{page} ({what}): console error: {e}" for e in errors]
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
    if failures:
        sys.exit("the site in a browser:\n  " + "\n  ".join(failures))
    print(f"{len(PAGES)} pages opened in Chromium: figures drawn, no console errors")


def _first(paths):
    return next((p for p in paths if pathlib.Path(p).exists()), paths[0])


if __name__ == "__main__":
    main(*sys.argv[1:])
