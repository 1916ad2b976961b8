#!/usr/bin/env bash
# Generate the Python gRPC code for satrap from ../../proto into ./satrap_pb/.
#
# The generated modules import each other as `satrap.v1.xxx_pb2`, so
# satrap_pb/ is a source root: put it on sys.path (random_bot.py does) and
# import `from satrap.v1 import service_pb2, service_pb2_grpc`.
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${PYTHON:-python3}"
PROTO_DIR=../../proto
OUT=satrap_pb

rm -rf "$OUT"
mkdir -p "$OUT"
"$PYTHON" -m grpc_tools.protoc \
  -I "$PROTO_DIR" \
  --python_out="$OUT" \
  --grpc_python_out="$OUT" \
  --pyi_out="$OUT" \
  $(cd "$PROTO_DIR" && find satrap -name '*.proto' | sort)

# Make satrap/ and satrap/v1/ regular packages (explicit __init__.py files
# work with every tool, unlike implicit namespace packages).
find "$OUT" -type d -exec touch {}/__init__.py \;
echo "generated $(find "$OUT" -name '*_pb2*.py' | wc -l) modules into $(pwd)/$OUT"
