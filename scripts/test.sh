#!/bin/sh
# Quick start: run the tests (end-to-end tests need Chromium; installed here when root on Debian).
set -e
cd "$(dirname "$0")/.."
. scripts/ensure_deno.sh
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ] && [ -z "$BAJUTSU_CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium ffmpeg >/dev/null
  fi
fi
exec deno task test "$@"
