#!/bin/sh
# Quick start: run the tests (end-to-end tests need Chromium; installed here when root on Debian).
set -e
cd "$(dirname "$0")/.."
. scripts/ensure_deno.sh
# Debian's chromium-headless-shell is what headless runs prefer (lighter than the full browser).
missing=""
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing="chromium"
[ -x /usr/bin/chromium-headless-shell ] || missing="$missing chromium-headless-shell"
command -v ffmpeg >/dev/null 2>&1 || missing="$missing ffmpeg"
if [ -n "$missing" ] && [ -z "$BAJUTSU_CHROMIUM" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null ||
    echo "warning: could not install:$missing" >&2
fi
exec deno task test "$@"
