#!/usr/bin/env bash
# Run docs/api.md's curl walk-through (a whole game over Connect with curl
# and jq only) as written, against the release binary on a free loopback
# port with the memory store.
#
#   bash .ci/curl.sh               # after cargo build --release
#   SATRAP_BIN=path/to/satrap bash .ci/curl.sh
#
# The session is the fenced block under "### A whole game with curl and jq"
# in docs/api.md, run by bash with -euo pipefail; the only change made to
# it is the server's address (127.0.0.1:50051 -> the port this run got).
# Needs curl; jq and the server come from .ci/serve-setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN="${SATRAP_BIN:-target/release/satrap}"
if [[ ! -x $BIN ]]; then
  echo "no satrap binary at $BIN (cargo build --release, or set SATRAP_BIN)" >&2
  exit 1
fi
WORK_NAME=curl
# shellcheck source=.ci/serve-setup.sh
source .ci/serve-setup.sh

doc_block docs/api.md "A whole game with curl and jq" >"$work/session.sh"
if ! grep -q '127.0.0.1:50051' "$work/session.sh"; then
  echo "no curl session (with 127.0.0.1:50051) under '### A whole game with curl and jq' in docs/api.md" >&2
  exit 1
fi
sed -i "s/127\.0\.0\.1:50051/$addr/g" "$work/session.sh"
status=0
timeout --kill-after=10 180 bash -euo pipefail "$work/session.sh" >"$work/session.log" 2>&1 ||
  status=$?
tail -n 5 "$work/session.log"
if [[ $status -ne 0 ]]; then
  cat "$work/session.log" >&2
  echo "!! docs/api.md's curl walk-through failed (exit $status)" >&2
  exit 1
fi
# What it must have shown: the game, moves acknowledged at their versions,
# and the result in words.
for want in '^game ' '^version [0-9]'; do
  if ! grep -q -- "$want" "$work/session.log"; then
    echo "!! the walk-through's output lacks $want" >&2
    exit 1
  fi
done
result="$(tail -n 1 "$work/session.log")"
if [[ -z $result || $result == null || $result == version* ]]; then
  echo "!! the walk-through did not end with the game's result" >&2
  exit 1
fi
echo "== docs/api.md's curl walk-through played a whole game over Connect" >&2
