#!/usr/bin/env bash
# Install and start what the external tests need, from Debian's packages:
# a PostgreSQL server (with a role that may create databases, and TLS with
# a certificate from a CA made here, for the sslmode tests) and nginx.
# Prints the environment to export, e.g.
#   eval "$(bash .ci/services.sh)"
# Idempotent: safe to run on a machine that already has them.
#
# Every command that may start a daemon (apt-get's install scripts,
# pg_ctlcluster) runs through `detached`: a daemon that inherited the
# stdout pipe of `$(...)`, or any pipe of the CI runner, would hold it open
# forever, and whoever reads that pipe would never see its end.
set -euo pipefail
exec 3>&1 1>&2   # progress to stderr; only the exports go to stdout

# shellcheck source=.ci/detached.sh
source "$(dirname "$0")/detached.sh"

SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi

need=()
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]] || need+=(nginx-light)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
if (( ${#need[@]} )); then
  echo "== apt-get install ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # The packages' install scripts start their daemons: send everything to
  # a log file, so that no daemon keeps the caller's pipes open.
  apt_log="$(mktemp -t satrap-apt.XXXXXX)"
  if ! detached "$apt_log" $SUDO apt-get install -y -q "${need[@]}" &&
     ! { detached "$apt_log" $SUDO apt-get update -q &&
         detached "$apt_log" $SUDO apt-get install -y -q "${need[@]}"; }; then
    tail -n 40 "$apt_log"
    echo "apt-get install ${need[*]} failed (log: $apt_log)"
    exit 1
  fi
fi
# Debian's package starts nginx on port 80 where it can; the tests run
# their own nginx, so stop the packaged one.
detached /dev/null $SUDO service nginx stop || true

echo "== start PostgreSQL"
read -r version cluster _ < <(pg_lsclusters --no-header | head -n 1)
if [[ -z "${version:-}" ]]; then
  version="$(ls /usr/lib/postgresql | sort -n | tail -n 1)"
  cluster=main
  detached /dev/null $SUDO pg_createcluster "$version" "$cluster"
fi
detached /dev/null $SUDO pg_ctlcluster "$version" "$cluster" start || true
port="$(pg_lsclusters --no-header | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $3}')"
for _ in $(seq 1 50); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 0.2
done
pg_isready -h 127.0.0.1 -p "$port"

psql_admin() {
  if [[ $(id -u) -eq 0 ]]; then
    su postgres -c "psql -v ON_ERROR_STOP=1 -q -p $port $(printf '%q ' "$@")"
  else
    sudo -u postgres psql -v ON_ERROR_STOP=1 -q -p "$port" "$@"
  fi
}
psql_admin -c "DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'satrap') THEN
    CREATE ROLE satrap LOGIN CREATEDB PASSWORD 'satrap';
  ELSE
    ALTER ROLE satrap LOGIN CREATEDB PASSWORD 'satrap';
  END IF;
END \$\$;"
if ! psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = 'satrap'" | grep 1 >/dev/null; then
  psql_admin -c "CREATE DATABASE satrap OWNER satrap"
fi

echo "== TLS for PostgreSQL"
# A CA of our own and a server certificate it signs for localhost and
# 127.0.0.1, kept across runs (reused while they verify and have a month
# left). The CA's key never leaves this directory; the tests get ca.pem.
tls_dir="${SATRAP_POSTGRES_TLS_DIR:-/var/tmp/satrap-postgres-tls}"
tls_valid() {
  [[ -s $tls_dir/ca.pem && -s $tls_dir/server.pem ]] &&
    $SUDO test -s "$tls_dir/server.key" &&
    openssl verify -CAfile "$tls_dir/ca.pem" "$tls_dir/server.pem" >/dev/null 2>&1 &&
    openssl x509 -checkend 2592000 -noout -in "$tls_dir/server.pem" >/dev/null &&
    openssl x509 -checkend 2592000 -noout -in "$tls_dir/ca.pem" >/dev/null
}
if ! tls_valid; then
  work="$(mktemp -d -t satrap-tls.XXXXXX)"
  cat >"$work/openssl.cnf" <<'CNF'
[req]
distinguished_name = dn
prompt = no
[dn]
CN = satrap test CA
[ca]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[server]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost,IP:127.0.0.1
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
CNF
  openssl ecparam -name prime256v1 -genkey -noout -out "$work/ca.key"
  openssl ecparam -name prime256v1 -genkey -noout -out "$work/server.key"
  openssl req -x509 -new -key "$work/ca.key" -config "$work/openssl.cnf" \
    -extensions ca -days 3650 -out "$work/ca.pem"
  openssl req -new -key "$work/server.key" -config "$work/openssl.cnf" \
    -subj /CN=localhost -out "$work/server.csr"
  openssl x509 -req -in "$work/server.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" \
    -set_serial "0x$(openssl rand -hex 16)" -days 825 \
    -extfile "$work/openssl.cnf" -extensions server -out "$work/server.pem" 2>/dev/null
  $SUDO mkdir -p "$tls_dir"
  $SUDO chmod 755 "$tls_dir"
  $SUDO install -m 644 "$work/ca.pem" "$work/server.pem" "$tls_dir/"
  # PostgreSQL refuses a key others may read; it must own it (or root with
  # group postgres and mode 0640).
  $SUDO install -m 600 -o postgres -g postgres "$work/server.key" "$tls_dir/"
  $SUDO install -m 600 "$work/ca.key" "$tls_dir/"
  rm -rf "$work"
fi
psql_admin -c "ALTER SYSTEM SET ssl = on" \
  -c "ALTER SYSTEM SET ssl_cert_file = '$tls_dir/server.pem'" \
  -c "ALTER SYSTEM SET ssl_key_file = '$tls_dir/server.key'"
# CI runs the Rust tests and the client checks side by side, each starting
# replicas with pools of their own: more than the default 100 connections.
# (A new connection limit takes a restart; the TLS settings a reload.)
if [[ $(psql_admin -tAc "SHOW max_connections") -lt 400 ]]; then
  psql_admin -c "ALTER SYSTEM SET max_connections = 400"
  detached /dev/null $SUDO pg_ctlcluster "$version" "$cluster" restart
else
  detached /dev/null $SUDO pg_ctlcluster "$version" "$cluster" reload
fi
# The reload is asynchronous: wait until a connection that verifies the
# certificate and the host name gets through encrypted.
tls_ok=""
for _ in $(seq 1 50); do
  if [[ $(PGPASSWORD=satrap PGCONNECT_TIMEOUT=5 psql -tAq \
      "host=localhost port=$port user=satrap dbname=satrap sslmode=verify-full sslrootcert=$tls_dir/ca.pem" \
      -c "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()" 2>/dev/null) == t ]]; then
    tls_ok=1
    break
  fi
  sleep 0.2
done
if [[ -z $tls_ok ]]; then
  echo "PostgreSQL does not accept TLS with $tls_dir/server.pem"
  exit 1
fi

nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
echo "export SATRAP_TEST_POSTGRES_URL=postgres://satrap:satrap@127.0.0.1:$port/satrap" >&3
echo "export SATRAP_TEST_POSTGRES_CA=$tls_dir/ca.pem" >&3
echo "export SATRAP_TEST_NGINX=$nginx_bin" >&3
echo "export SATRAP_REQUIRE_EXTERNAL=1" >&3
