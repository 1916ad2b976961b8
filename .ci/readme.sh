#!/usr/bin/env bash
# The README's walk-through as a newcomer follows it, section by section,
# with the commands taken from README.md itself (so the README cannot drift
# from what works): "The two commands" (the server; the tests are CI's own
# step), "A first game" (a venv, the Python client, the three-line example)
# "Rated play" (a player key, the server again with keys and guests,
# the casual example still working, the rated bot's games) and
# "Tournaments" (an organiser's and a player's keys, the server again, a
# Python bot that enters a tournament and plays its games). Placeholders
# the reader fills in (`<the printed line>`, `<ann's key>`) are filled from
# what the commands printed; "in another terminal" runs in the background.
#
# Needs: the release build (CI's step before this one; `cargo run
# --release` then only checks it is current), python3 with venv, and
# PyPI for the client's dependencies. Leaves nothing in the repository:
# the database, the keys file and the venv are removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
LOGS="$(mktemp -d -t satrap-readme.XXXXXX)"
SERVER=""

cleanup() {
  if [[ -n "$SERVER" ]]; then
    kill "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
  fi
  rm -rf "$ROOT/.venv" "$ROOT/keys" "$ROOT"/satrap.db* "$ROOT/org.txt" "$ROOT/bob.txt"
}
trap cleanup EXIT
# A run left behind by a killed one would be read as the newcomer's.
rm -rf "$ROOT/.venv" "$ROOT/keys" "$ROOT"/satrap.db* "$ROOT/org.txt" "$ROOT/bob.txt"

# The n-th fenced block of language `lang` in section `section` of README.md.
block() {
  local section=$1 lang=$2 n=$3
  awk -v sec="## $section" -v lang="$lang" -v n="$n" '
    $0 == sec { inside = 1; next }
    /^## / { inside = 0 }
    inside && $0 == "```" lang { k++; if (k == n) { grab = 1; next } }
    grab && $0 == "```" { exit }
    grab { print }
  ' README.md
}

need() {
  if [[ -z "$1" ]]; then
    echo "README.md no longer has $2" >&2
    exit 1
  fi
}

# Wait until the server answers its health check (the binary's own probe).
healthy() {
  for _ in $(seq 1 300); do
    if "$ROOT/target/release/satrap" health --addr 127.0.0.1:50051 >/dev/null 2>&1; then
      return 0
    fi
    if ! kill -0 "$SERVER" 2>/dev/null; then
      echo "the server exited:" >&2
      cat "$LOGS/server.log" >&2
      return 1
    fi
    sleep 0.2
  done
  echo "the server did not become healthy" >&2
  return 1
}

stop_server() {
  kill -INT "$SERVER"
  wait "$SERVER" || true
  SERVER=""
}

# The next command of the block on fd 3 into CMD, continuation lines
# joined (the backslash and the newline kept: bash reads them as one
# line); false at the block's end.
next_command() {
  CMD=""
  while [[ -z "$CMD" ]]; do
    IFS= read -r -u 3 CMD || return 1
  done
  while [[ "$CMD" == *\\ ]]; do
    IFS= read -r -u 3 more
    CMD+=$'\n'"$more"
  done
}

# Run command CMD as a reader types it (BARE: without its comment): "in
# another terminal" starts the server in the background; a sourced file
# (the venv's activation) stays in effect for the lines after it, as in one
# terminal; anything else runs with them.
typed() {
  local cmd=$1 bare=$2
  case "$cmd" in
    *"in another terminal"*)
      bash -c "exec $bare" </dev/null >"$LOGS/server.log" 2>&1 &
      SERVER=$!
      healthy
      ;;
    ". "*)
      SOURCED+="$bare"$'\n'
      ;;
    *)
      bash -euo pipefail -c "$SOURCED$bare" </dev/null
      ;;
  esac
}

echo "== The two commands: the server"
RUN=$(block "The two commands" sh 1)
need "$RUN" "a server command in \"The two commands\""
bash -c "exec $RUN" >"$LOGS/server.log" 2>&1 &
SERVER=$!
healthy

echo "== A first game: the client in a venv, then the example"
INSTALL=$(block "A first game" sh 1)
EXAMPLE=$(block "A first game" python 1)
need "$INSTALL" "the client's install in \"A first game\""
need "$EXAMPLE" "the Python example in \"A first game\""
bash -euo pipefail -c "$INSTALL" >"$LOGS/install.log" 2>&1 || {
  cat "$LOGS/install.log" >&2
  exit 1
}
.venv/bin/python -c "$EXAMPLE"

echo "== Rated play: a player key, the server again with keys and guests"
RATED=$(block "Rated play" sh 1)
need "$RATED" "the commands of \"Rated play\""
stop_server
# Line by line, as a reader types them: the first prints the key; a
# sourced file (the venv's activation) stays in effect for the lines after
# it, as in one terminal.
KEY=""
LINE=""
SOURCED=""
RATED_BOT=""
while next_command; do
  cmd="${CMD//<the printed line>/$LINE}"
  cmd="${cmd//<ann\'s key>/$KEY}"
  bare="${cmd%%#*}"
  echo "\$ $bare"
  case "$cmd" in
    *" api-key "*)
      out=$(bash -c "$bare" </dev/null)
      KEY=$(grep -m1 '^satrap_' <<<"$out" || true)
      LINE=$(grep -A1 'Line for the --api-keys-file' <<<"$out" | tail -1)
      need "$KEY" "an api-key command that prints a key"
      ;;
    *)
      [[ "$cmd" == *rated_bot.py* ]] && RATED_BOT=1
      typed "$cmd" "$bare"
      if [[ "$cmd" == *"in another terminal"* ]]; then
        # "--guests keeps everything above working without a key".
        echo "== the casual example, without a key, on the keyed server"
        .venv/bin/python -c "$EXAMPLE" </dev/null
      fi
      ;;
  esac
done 3<<<"$RATED"
need "$RATED_BOT" "the rated bot's command"
stop_server

echo "== Tournaments: an organiser's and a player's keys, a bot that plays a tournament"
TOURNEY=$(block "Tournaments" sh 1)
need "$TOURNEY" "the commands of \"Tournaments\""
SOURCED=""
TOURNEY_BOT=""
while next_command; do
  bare="${CMD%%#*}"
  echo "\$ $bare"
  [[ "$CMD" == *tournament_bot.py* ]] && TOURNEY_BOT=1
  typed "$CMD" "$bare"
done 3<<<"$TOURNEY"
need "$TOURNEY_BOT" "the tournament bot's command"
stop_server
echo "== the README's walk-through passed"
