#!/usr/bin/env bash
# Check the site docs/build.sh built in target/site, as CI does:
#   - every link between its pages, and from its pages to files of the repository, resolves (LinkChecker over
#     file:// URLs — offline: links to other sites are not followed; the rustdoc pages are checked to exist, not
#     crawled), and every link's #anchor names an id on its page (docs/anchor_check.py);
#   - a headless Chromium opens the front page, a method page, the concepts chapter, a rendered Python and a
#     rendered Rust notebook and both API references: their figures are drawn and the console shows no error
#     (docs/browser_check.py); screenshots in target/site-check/.
# Installs LinkChecker and Selenium into target/docs-venv, and Chromium with its driver from Debian's packages
# when absent (apt-get: as root, or through sudo).
#
#   bash docs/check.sh           check target/site (docs/build.sh first)
#   bash docs/check.sh --tools   only install Chromium and its driver when absent (CI, in the background)
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
    ""|--tools) ;;
    *) echo "usage: bash docs/check.sh [--tools]" >&2; exit 2 ;;
esac
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    echo "== Chromium and chromedriver (Debian's packages)"
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    # a fresh machine may still be installing something: wait for the package lock rather than fail
    $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium chromium-driver >/dev/null
fi
[ "${1:-}" = --tools ] && exit 0
[ -f target/site/index.html ] || { echo "no site in target/site: run bash docs/build.sh first"; exit 1; }
venv=target/docs-venv
"$venv/bin/python" -m pip install --quiet "linkchecker>=10.5,<11" "selenium>=4.20,<5"

echo "== links (LinkChecker, offline)"
config="$(mktemp)"
trap 'rm -f "$config"' EXIT
printf '[filtering]\ncheckextern=0\n' > "$config"
# Any warning LinkChecker shows fails the check. Run as root,
# LinkChecker would switch to the user nobody, who may not read a checkout in a private folder: it keeps the
# caller's user here (it reads local files only).
"$venv/bin/python" - --config "$config" --no-status --no-follow-url='/api/' "file://$PWD/target/site/index.html" <<'PY'
import sys
from linkcheck.command import linkchecker as command
command.drop_privileges = lambda: None
sys.argv[0] = "linkchecker"
sys.exit(command.linkchecker())
PY

# The #anchors of those links: LinkChecker's AnchorCheck plugin took 70 of its 74 CPU-seconds here, so they are
# checked by docs/anchor_check.py (each page parsed once, about 1 s).
echo "== anchors (every in-site link's #fragment names an id on its page)"
python3 docs/anchor_check.py target/site
echo "== the site in a headless browser"
SE_OFFLINE=true "$venv/bin/python" docs/browser_check.py target/site target/site-check
