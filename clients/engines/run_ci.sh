#!/usr/bin/env bash
# CI for clients/engines: clippy on the extension crate, a clean venv,
# `pip install ./clients/engines`
# (maturin builds the extension crate crates/engines-py from the
# workspace) plus the pinned test tools and the gRPC client
# (./clients/python, for the comparison), then pytest: the same
# trajectory locally and through the real server for every game and
# player count, OpenSpiel's random simulation test with serialisation,
# PettingZoo's api_test, and the engine's own API.
#
#   SATRAP_BIN=target/release/satrap bash clients/engines/run_ci.sh
#
# Without SATRAP_BIN it builds the release binary. PYTHON picks the
# interpreter (default python3); it needs the Rust toolchain on PATH.
set -euo pipefail
cd "$(dirname "$0")"
HERE="$(pwd)"
ROOT="$(cd ../.. && pwd)"
# shellcheck source=.ci/sources.sh
source "$ROOT/.ci/sources.sh"
PYTHON="${PYTHON:-python3}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

if ! "$PYTHON" -c 'import ensurepip, venv' 2>/dev/null; then
  echo "== apt-get install python3-venv"
  apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
fi

# The extension crate is not a default member of the workspace (it needs a
# Python interpreter), so the root's lints do not reach it. It is linted
# the way .ci/run lints the rest: clippy-driver (rustc with clippy's lints)
# as the workspace's rustc wrapper of a build in the test profile, so that
# after CI's test build only PyO3 and the crate itself are compiled, where
# `cargo clippy` would check every dependency once more. The same lints and
# `-D warnings` as `cargo clippy -p satrap-engines-py -- -D warnings`.
# `satrap-engine/conformance` is on as in the test build (the games' tests
# turn it on), so the engine and every crate above it are the test
# build's units, not new ones.
echo "== clippy on satrap-engines-py"
(cd "$ROOT" && PYO3_PYTHON="$(command -v "$PYTHON")" \
  RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver" CLIPPY_ARGS=-Dwarnings \
  cargo build --profile test -p satrap-engines-py --features extension-module,satrap-engine/conformance)

echo "== python venv, pip install ./clients/engines (maturin builds crates/engines-py)"
"$PYTHON" -m venv "$TMP/venv"
VPY="$TMP/venv/bin/python"
"$VPY" -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
START=$SECONDS
# The gRPC client from a copy: building it writes build/ and *.egg-info
# beside its sources, and clients/python/run_ci.sh may be building there.
copy_sources "$ROOT" "$TMP/src" clients/python
"$VPY" -m pip install --quiet --disable-pip-version-check "$HERE" "$TMP/src/clients/python"
echo "   the wheel built and installed in $(( SECONDS - START ))s"

if [[ -z "${SATRAP_BIN:-}" ]]; then
  echo "== cargo build --release"
  (cd "$ROOT" && cargo build --release --bin satrap)
  SATRAP_BIN="$ROOT/target/release/satrap"
fi
export SATRAP_BIN

echo "== pytest (starts $SATRAP_BIN)"
START=$SECONDS
# From the temporary directory, so `satrap_engines` is the installed wheel.
(cd "$TMP" && timeout 900 "$VPY" -m pytest -q -p no:cacheprovider "$HERE/tests")
echo "   pytest took $(( SECONDS - START ))s"
echo "== clients/engines passed"
