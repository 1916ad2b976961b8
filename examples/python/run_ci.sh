#!/usr/bin/env bash
# CI for the Python example: build the server, start it on a free port with
# an in-memory store, and play every game type for every player count with
# random_bot.py (which also checks the error codes), then lobby_bots.py (two
# Python bots take open seats with JoinGame and invite codes and play to the
# end). Works from any directory.
#
#   bash examples/python/run_ci.sh
#
# Environment: PYTHON (default python3); GAME (one game type id, default
# all: every type the server lists, for each of its player counts);
# SATRAP_BIN to test an already built server instead of `cargo build --release`.
set -euo pipefail
cd "$(dirname "$0")"
HERE="$(pwd)"
ROOT="$(cd ../.. && pwd)"
PYTHON="${PYTHON:-python3}"
GAME="${GAME:-all}"

TMP="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  local rc=$?
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ $rc -ne 0 && -f "$TMP/server.log" ]]; then
    echo "--- server log (tail) ---" >&2
    tail -n 40 "$TMP/server.log" >&2 || true
  fi
  rm -rf "$TMP"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== python venv"
"$PYTHON" -m venv "$TMP/venv"
VPY="$TMP/venv/bin/python"
"$VPY" -m pip install --quiet --disable-pip-version-check -r requirements.txt

echo "== generate"
PYTHON="$VPY" ./generate.sh

if [[ -n "${SATRAP_BIN:-}" ]]; then
  BIN="$SATRAP_BIN"
else
  echo "== cargo build --release"
  (cd "$ROOT" && cargo build --release --bin satrap)
  BIN="$ROOT/target/release/satrap"
fi

PORT="$("$VPY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
ADDR="127.0.0.1:$PORT"
echo "== start $BIN serve --listen $ADDR --database memory://"
"$BIN" serve --listen "$ADDR" --database memory:// >"$TMP/server.log" 2>&1 &
SERVER_PID=$!

"$VPY" - "$PORT" "$SERVER_PID" <<'PY'
import os, socket, sys, time
port, pid = int(sys.argv[1]), int(sys.argv[2])
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        sys.exit("server exited before accepting connections")
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        sys.exit(0)
    except OSError:
        time.sleep(0.2)
sys.exit("server did not accept connections within 60 s")
PY

# Every game type the server lists (or only $GAME), for every player count.
GAMES="$("$VPY" - "$ADDR" "$GAME" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.getcwd(), "satrap_pb"))
import grpc
from satrap.v1 import service_pb2 as pb, service_pb2_grpc as pb_grpc
addr, only = sys.argv[1], sys.argv[2]
with grpc.insecure_channel(addr) as ch:
    types = pb_grpc.GameServiceStub(ch).ListGameTypes(pb.ListGameTypesRequest(), timeout=10).game_types
for t in types:
    if only in ("", "all", t.id):
        for n in range(t.min_players, t.max_players + 1):
            print(t.id, n)
PY
)"
[[ -n "$GAMES" ]] || { echo "no game type matches GAME=$GAME" >&2; exit 1; }
while read -r game n; do
  echo "== random_bot.py --game $game --players $n"
  "$VPY" random_bot.py --server "$ADDR" --game "$game" --players "$n" --seed "$((1000 + n))" --cut-every 3 --quiet
done <<<"$GAMES"
echo "== lobby_bots.py: two Python bots join open seats (JoinGame, invite codes) and play"
"$VPY" lobby_bots.py --server "$ADDR" --seed 7
echo "== all Python example checks passed"
