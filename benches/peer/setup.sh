#!/usr/bin/env bash
# One-time setup (needs the npm registry): installs boardgame.io and builds a
# copy of satrap's TypeScript client (clients/typescript) plus a grpc.health
# client. Reads only clients/typescript and proto/ of the project.
set -euo pipefail
# Run from the project's root: bash benches/peer/setup.sh
# The bench is copied to target/peer-bench (node_modules stay out of the tree), and run
# from there: node target/peer-bench/run.mjs
SRC="$(cd "$(dirname "$0")" && pwd)"
SATRAP_SRC="${SATRAP_SRC:-$PWD}"
[ -f "$SATRAP_SRC/Cargo.toml" ] || { echo "run from the project's root (or set SATRAP_SRC)" >&2; exit 1; }
HERE="${PEER_DIR:-$SATRAP_SRC/target/peer-bench}"
mkdir -p "$HERE" && (cd "$SRC" && tar cf - .) | (cd "$HERE" && tar xf -)
cd "$HERE"
if [ ! -f satrap-client/package.json ]; then
  mkdir -p satrap-client
  (cd "$SATRAP_SRC/clients/typescript" && tar cf - --exclude node_modules --exclude dist --exclude src/gen .) | (cd satrap-client && tar xf -)
fi
(cd satrap-client && npm ci --no-audit --no-fund \
  && npx buf generate "$SATRAP_SRC/proto" --template buf.gen.yaml \
  && npx tsc -p tsconfig.json \
  && npx buf generate health-proto --template buf.gen.health.yaml)
(cd bgio && npm ci --no-audit --no-fund)
echo "setup done"
