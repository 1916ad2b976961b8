#!/usr/bin/env bash
# The committed page is what its sources build: `npm ci && npm run build`
# in web/ (the protobuf-es client generated from proto/ in the same build),
# written beside the committed web/dist and compared with it. web/dist,
# which satrap embeds, stays untouched: rewritten, it would be newer than
# the satrap build embedding it, and the next `cargo run --release` would
# compile the server again.
# .ci/web.sh runs it first.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== web: npm ci && npm run build" >&2
BUILT="$(mktemp -d -t satrap-web-dist.XXXXXX)"
trap 'rm -rf "$BUILT"' EXIT
(cd web && timeout 600 npm ci --no-audit --no-fund &&
  SATRAP_WEB_OUT_DIR="$BUILT/dist" timeout 600 npm run build)
if ! diff -r "$BUILT/dist" web/dist >&2; then
  echo "web/dist differs from a fresh build of web/: run 'cd web && npm ci && npm run build' and commit web/dist" >&2
  exit 1
fi
