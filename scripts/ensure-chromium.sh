#!/usr/bin/env bash
# Browser tests use the system Chromium: test tools cannot download their own
# browsers on this network. Installs Debian's `chromium` when it is missing and
# we are allowed to; otherwise stops with a message naming the package.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0

if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
  fi
  if [ -n "${as_root+set}" ]; then
    echo "Installing Debian's chromium package for the browser tests…"
    "${as_root[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq chromium >/dev/null
  fi
fi

if [ ! -x "$chromium" ]; then
  echo "Chromium is missing at $chromium. Install Debian's 'chromium' package (apt-get install chromium)," >&2
  echo "or point CHROMIUM_PATH at a Chromium or Chrome binary." >&2
  exit 1
fi
