#!/usr/bin/env bash
# Every Debian package a later step of .ci/run needs, installed in one
# apt-get run before the steps start.
#
# .ci/run runs its client steps side by side; each of their scripts still
# installs what it lacks when run alone, but two of them doing it at once
# would contend for dpkg's lock, and downloading here overlaps with the
# compile that comes first. Which step needs which package:
#   .ci/serve-setup.sh (grpcurl, curl, lobby): jq
#   .ci/web.sh: chromium
#   .ci/deploy.sh: prometheus (promtool), python3-yaml
#   .ci/container.sh: podman, mmdebstrap, runc, iptables, uidmap, binutils
#   clients/engines/run_ci.sh, .ci/container.sh: python3-venv
#   examples/go/run_ci.sh: Debian's Go and grpc-go
# (.ci/services.sh installs PostgreSQL, nginx and openssl itself.)
#
# Output goes to stderr; apt-get runs `detached` (.ci/detached.sh), so no
# daemon a package's install script starts keeps the caller's pipes open.
set -euo pipefail
# shellcheck source=.ci/detached.sh
source "$(dirname "$0")/detached.sh"

packages=(
  jq
  chromium
  prometheus python3-yaml
  podman mmdebstrap runc iptables uidmap binutils
  python3-venv
  golang-go golang-google-grpc-dev golang-google-protobuf-dev protoc-gen-go-grpc
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep 'install ok installed' >/dev/null ||
    missing+=("$package")
done
if (( ${#missing[@]} == 0 )); then
  echo "== Debian packages: all ${#packages[@]} installed" >&2
  exit 0
fi

echo "== apt-get install ${missing[*]}" >&2
SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
log="$(mktemp -t satrap-packages.XXXXXX)"
if ! { detached "$log" $SUDO apt-get update -q &&
        detached "$log" $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"; }; then
  tail -n 40 "$log" >&2
  echo "apt-get install ${missing[*]} failed (log: $log)" >&2
  exit 1
fi
echo "   installed ${#missing[@]} packages" >&2
