#!/usr/bin/env bash
# CI for clients/python: a fresh venv, `pip install ./clients/python[env]`
# plus the pinned test tools, a check that the committed generated code is
# what generate.sh makes from proto/, then pytest against a real server
# (PettingZoo's api_test for every game and player count, the client, the
# Bot loop, the single-agent wrapper, rated play), the random-agents
# example, and examples/rated_bot.py's rated games checked through
# GetRatings and an admin's WatchEvents feed.
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
# Three workers (pytest-xdist), each with servers of its own (the session
# fixtures): the tests mostly wait on the servers' bots and clocks.
(cd "$TMP" && "$VPY" -m pytest -q -p no:cacheprovider -n 3 --durations=12 "$HERE/tests")
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

echo "== examples/rated_bot.py: a player's rated games, its ratings and the feed"
# A keyed server of its own: a `player` key (the player "ann") and an admin
# key (the feed of every game).
kill "$SERVER_PID" 2>/dev/null || true
wait "$SERVER_PID" 2>/dev/null || true
SERVER_PID=""
key() {  # NAME ROLE: "KEY LINE" from `satrap api-key` (its 2nd and 4th lines)
  "$SATRAP_BIN" api-key "$1" "$2" | sed -n '2p;4p' | paste -sd ' '
}
read -r PLAYER_KEY PLAYER_LINE <<<"$(key ann player)"
read -r ADMIN_KEY ADMIN_LINE <<<"$(key ops admin)"
printf '%s\n%s\n' "$PLAYER_LINE" "$ADMIN_LINE" >"$TMP/keys"
PORT="$("$VPY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
"$SATRAP_BIN" serve --listen "127.0.0.1:$PORT" --database memory:// --web false \
  --api-keys-file "$TMP/keys" >"$TMP/rated-server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do
  "$VPY" -c "import socket; socket.create_connection(('127.0.0.1', $PORT), 1)" 2>/dev/null && break
  sleep 0.1
done
SATRAP_ADDRESS="127.0.0.1:$PORT" SATRAP_API_KEY="$PLAYER_KEY" timeout 300 \
  "$VPY" examples/rated_bot.py --game king_of_siam --players 2 --games 2 \
  --bot-fill-after 1 --bot random --queue-timeout 60 --seed 1 | tee "$TMP/rated_bot.out"
# What the server recorded: ann rated twice, the random bot rated too, and
# an admin's feed telling both games (created, started, finished with the
# rating changes), gapless, and the same again when resumed from the middle.
timeout 120 "$VPY" - "127.0.0.1:$PORT" "$ADMIN_KEY" <<'PY'
import sys
import satrap
from satrap import errors

address, admin = sys.argv[1:]
with satrap.Client(address, api_key=admin) as ops:
    ann, bot = ops.get_ratings("king_of_siam", ["ann", "bot:random"]).ratings
    print(f"ann: {ann.rating:.3f} ± {ann.uncertainty:.3f} after {ann.games} games; "
          f"bot:random: {bot.rating:.3f} ± {bot.uncertainty:.3f} after {bot.games}")
    assert ann.games == 2, ann
    assert (ann.rating, ann.uncertainty) != (25.0, 25.0 / 3.0), ann
    assert ann.uncertainty < 25.0 / 3.0, ann
    assert bot.games == 2, bot

    def feed(after):
        """What one stream delivers after `after` within 3 s."""
        out = []
        try:
            for event in ops.watch_events_stream(after, timeout=3):
                out.append(event)
        except errors.DeadlineExceeded:
            pass
        return out

    events = feed(0)
    seqs = [e.sequence for e in events]
    assert seqs and seqs == list(range(seqs[0], seqs[0] + len(seqs))), seqs
    games = {}
    for e in events:
        games.setdefault(e.game_id, []).append(e)
    assert len(games) == 2, list(games)
    for game_id, told in games.items():
        kinds = [satrap.event_kind(e) for e in told]
        assert kinds == ["created", "started", "finished"], (game_id, kinds)
        done = told[-1].finished
        assert told[0].created.rated and done.rated, game_id
        changed = sorted(c.player_id for c in done.rating_changes)
        assert changed == ["ann", "bot:random"], (game_id, changed)
        assert all(c.after.games == c.before.games + 1 for c in done.rating_changes)
    # Resumed from the middle by the helper that reconnects: every later
    # event once, as first delivered.
    middle = seqs[len(seqs) // 2 - 1]
    rest = [e for e in events if e.sequence > middle]
    again = []
    for e in ops.watch_events(after_sequence=middle, stream_timeout=2):
        again.append(e)
        if len(again) == len(rest):
            break
    assert [e.SerializeToString() for e in again] == [e.SerializeToString() for e in rest]
    print(f"feed: {len(events)} events for 2 rated games, resumed after {middle}: "
          f"{len(again)} again, none twice")
PY
echo "== clients/python passed"
