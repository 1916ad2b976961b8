#!/usr/bin/env bash
# Serve the built page (web/dist) with `vite preview` in front of a satrap of
# your choice, so the page can be tested before satrap is rebuilt with it:
#
#   SATRAP_BIN=/path/to/satrap bash web/scripts/dev-server.sh
#
# starts satrap (memory database) and Vite on free loopback ports, prints
# SATRAP_URL=http://127.0.0.1:<vite port> (use it for the browser tests:
# `SATRAP_URL=... bash .ci/web.sh` or `node test/browser.mjs`), and stops
# both on Ctrl-C or when killed. Vite forwards the API (gRPC-Web POSTs and
# the rules files) to satrap: see vite.config.ts, SATRAP_PROXY.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${SATRAP_BIN:?set SATRAP_BIN to a satrap binary}"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
API_PORT="$(free_port)"; WEB_PORT="$(free_port)"
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT INT TERM
"$BIN" --listen "127.0.0.1:$API_PORT" --database memory:// </dev/null >"${TMPDIR:-/tmp}/satrap-dev.log" 2>&1 &
PIDS+=($!)
SATRAP_PROXY="http://127.0.0.1:$API_PORT" node node_modules/vite/bin/vite.js preview --port "$WEB_PORT" --strictPort </dev/null >"${TMPDIR:-/tmp}/vite-dev.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 100); do
  curl -sf -o /dev/null "http://127.0.0.1:$WEB_PORT/" && curl -sf -o /dev/null "http://127.0.0.1:$API_PORT/" && break
  sleep 0.2
done
echo "SATRAP_URL=http://127.0.0.1:$WEB_PORT"
wait
