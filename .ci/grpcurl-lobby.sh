#!/usr/bin/env bash
# Run docs/api.md's lobby walk-through ("## Turn clocks and the lobby": open
# seats, JoinGame, a 10-second clock that runs out) as written, in one shell
# (the "second terminal" lines run after the first terminal's), with
# grpcurl 1.8.6 like .ci/grpcurl.sh.
#
#   SATRAP_BIN=path/to/satrap bash .ci/grpcurl-lobby.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BIN="${SATRAP_BIN:-target/release/satrap}"
[[ -x $BIN ]] || { echo "no satrap binary at $BIN (set SATRAP_BIN)" >&2; exit 1; }
WORK_NAME=grpcurl-lobby
# shellcheck source=.ci/grpcurl-setup.sh
source .ci/grpcurl-setup.sh

doc_block docs/api.md "Turn clocks and the lobby" '^```sh$' >"$work/session.sh"
grep -q 'JoinGame' "$work/session.sh" ||
  { echo "no lobby walk-through under '## Turn clocks and the lobby' in docs/api.md" >&2; exit 1; }
sed -i "s/127\.0\.0\.1:50051/$addr/g" "$work/session.sh"
status=0
timeout --kill-after=10 120 bash -euo pipefail "$work/session.sh" >"$work/session.log" 2>&1 || status=$?
cat "$work/session.log"
[[ $status -eq 0 ]] || { echo "!! the lobby walk-through failed (exit $status)" >&2; exit 1; }

expect() {
  grep -q -- "$1" "$work/session.log" || { echo "!! the walk-through lacks $2 ($1)" >&2; exit 1; }
}
expect 'GAME_STATUS_WAITING' "a game waiting for players"
expect '"status": "GAME_STATUS_IN_PROGRESS"' "the start after the second join"
expect 'ran out of time and forfeits' "the timeout"
expect '"ending": "timeout"' "the forfeit's outcome"
# The story: after bob's join seat 0 (ann) is to act; its clock runs out at
# version 1, and bob (seat 1) wins.
grep -v '^GAME=' "$work/session.log" | jq -e -s '
  (map(select(type == "object" and has("toAct"))) | .[0].toAct == [0]) and
  (map(select(type == "object" and .ending == "timeout")) | length == 1 and
     .[0].version == "1" and .[0].winners == [1])' >/dev/null ||
  { echo "!! the walk-through's story does not hold (seat 0 to act, then bob wins by timeout at version 1)" >&2; exit 1; }
echo "== docs/api.md's lobby walk-through passed" >&2
