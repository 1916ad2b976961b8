#!/usr/bin/env bash
# Regenerate the protobuf/gRPC modules of the `satrap` package from
# ../../proto into src/satrap/v1/ (committed, so installing the package
# needs no protoc). Uses grpcio-tools pinned in requirements-dev.txt; CI
# (run_ci.sh) regenerates into a scratch copy and fails on any difference.
#
#   PYTHON=python3 ./generate.sh [OUT_DIR]    (default: src)
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${PYTHON:-python3}"
PROTO_DIR=../../proto
OUT="${1:-src}"

rm -f "$OUT"/satrap/v1/*_pb2*.py "$OUT"/satrap/v1/*_pb2*.pyi
mkdir -p "$OUT/satrap/v1"
# The generated modules import each other as `satrap.v1.xxx_pb2`: exactly
# this package's layout.
"$PYTHON" -m grpc_tools.protoc \
  -I "$PROTO_DIR" \
  --python_out="$OUT" \
  --grpc_python_out="$OUT" \
  --pyi_out="$OUT" \
  $(cd "$PROTO_DIR" && find satrap -name '*.proto' | LC_ALL=C sort)
touch "$OUT/satrap/v1/__init__.py"
echo "generated $(find "$OUT/satrap/v1" -name '*_pb2*.py' | wc -l) modules into $OUT/satrap/v1"
