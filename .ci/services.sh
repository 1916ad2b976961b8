#!/usr/bin/env bash
# Install and start what the external tests need, from Debian's packages:
# a PostgreSQL server (with a role that may create databases) and nginx.
# Prints the environment to export, e.g.
#   eval "$(bash .ci/services.sh)"
# Idempotent: safe to run on a machine that already has them.
#
# Every command that may start a daemon (apt-get's install scripts,
# pg_ctlcluster) runs with fd 3 closed: a daemon that inherited the
# stdout pipe of `$(...)` would hold it open forever, and the caller's
# command substitution would never return.
set -euo pipefail
exec 3>&1 1>&2   # progress to stderr; only the exports go to stdout

SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi

need=()
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]] || need+=(nginx-light)
if (( ${#need[@]} )); then
  echo "== apt-get install ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # The packages' install scripts start their daemons: send everything to
  # a log file, so that no daemon keeps the caller's pipes open.
  apt_log="$(mktemp -t satrap-apt.XXXXXX)"
  if ! { $SUDO apt-get install -y -q "${need[@]}" || {
         $SUDO apt-get update -q && $SUDO apt-get install -y -q "${need[@]}"; }; } \
       </dev/null >"$apt_log" 2>&1 3>&-; then
    tail -n 40 "$apt_log"
    echo "apt-get install ${need[*]} failed (log: $apt_log)"
    exit 1
  fi
fi
# Debian's package starts nginx on port 80 where it can; the tests run
# their own nginx, so stop the packaged one.
$SUDO service nginx stop >/dev/null 2>&1 3>&- || true

echo "== start PostgreSQL"
read -r version cluster _ < <(pg_lsclusters --no-header | head -n 1)
if [[ -z "${version:-}" ]]; then
  version="$(ls /usr/lib/postgresql | sort -n | tail -n 1)"
  cluster=main
  $SUDO pg_createcluster "$version" "$cluster" >/dev/null 3>&-
fi
$SUDO pg_ctlcluster "$version" "$cluster" start >/dev/null 2>&1 3>&- || true
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
if ! psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = 'satrap'" | grep -q 1; then
  psql_admin -c "CREATE DATABASE satrap OWNER satrap"
fi

nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
echo "export SATRAP_TEST_POSTGRES_URL=postgres://satrap:satrap@127.0.0.1:$port/satrap" >&3
echo "export SATRAP_TEST_NGINX=$nginx_bin" >&3
echo "export SATRAP_REQUIRE_EXTERNAL=1" >&3
