#!/usr/bin/env bash
# The Go bot (examples/go/bot) built and run against a real server: Go and
# its libraries from Debian's packages (golang-go, golang-google-grpc-dev,
# golang-google-protobuf-dev, protoc-gen-go-grpc), protoc-gen-go built from
# Debian's source of google.golang.org/protobuf, the code generated with
# buf (npm's @bufbuild/buf) from proto/, all in GOPATH mode with no module
# download (GO111MODULE=off, GOPROXY=off). The bot creates a lobby game with
# a clock on a keyed server, takes its open seat with JoinGame and plays to
# the end.
#
#   SATRAP_BIN=target/release/satrap bash examples/go/run_ci.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
BIN="${SATRAP_BIN:-target/release/satrap}"
[[ -x $BIN ]] || { echo "no satrap binary at $BIN (set SATRAP_BIN)" >&2; exit 1; }
BUF_VERSION="1.74.0"   # the version clients/typescript pins
DEBIAN_GO="golang-go golang-google-grpc-dev golang-google-protobuf-dev protoc-gen-go-grpc"
GOCODE=/usr/share/gocode

TMP="$(mktemp -d -t satrap-go.XXXXXX)"
SERVER=""
cleanup() {
  local rc=$?
  if [[ -n $SERVER ]]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  if [[ $rc -ne 0 && -f $TMP/server.log ]]; then tail -n 30 "$TMP/server.log" >&2; fi
  rm -rf "$TMP"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if ! command -v go >/dev/null || ! command -v protoc-gen-go-grpc >/dev/null ||
   [[ ! -d $GOCODE/src/google.golang.org/grpc || ! -d $GOCODE/src/google.golang.org/protobuf ]]; then
  echo "== apt-get install $DEBIAN_GO" >&2
  export DEBIAN_FRONTEND=noninteractive
  # shellcheck disable=SC2086
  { apt-get install -y -q $DEBIAN_GO </dev/null || { apt-get update -q </dev/null &&
      apt-get install -y -q $DEBIAN_GO </dev/null; }; } >"$TMP/apt.log" 2>&1 ||
    { tail -n 30 "$TMP/apt.log" >&2; exit 1; }
fi
export GO111MODULE=off GOPROXY=off GOFLAGS= GOCACHE="$TMP/gocache"
echo "   $(go version)" >&2

echo "== protoc-gen-go from Debian's google.golang.org/protobuf" >&2
mkdir -p "$TMP/bin"
GOPATH="$GOCODE" go build -o "$TMP/bin/protoc-gen-go" google.golang.org/protobuf/cmd/protoc-gen-go
ln -s "$(command -v protoc-gen-go-grpc)" "$TMP/bin/protoc-gen-go-grpc"

echo "== buf $BUF_VERSION (npm) generates the Go code from proto/" >&2
npm install --prefix "$TMP/buf" --no-audit --no-fund --loglevel=error "@bufbuild/buf@$BUF_VERSION" >"$TMP/npm.log" 2>&1 ||
  { tail -n 30 "$TMP/npm.log" >&2; exit 1; }
mkdir -p "$TMP/gopath/src/satrap.example"
(cd examples/go && PATH="$TMP/bin:$PATH" "$TMP/buf/node_modules/.bin/buf" generate "$ROOT/proto" \
  --template buf.gen.yaml -o "$TMP/out")
cp -r "$TMP/out/gen/satrap.example/gen" "$TMP/gopath/src/satrap.example/"
cp -r examples/go/bot "$TMP/gopath/src/satrap.example/"

echo "== go vet and go build (GOPATH mode, Debian's grpc-go and protobuf)" >&2
export GOPATH="$TMP/gopath:$GOCODE"
(cd "$TMP/gopath/src/satrap.example/bot" && go vet . && go build -o "$TMP/bin/go-bot" .)

echo "== the Go bot plays a lobby game with a clock on a keyed server" >&2
made="$("$BIN" api-key go-bot creator)"
KEY="$(sed -n 2p <<<"$made")"
sed -n 4p <<<"$made" >"$TMP/keys"
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$BIN" serve --listen "127.0.0.1:$PORT" --database memory:// --web false --api-keys-file "$TMP/keys" \
  </dev/null >"$TMP/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do
  python3 -c "import socket; socket.create_connection(('127.0.0.1', $PORT), 1)" 2>/dev/null && break
  sleep 0.1
done
for players in 2 3; do
  timeout 180 "$TMP/bin/go-bot" -server "127.0.0.1:$PORT" -api-key "$KEY" -game ming_dynasty \
    -players "$players" -opponent mcts-easy -seed "$players" | tee "$TMP/bot.log"
  grep -q '^seat 0 (go-bot): game over at version [0-9]*: ' "$TMP/bot.log" ||
    { echo "!! the Go bot did not finish its game" >&2; exit 1; }
done
if "$TMP/bin/go-bot" -server "127.0.0.1:$PORT" -api-key "" >"$TMP/nokey.log" 2>&1; then
  echo "!! the Go bot created a game without an API key" >&2; exit 1
fi
grep -q 'Unauthenticated' "$TMP/nokey.log" || { cat "$TMP/nokey.log" >&2; exit 1; }
echo "== the Go bot passed" >&2
