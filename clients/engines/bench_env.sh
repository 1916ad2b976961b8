#!/usr/bin/env bash
# docs/performance.md's local-engine table in one run: the local engines
# (satrap_engines) and the gRPC environment against the release server with
# an in-memory store, side by side (bench_env.py).
#
#   PYTHON=<python with satrap-engines[env] and satrap[env]> bash clients/engines/bench_env.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON="${PYTHON:-python3}"
BIN="${SATRAP_BIN:-target/release/satrap}"
[[ -n "${SATRAP_BIN:-}" ]] || cargo build --release --bin satrap
PORT="$("$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
"$BIN" serve --listen "127.0.0.1:$PORT" --database memory:// --web false >/dev/null 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  "$PYTHON" -c "import socket; socket.create_connection(('127.0.0.1', $PORT), 1)" 2>/dev/null && break
  sleep 0.1
done
"$PYTHON" clients/engines/bench_env.py --address "127.0.0.1:$PORT" --seconds "${SECONDS_PER_CELL:-3}"
