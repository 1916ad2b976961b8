#!/usr/bin/env bash
# The web client in CI:
#  1. rebuild web/dist from web/src with `npm ci && npm run build` (the
#     generated protobuf-es client comes from proto/ in the same build) and
#     fail if it differs from the committed web/dist, which satrap embeds;
#  2. run the browser tests in Debian's Chromium through playwright-core:
#     every game played to the end through the page by a seat, clicking
#     only, while a second browser context watches; every button, prompt and
#     log line checked for engine words (notation, ids, coordinates, "seat
#     N"); the layout at 1280x720 and 390x844; a replay stepped to its end;
#     axe-core on the lobby, a how-to-play page, a game and a replay
#     (web/test/browser.mjs), and a server restart
#     that both pages must survive (web/test/resume.mjs), and a game with an
#     open seat and a turn clock, joined from a second browser context, whose
#     clock runs out (web/test/lobby.mjs), and "Play rated": the queue
#     (its place, Cancel, two browsers matched, computer players after 1 s)
#     played to the end casually; on a keyed satrap, no "New game" and no
#     "Play rated" without a key; on a keyed satrap with --guests, a casual
#     game created and played with no key, then signed in with a `player`
#     key a rated game played to the end and the player on the leaderboard
#     (web/test/rated.mjs), a running tournament: the lobby's list, a
#     player's Join and Leave, a live table of 3 to watch and play
#     (web/test/tournament.mjs); chat and offers between browser contexts
#     (web/test/table.mjs); the page explaining itself: Alexandros at
#     390x844 with map, face-up cards, hand and actions in view and apart
#     (by element boxes), each game's end screen saying how it was
#     decided, a rematch, "My games", the how-to pages' words and the
#     players' rules (web/test/page.mjs);
#  3. beside step 2, the browser test again through the gateway as shipped
#     (deploy/nginx.conf, its HTTP/1.1 listener for browsers, listen and
#     upstreams rewritten to loopback) in front of two replicas sharing one
#     PostgreSQL database: gRPC-Web through nginx, the page's calls and
#     watch streams spread over both replicas by round robin. There it
#     plays King of Siam (with the replay) and Ming Dynasty (hidden hands,
#     secret choices): what the gateway adds is the transport and the
#     replicas, which two games cross as four would, and Alexandros and
#     Territories were two thirds of its clicks (each click is about 0.15 s
#     of the browser's and the test driver's CPU, in a phase where every
#     second of CPU counts). Then the lobby test there too, and the casual
#     part of the rated play test (the queue streams spread over both
#     replicas, one queue in the database).
# Screenshots land in target/web-screenshots/ (kept by CI), those of step 3
# in target/web-screenshots/gateway/; step 2 also rewrites the ones the docs
# show, docs/screenshots/*.png (commit them when the page changed).
#
# SATRAP_BIN: the satrap binary to run (default: a debug build made here).
# Step 3 needs nginx (SATRAP_TEST_NGINX or on the PATH) and
# SATRAP_TEST_POSTGRES_URL (a role that may create databases), both set up
# by .ci/services.sh; without them it is skipped with a notice, unless
# SATRAP_REQUIRE_EXTERNAL=1 (CI), which makes it fail instead.
# SATRAP_URL: test the page at this address (e.g. a gateway of your own, or
# web/scripts/dev-server.sh: the page as built now, served by vite preview
# in front of a satrap that does not embed it yet) instead of starting
# satrap here; only the browser and lobby tests run then.
# Needs node >= 20 with npm, and root for apt-get when Chromium is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
export CARGO_TERM_COLOR=never

echo "== web: npm ci && npm run build" >&2
# Built beside the committed web/dist and compared with it, which stays
# untouched: rewritten, it would be newer than the satrap build embedding
# it, and the next `cargo run --release` would compile the server again.
BUILT="$(mktemp -d -t satrap-web-dist.XXXXXX)"
trap 'rm -rf "$BUILT"' EXIT
(cd web && timeout 600 npm ci --no-audit --no-fund &&
  SATRAP_WEB_OUT_DIR="$BUILT/dist" timeout 600 npm run build)
if ! diff -r "$BUILT/dist" web/dist >&2; then
  echo "web/dist differs from a fresh build of web/: run 'cd web && npm ci && npm run build' and commit web/dist" >&2
  exit 1
fi
rm -rf "$BUILT"
trap - EXIT

if [[ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]]; then
  echo "== web: installing Debian's chromium" >&2
  timeout 900 apt-get update -qq
  DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

export SCREENSHOT_DIR="$ROOT/target/web-screenshots"
mkdir -p "$SCREENSHOT_DIR"

# web_test LIMIT NAME [VAR=VALUE...]: web/test/NAME.mjs with the variables
# set, stopped after LIMIT seconds; its wall time printed after it.
web_test() {
  local limit=$1 name=$2 start=$SECONDS
  shift 2
  (cd web && env "$@" timeout "$limit" node "test/$name.mjs")
  echo "   $name.mjs took $(( SECONDS - start )) s" >&2
}

if [[ -n "${SATRAP_URL:-}" ]]; then
  echo "== web: browser test against $SATRAP_URL" >&2
  web_test 1200 browser
  echo "== web: lobby test against $SATRAP_URL" >&2
  web_test 300 lobby
  exit 0
fi

if [[ -n "${SATRAP_BIN:-}" ]]; then
  BIN="$SATRAP_BIN"
else
  echo "== web: building satrap" >&2
  timeout 1800 cargo build --bin satrap
  BIN="$ROOT/target/debug/satrap"
fi

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
PIDS=()
GATEWAY_PID=""
cleanup() {
  # The gateway part (below) is a process group of its own: its test
  # runners, servers and browsers all stop with it.
  if [[ -n "$GATEWAY_PID" ]]; then
    kill -- -"$GATEWAY_PID" 2>/dev/null || true
    wait "$GATEWAY_PID" 2>/dev/null || true
  fi
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [[ -n "${DB_NAME:-}" ]]; then
    psql -q "$SATRAP_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)" >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT
# wait_page URL LOG: wait until URL serves the page, else show LOG and fail.
wait_page() {
  for _ in $(seq 150); do
    curl -sf -o /dev/null "$1" && return 0
    sleep 0.2
  done
  cat "$2" >&2
  echo "nothing served the page at $1" >&2
  exit 1
}

# Steps 2 and 3 run side by side: both mostly wait (on the servers, the
# bots' moves and Chromium), and each has its own servers, browser and
# screenshot directory. Step 3's output goes to a file, printed when it ends.
direct_part() {
  PORT="$(free_port)"
  LOG="$(mktemp -t satrap-web.XXXXXX)"
  "$BIN" --listen "127.0.0.1:$PORT" --database memory:// </dev/null >"$LOG" 2>&1 &
  PIDS+=($!)
  wait_page "http://127.0.0.1:$PORT/" "$LOG"

  echo "== web: browser test against satrap on 127.0.0.1:$PORT" >&2
  web_test 1200 browser SATRAP_URL="http://127.0.0.1:$PORT" DOCS_SCREENSHOTS="$ROOT/docs/screenshots"
  echo "== web: lobby test (open seat, join, a clock running out)" >&2
  web_test 300 lobby SATRAP_URL="http://127.0.0.1:$PORT"
  echo "== web: table test (chat in every channel, a takeback, a draw, a rated game's refusal)" >&2
  web_test 300 table SATRAP_URL="http://127.0.0.1:$PORT" SATRAP_BIN="$BIN"
  echo "== web: resume test" >&2
  web_test 300 resume SATRAP_BIN="$BIN"
  echo "== web: tournament test (the lobby's list, Join and Leave, a live table of 3)" >&2
  web_test 300 tournament SATRAP_BIN="$BIN"
  echo "== web: rated play test (the queue, a player key, the leaderboard)" >&2
  web_test 600 rated SATRAP_URL="http://127.0.0.1:$PORT" SATRAP_BIN="$BIN" DOCS_SCREENSHOTS="$ROOT/docs/screenshots"
  echo "== web: the page explains itself (a phone, end screens, rematch, my games, words)" >&2
  web_test 900 page SATRAP_URL="http://127.0.0.1:$PORT"
}

gateway_part() {
  echo "== web: two replicas on one PostgreSQL database behind deploy/nginx.conf" >&2
  DB_NAME="satrap_web_$$_$RANDOM"
  psql -q "$SATRAP_TEST_POSTGRES_URL" -c "CREATE DATABASE $DB_NAME" >/dev/null
  DB_URL="${SATRAP_TEST_POSTGRES_URL%%\?*}"
  DB_URL="${DB_URL%/*}/$DB_NAME"
  UPSTREAMS=""
  for replica in 1 2; do
    port="$(free_port)"
    log="$(mktemp -t "satrap-web-replica$replica.XXXXXX")"
    "$BIN" --listen "127.0.0.1:$port" --database "$DB_URL" </dev/null >"$log" 2>&1 &
    PIDS+=($!)
    wait_page "http://127.0.0.1:$port/" "$log"
    UPSTREAMS+="server 127.0.0.1:$port;\n        "
  done
  GW_DIR="$(mktemp -d -t satrap-web-nginx.XXXXXX)"
  GW_PORT="$(free_port)"
  WEB_PORT="$(free_port)"
  # The shipped file with loopback listen addresses and upstreams, and its
  # pid, log and temporary files in a directory of its own (as tests/gateway.rs).
  temps=""
  for t in client_body proxy fastcgi uwsgi scgi; do temps+="    ${t}_temp_path $GW_DIR/$t;\n"; done
  python3 - "$ROOT/deploy/nginx.conf" "$GW_DIR/nginx.conf" "$UPSTREAMS" "$GW_PORT" "$WEB_PORT" "$GW_DIR" "$temps" <<'PY'
import sys
src, dst, upstreams, gw, web, d, temps = sys.argv[1:]
upstreams = upstreams.replace("\\n", "\n")
temps = temps.replace("\\n", "\n")
conf = open(src).read()
swaps = [
    ("server satrap-1:50051;\n        server satrap-2:50051;\n        ", upstreams),
    ("listen 8080 http2;", f"listen 127.0.0.1:{gw} http2;"),
    ("listen 8081;", f"listen 127.0.0.1:{web};"),
    ("pid /tmp/nginx.pid;", f"pid {d}/nginx.pid;"),
    ("error_log /dev/stderr warn;", f"error_log {d}/error.log warn;"),
    ("worker_processes auto;", "worker_processes 1;"),
    ("    access_log off;\n", "    access_log off;\n" + temps),
]
for old, new in swaps:
    if old not in conf:
        sys.exit(f"deploy/nginx.conf no longer contains {old!r}: update .ci/web.sh")
    conf = conf.replace(old, new)
open(dst, "w").write(conf)
PY
  "$NGINX" -p "$GW_DIR" -c "$GW_DIR/nginx.conf" -g "daemon off;" </dev/null >"$GW_DIR/stdout.log" 2>&1 &
  PIDS+=($!)
  wait_page "http://127.0.0.1:$WEB_PORT/" "$GW_DIR/error.log"

  echo "== web: browser test through the gateway on 127.0.0.1:$WEB_PORT (King of Siam, Ming Dynasty)" >&2
  web_test 1200 browser SATRAP_URL="http://127.0.0.1:$WEB_PORT" SCREENSHOT_DIR="$SCREENSHOT_DIR/gateway" \
    GAMES=king_of_siam,ming_dynasty
  echo "== web: lobby test through the gateway" >&2
  web_test 300 lobby SATRAP_URL="http://127.0.0.1:$WEB_PORT"
  echo "== web: the queue through the gateway (casual play, streams on both replicas)" >&2
  web_test 300 rated SATRAP_URL="http://127.0.0.1:$WEB_PORT" SCREENSHOT_DIR="$SCREENSHOT_DIR/gateway" CASUAL_ONLY=1
}

NGINX="${SATRAP_TEST_NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}"
GATEWAY_LOG=""
if [[ -x "$NGINX" && -n "${SATRAP_TEST_POSTGRES_URL:-}" ]]; then
  GATEWAY_LOG="$(mktemp -t satrap-web-gateway.XXXXXX)"
  # In a process group of its own (job control on while it starts), with
  # its own servers, which its own trap stops and whose database it drops
  # (also when this script stops it: TERM makes it exit, running the trap).
  set -m
  (
    PIDS=()
    trap cleanup EXIT
    trap 'exit 143' TERM
    gateway_part
  ) >"$GATEWAY_LOG" 2>&1 &
  GATEWAY_PID=$!
  set +m
elif [[ "${SATRAP_REQUIRE_EXTERNAL:-}" == 1 ]]; then
  echo "the gateway step needs nginx and SATRAP_TEST_POSTGRES_URL (.ci/services.sh)" >&2
  exit 1
else
  echo "SKIPPED web through the gateway: needs nginx and SATRAP_TEST_POSTGRES_URL (.ci/services.sh)" >&2
fi

direct_part
if [[ -n "$GATEWAY_LOG" ]]; then
  rc=0
  wait "$GATEWAY_PID" || rc=$?
  GATEWAY_PID=""
  cat "$GATEWAY_LOG" >&2
  if (( rc != 0 )); then
    echo "!! web through the gateway failed (exit $rc)" >&2
    exit 1
  fi
fi
echo "== web: passed; screenshots in $SCREENSHOT_DIR" >&2
