#!/bin/sh
# Puts Deno 2.9.6 on PATH when it is missing (npm when present, else Deno's own installer).
# Sourced by the quick-start scripts.
DENO_VERSION=2.9.6
if command -v deno >/dev/null 2>&1 && deno --version | head -1 | grep -q " $DENO_VERSION "; then
  return 0 2>/dev/null || exit 0
fi
if command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] || [ -w "$(npm prefix -g)/lib" ]; then
    npm i -g --allow-scripts=deno "deno@$DENO_VERSION" >/dev/null
  else
    echo "Deno $DENO_VERSION is missing: run 'sudo npm i -g --allow-scripts=deno deno@$DENO_VERSION'" >&2
    exit 2
  fi
elif command -v curl >/dev/null 2>&1; then
  curl -fsSL https://deno.land/install.sh | sh -s -- "v$DENO_VERSION" -y >/dev/null
  PATH="$HOME/.deno/bin:$PATH"
  export PATH
else
  echo "Deno $DENO_VERSION is missing: install it from https://deno.com (or 'npm i -g deno@$DENO_VERSION')" >&2
  exit 2
fi
