#!/usr/bin/env bash
# The client packages as a user gets them: `python -m build` makes the
# Python wheel and `npm pack` the npm tarball (their versions must be the
# server's, Cargo.toml's); each is installed in a clean environment outside
# the source tree (a new venv, an empty npm project) and runs its example
# lobby bot (clients/python/examples/lobby_bot.py, the TypeScript one in
# the tarball's dist/examples/lobby_bot.js) against a keyed server served
# over TLS, with a clock, to the end of the game.
#
# TLS is terminated by nginx in front of satrap, as in deploy/ (satrap
# itself serves plaintext): a CA and a certificate for 127.0.0.1 are made
# here with openssl, and the bots check the server against that CA.
#
#   SATRAP_BIN=target/release/satrap bash clients/package_ci.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
# shellcheck source=.ci/sources.sh
source .ci/sources.sh
BIN="${SATRAP_BIN:-target/release/satrap}"
[[ -x $BIN ]] || { echo "no satrap binary at $BIN (set SATRAP_BIN)" >&2; exit 1; }
BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"

TMP="$(mktemp -d -t satrap-packages.XXXXXX)"
SERVER=""
NGINX=""
cleanup() {
  local rc=$?
  for pid in $NGINX $SERVER; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  if [[ $rc -ne 0 ]]; then
    for log in "$TMP/server.log" "$TMP/nginx-error.log"; do
      [[ -f $log ]] && { echo "--- $log (tail)" >&2; tail -n 30 "$log" >&2; }
    done
  fi
  rm -rf "$TMP"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
wait_port() {  # port, what: at most 10 s
  for _ in $(seq 100); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $1), 1)" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "$2 did not listen on 127.0.0.1:$1 within 10 s" >&2
  return 1
}

echo "== versions follow the server's" >&2
want="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)"
py="$(sed -n 's/^version = "\(.*\)"/\1/p' clients/python/pyproject.toml)"
pyinit="$(sed -n 's/^__version__ = "\(.*\)"/\1/p' clients/python/src/satrap/__init__.py)"
ts="$(python3 -c 'import json; print(json.load(open("clients/typescript/package.json"))["version"])')"
for got in "$py" "$pyinit" "$ts"; do
  [[ $got == "$want" ]] || { echo "a client's version is $got, the server's $want" >&2; exit 1; }
done
echo "   $want" >&2

if ! command -v nginx >/dev/null 2>&1 && [[ ! -x /usr/sbin/nginx ]]; then
  echo "== apt-get install nginx-light" >&2
  export DEBIAN_FRONTEND=noninteractive
  { apt-get install -y -q nginx-light </dev/null || { apt-get update -q </dev/null &&
      apt-get install -y -q nginx-light </dev/null; }; } >"$TMP/apt.log" 2>&1 ||
    { tail -n 30 "$TMP/apt.log" >&2; exit 1; }
fi
NGINX_BIN="$(command -v nginx || echo /usr/sbin/nginx)"

echo "== a CA and a certificate for 127.0.0.1" >&2
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=satrap test CA" \
  -keyout "$TMP/ca.key" -out "$TMP/ca.pem" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" \
  -keyout "$TMP/server.key" -out "$TMP/server.csr" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >"$TMP/san.ext"
openssl x509 -req -in "$TMP/server.csr" -CA "$TMP/ca.pem" -CAkey "$TMP/ca.key" \
  -CAcreateserial -days 2 -extfile "$TMP/san.ext" -out "$TMP/server.pem" 2>/dev/null

echo "== satrap with an API key, behind nginx with TLS" >&2
made="$("$BIN" api-key backend creator)"
KEY="$(sed -n 2p <<<"$made")"
sed -n 4p <<<"$made" >"$TMP/keys"
PORT="$(free_port)"
"$BIN" serve --listen "127.0.0.1:$PORT" --database memory:// --web false \
  --api-keys-file "$TMP/keys" </dev/null >"$TMP/server.log" 2>&1 &
SERVER=$!
wait_port "$PORT" satrap
TLS_PORT="$(free_port)"
mkdir -p "$TMP/nginx"
cat >"$TMP/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $TMP/nginx/nginx.pid;
error_log $TMP/nginx-error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path $TMP/nginx/body;
  proxy_temp_path $TMP/nginx/proxy;
  fastcgi_temp_path $TMP/nginx/fastcgi;
  uwsgi_temp_path $TMP/nginx/uwsgi;
  scgi_temp_path $TMP/nginx/scgi;
  server {
    listen 127.0.0.1:$TLS_PORT ssl http2;
    ssl_certificate $TMP/server.pem;
    ssl_certificate_key $TMP/server.key;
    location / {
      grpc_pass grpc://127.0.0.1:$PORT;
      grpc_read_timeout 1d;
      grpc_send_timeout 1d;
    }
  }
}
EOF
"$NGINX_BIN" -c "$TMP/nginx.conf" -p "$TMP/nginx" </dev/null >"$TMP/nginx.log" 2>&1 &
NGINX=$!
wait_port "$TLS_PORT" nginx
export SATRAP_ADDRESS="https://127.0.0.1:$TLS_PORT" SATRAP_API_KEY="$KEY" SATRAP_CA_FILE="$TMP/ca.pem"
echo "   $SATRAP_ADDRESS (CA $SATRAP_CA_FILE)" >&2

echo "== python -m build: the wheel" >&2
python3 -m venv "$TMP/build-venv"
"$TMP/build-venv/bin/pip" install -q --disable-pip-version-check build
# From a copy: the build writes build/ and *.egg-info beside the sources.
copy_sources "$ROOT" "$TMP/src" clients/python
"$TMP/build-venv/bin/python" -m build --wheel --outdir "$TMP/dist" "$TMP/src/clients/python" >"$TMP/build.log" 2>&1 ||
  { tail -n 30 "$TMP/build.log" >&2; exit 1; }
WHEEL="$(ls "$TMP/dist"/satrap-"$want"-py3-none-any.whl)"
echo "   $(basename "$WHEEL")" >&2

echo "== the wheel in a new venv; its lobby bot over TLS with the key" >&2
python3 -m venv "$TMP/py"
"$TMP/py/bin/pip" install -q --disable-pip-version-check "$WHEEL"
mkdir -p "$TMP/run-python"
cp clients/python/examples/lobby_bot.py "$TMP/run-python/"
cd "$TMP/run-python"
"$TMP/py/bin/python" - <<'PY'
import os, satrap
assert "site-packages" in satrap.__file__, satrap.__file__
with satrap.Client(os.environ["SATRAP_ADDRESS"], ca_file=os.environ["SATRAP_CA_FILE"]) as c:
    try:
        c.create_game("king_of_siam", ["a", "b"])
        raise SystemExit("CreateGame without a key was accepted")
    except satrap.errors.Unauthenticated as e:
        print(f"   without the key: {e}")
PY
# Without a CA file the client checks the server against the system's
# roots: SSL_CERT_FILE makes the test CA the system's for this one call.
SSL_CERT_FILE="$SATRAP_CA_FILE" "$TMP/py/bin/python" -c '
import os, satrap
with satrap.Client(os.environ["SATRAP_ADDRESS"]) as c:
    print("   system roots:", len(c.list_game_types().game_types), "game types")'
if "$TMP/py/bin/python" -c '
import os, satrap
with satrap.Client(os.environ["SATRAP_ADDRESS"], timeout=5) as c:
    c.list_game_types()' >/dev/null 2>&1; then
  echo "!! the Python client trusted a certificate of no known CA" >&2; exit 1
fi
timeout 180 "$TMP/py/bin/python" lobby_bot.py | tee "$TMP/python-bot.log"
grep -q '^version [0-9]*: .*win\|^version [0-9]*: .*draw' "$TMP/python-bot.log" ||
  { echo "!! the Python lobby bot did not finish its game" >&2; exit 1; }
cd "$ROOT"

echo "== npm pack: the tarball" >&2
# From a copy of the sources (and of proto/, which the build generates
# from): `npm ci` and the build would rewrite clients/typescript's
# node_modules and dist, which other CI steps may be using meanwhile.
copy_sources "$ROOT" "$TMP/src" clients/typescript proto
(cd "$TMP/src/clients/typescript" && npm ci --no-audit --no-fund --loglevel=error >"$TMP/npm-ci.log" 2>&1 &&
  npm pack --pack-destination "$TMP/dist" --loglevel=error >"$TMP/npm-pack.log" 2>&1) ||
  { tail -n 30 "$TMP/npm-ci.log" "$TMP/npm-pack.log" >&2; exit 1; }
TARBALL="$(ls "$TMP/dist"/satrap-client-"$want".tgz)"
echo "   $(basename "$TARBALL")" >&2

echo "== the tarball in an empty npm project; its lobby bot over TLS with the key" >&2
mkdir -p "$TMP/run-node"
cd "$TMP/run-node"
printf '{"name": "satrap-package-check", "private": true, "type": "module"}\n' >package.json
npm install --no-audit --no-fund --loglevel=error "$TARBALL" >"$TMP/npm-install.log" 2>&1 ||
  { tail -n 30 "$TMP/npm-install.log" >&2; exit 1; }
# Without a CA file: Node's default roots (NODE_EXTRA_CA_CERTS adds the
# test CA for this one call); without it the certificate is refused.
cat >roots.mjs <<'JS'
import { connect } from "@satrap/client/node";
const types = await connect(process.env.SATRAP_ADDRESS, { timeoutMs: 5000 }).gameTypes();
console.log(`   default roots: ${types.length} game types`);
process.exit(0);
JS
NODE_EXTRA_CA_CERTS="$SATRAP_CA_FILE" node roots.mjs
if node roots.mjs >/dev/null 2>&1; then
  echo "!! the TypeScript client trusted a certificate of no known CA" >&2; exit 1
fi
timeout 180 node node_modules/@satrap/client/dist/examples/lobby_bot.js | tee "$TMP/node-bot.log"
grep -q '^version [0-9]*: .*win\|^version [0-9]*: .*draw' "$TMP/node-bot.log" ||
  { echo "!! the TypeScript lobby bot did not finish its game" >&2; exit 1; }
cd "$ROOT"
echo "== the wheel and the tarball passed" >&2
