#!/usr/bin/env bash
# CI for clients/python: a fresh venv, `pip install ./clients/python[env]`
# plus the pinned test tools, a check that the committed generated code is
# what generate.sh makes from proto/, then pytest against a real server
# (PettingZoo's api_test for every game and player count, the client, the
# Bot loop, the single-agent wrapper) and the random-agents example.
#
#   SATRAP_BIN=target/release/satrap bash clients/python/run_ci.sh
#
# Without SATRAP_BIN it builds the release binary. PYTHON picks the
# interpreter (default python3).
set -euo pipefail
cd "$(dirname "$0")"
HERE="$(pwd)"
ROOT="$(cd ../.. && pwd)"
PYTHON="${PYTHON:-python3}"
TMP="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  local rc=$?
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$TMP"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== python venv"
"$PYTHON" -m venv "$TMP/venv"
VPY="$TMP/venv/bin/python"
"$VPY" -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
"$VPY" -m pip install --quiet --disable-pip-version-check ".[env]"

echo "== generated code matches proto/"
mkdir -p "$TMP/gen"
PYTHON="$VPY" ./generate.sh "$TMP/gen" >/dev/null
if ! diff -r -x __pycache__ "$TMP/gen/satrap/v1" src/satrap/v1; then
  echo "src/satrap/v1 is stale: run clients/python/generate.sh and commit" >&2
  exit 1
fi

if [[ -z "${SATRAP_BIN:-}" ]]; then
  echo "== cargo build --release"
  (cd "$ROOT" && cargo build --release --bin satrap)
  SATRAP_BIN="$ROOT/target/release/satrap"
fi
export SATRAP_BIN

echo "== pytest (starts $SATRAP_BIN)"
START=$SECONDS
(cd "$TMP" && "$VPY" -m pytest -q -p no:cacheprovider "$HERE/tests")
echo "   pytest took $(( SECONDS - START ))s"

echo "== examples/random_agents.py"
PORT="$("$VPY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
"$SATRAP_BIN" serve --listen "127.0.0.1:$PORT" --database memory:// >"$TMP/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do
  "$VPY" -c "import socket; socket.create_connection(('127.0.0.1', $PORT), 1)" 2>/dev/null && break
  sleep 0.1
done
"$VPY" examples/random_agents.py --address "127.0.0.1:$PORT" --game ming_dynasty --players 3
# The three lines of README.md and docs/bots-guide.md, as a bot author would run them.
"$VPY" - "127.0.0.1:$PORT" <<'PY'
import sys
import satrap
final = satrap.play("king_of_siam", address=sys.argv[1])
print(final.outcome.summary)
PY
echo "== clients/python passed"
