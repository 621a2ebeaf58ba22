#!/usr/bin/env bash
# Browser tests use Debian's build of Chromium's headless shell (package chromium-headless-shell),
# the lean headless browser Playwright itself runs headless: test tools cannot download their own
# browsers on this network. Installs the package when it is missing and we are allowed to (root,
# or passwordless sudo); otherwise stops with a message naming it.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
[ -x "$browser" ] && exit 0

# A flag, not "is the prefix array set": bash treats an empty array as unset, so root's empty
# prefix once read as "may not install".
may_install=no
as_root=()
if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    may_install=yes
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    may_install=yes
    as_root=(sudo -n)
  fi
fi

if [ "$may_install" = yes ]; then
  echo "Installing Debian's chromium-headless-shell package for the browser tests…"
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
fi

if [ ! -x "$browser" ]; then
  echo "The test browser is missing at $browser. Install Debian's 'chromium-headless-shell' package" >&2
  echo "(apt-get install chromium-headless-shell), or point CHROMIUM_PATH at a Chromium or Chrome binary." >&2
  exit 1
fi
