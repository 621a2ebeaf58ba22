#!/usr/bin/env bash
# Browser tests use Debian's build of Chromium's headless shell (package chromium-headless-shell),
# the lean headless browser Playwright itself runs headless: test tools cannot download their own
# browsers on this network. Installs the package when it is missing and we are allowed to;
# otherwise stops with a message naming it.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
[ -x "$browser" ] && exit 0

if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
  fi
  if [ -n "${as_root+set}" ]; then
    echo "Installing Debian's chromium-headless-shell package for the browser tests…"
    "${as_root[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq chromium-headless-shell >/dev/null
  fi
fi

if [ ! -x "$browser" ]; then
  echo "The test browser is missing at $browser. Install Debian's 'chromium-headless-shell' package" >&2
  echo "(apt-get install chromium-headless-shell), or point CHROMIUM_PATH at a Chromium or Chrome binary." >&2
  exit 1
fi
