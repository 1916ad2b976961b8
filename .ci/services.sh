#!/usr/bin/env bash
# Install and start what the external tests need, from Debian's packages:
# a PostgreSQL server (with a role that may create databases) and nginx.
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

# Run a command with no inherited descriptors beyond 0-2, and those 0-2
# pointing at /dev/null or the given log file.
detached() {
  local log=$1; shift
  (
    for fd in /proc/self/fd/*; do
      fd=${fd##*/}
      if [[ $fd -gt 2 ]]; then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
    exec "$@" </dev/null >>"$log" 2>&1
  )
}

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
if ! psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = 'satrap'" | grep -q 1; then
  psql_admin -c "CREATE DATABASE satrap OWNER satrap"
fi

nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
echo "export SATRAP_TEST_POSTGRES_URL=postgres://satrap:satrap@127.0.0.1:$port/satrap" >&3
echo "export SATRAP_TEST_NGINX=$nginx_bin" >&3
echo "export SATRAP_REQUIRE_EXTERNAL=1" >&3
