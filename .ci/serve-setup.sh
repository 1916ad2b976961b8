# Sourced by the scripts that run a doc's walk-through against the real
# binary (.ci/grpcurl-setup.sh, .ci/curl.sh), after `set -euo pipefail` and
# BIN=the satrap binary: a scratch directory `$work` removed on exit, jq
# (apt-get when missing), satrap serving the memory store on a free
# loopback port, `$addr`, stopped on exit, and `doc_block`.

work="$(mktemp -d -t "satrap-${WORK_NAME:-walk}.XXXXXX")"
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

# doc_block FILE HEADING [FENCE]: the first fenced block (its opening line
# matching FENCE, default ```) under the heading HEADING (any level) of
# FILE, up to the next heading.
doc_block() {
  awk -v heading="$2" -v fence="${3:-^\`\`\`}" '
    $0 ~ "^#+ " && substr($0, index($0, " ") + 1) == heading { section = 1; next }
    section && !inside && /^#/ { exit }
    section && !inside && $0 ~ fence { inside = 1; next }
    inside && /^```/ { exit }
    inside { print }
  ' "$1"
}
