# shellcheck shell=bash
# Sourced by the CI scripts that build a package while other CI steps may
# be building in the same checkout.
#
# copy_sources ROOT DEST PATH...: the PATHs of the checkout at ROOT copied
# under DEST (same relative layout), without what builds write beside the
# sources (node_modules, dist, build, *.egg-info, __pycache__, generated
# src/gen): a step in another lane may be rewriting those meanwhile, and a
# copy taken half-way would break, or smuggle stale files into a package.
copy_sources() {
  local root=$1 dest=$2; shift 2
  mkdir -p "$dest"
  tar -C "$root" --exclude=node_modules --exclude=dist --exclude=build \
    --exclude='*.egg-info' --exclude=__pycache__ --exclude=src/gen -cf - "$@" |
    tar -C "$dest" -xf -
}
