#!/usr/bin/env bash
# Browser tests drive Debian's Chromium at /usr/bin/chromium. Install it when missing and we are root; otherwise say what to do.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "installing Debian chromium for the browser tests (about 70 s)..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Browser tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install -y chromium' and try again." >&2
exit 1
