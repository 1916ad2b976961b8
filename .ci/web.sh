#!/usr/bin/env bash
# The web client in CI:
#  1. rebuild web/dist from web/src with `npm ci && npm run build` (the
#     generated protobuf-es client comes from proto/ in the same build) and
#     fail if it differs from the committed web/dist, which satrap embeds;
#  2. run the browser tests in Debian's Chromium through playwright-core:
#     every game played to the end through the page by a seat while a second
#     browser context watches (web/test/browser.mjs), and a server restart
#     that both pages must survive (web/test/resume.mjs).
# Screenshots land in target/web-screenshots/ (kept by CI).
#
# SATRAP_URL: test the page at this address (e.g. a gateway) instead of
# starting satrap here; the resume test, which restarts its own server,
# runs only without it. Needs node >= 20 with npm, and root for apt-get
# when Chromium is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
export CARGO_TERM_COLOR=never

echo "== web: npm ci && npm run build" >&2
(cd web && timeout 600 npm ci --no-audit --no-fund && timeout 600 npm run build)
if ! git diff --exit-code --stat -- web/dist || [[ -n "$(git status --porcelain -- web/dist)" ]]; then
  git status --short -- web/dist >&2
  echo "web/dist differs from a fresh build of web/: run 'cd web && npm ci && npm run build' and commit web/dist" >&2
  exit 1
fi

if [[ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]]; then
  echo "== web: installing Debian's chromium" >&2
  timeout 900 apt-get update -qq
  DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

export SCREENSHOT_DIR="$ROOT/target/web-screenshots"
mkdir -p "$SCREENSHOT_DIR"

if [[ -n "${SATRAP_URL:-}" ]]; then
  echo "== web: browser test against $SATRAP_URL" >&2
  (cd web && timeout 1200 node test/browser.mjs)
  exit 0
fi

echo "== web: building satrap" >&2
timeout 1800 cargo build --bin satrap
BIN="$ROOT/target/debug/satrap"
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
LOG="$(mktemp -t satrap-web.XXXXXX)"
"$BIN" --listen "127.0.0.1:$PORT" --database memory:// </dev/null >"$LOG" 2>&1 &
PID=$!
trap 'kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  curl -sf -o /dev/null "http://127.0.0.1:$PORT/" && break
  sleep 0.2
done
curl -sf -o /dev/null "http://127.0.0.1:$PORT/" || { cat "$LOG" >&2; echo "satrap did not serve the page" >&2; exit 1; }

echo "== web: browser test against satrap on 127.0.0.1:$PORT" >&2
(cd web && SATRAP_URL="http://127.0.0.1:$PORT" timeout 1200 node test/browser.mjs)
echo "== web: resume test" >&2
(cd web && SATRAP_BIN="$BIN" timeout 300 node test/resume.mjs)
echo "== web: passed; screenshots in $SCREENSHOT_DIR" >&2
