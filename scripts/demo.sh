#!/bin/sh
# Quick start: run the demo suite against the bundled demo app and print where the report is.
set -e
cd "$(dirname "$0")/.."
. scripts/ensure_deno.sh
exec deno task demo "$@"
