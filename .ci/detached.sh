# shellcheck shell=bash
# Sourced by the scripts that install Debian packages or start daemons.
#
# detached LOG COMMAND...: runs COMMAND with no inherited descriptors
# beyond 0-2, and those pointing at /dev/null (stdin) and LOG (appended).
# A daemon that a package's install script starts would otherwise inherit
# the stdout pipe of a `$(...)`, or any pipe of the CI runner, and hold it
# open forever, so that whoever reads that pipe never sees its end.
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
