#!/usr/bin/env bash
# One run of both halves of docs/performance.md's environment table: the
# engine's own actions/s (criterion, `cargo bench --bench engine`, shortened)
# and then environment steps/s through gRPC against the release server with
# an in-memory store (bench_env.py), on the same machine, one after the
# other.
#
#   bash clients/python/bench_env.sh        (PYTHON: an interpreter with
#                                            satrap[env] installed)
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON="${PYTHON:-python3}"
echo "== engine: cargo bench --bench engine (3 s per row)"
# criterion prints the benchmark's name, then `thrpt: [low mid high]`.
cargo bench --bench engine -- --warm-up-time 1 --measurement-time 3 2>&1 |
  awk '/^[a-z_]+_random_playouts\/[^ ]+/ { name = $1 }
       /thrpt:/ && !/%/ { sub(/.*thrpt: *\[/, ""); print "| " name " | " $3 " " $4 " |" }'
cargo build --release --bin satrap
PORT="$("$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
target/release/satrap serve --listen "127.0.0.1:$PORT" --database memory:// >/dev/null 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  "$PYTHON" -c "import socket; socket.create_connection(('127.0.0.1', $PORT), 1)" 2>/dev/null && break
  sleep 0.1
done
echo "== environment through gRPC (release server, memory store)"
"$PYTHON" clients/python/bench_env.py --address "127.0.0.1:$PORT" --seconds "${SECONDS_PER_ROW:-5}"
