#!/usr/bin/env bash
# The development loop's times, for docs/development.md: for each revision
# given (default: HEAD), in a fresh worktree with a target directory of its
# own, one after the other on the same machine:
#   1. a clean release build of the binary (`cargo build --release`),
#   2. a clean build of every test (`cargo test --no-run`),
#   3. the first run of one game's rules tests after that (the games
#      crate's tests where it is a crate of its own, `-p satrap-games`,
#      which builds its dependencies once more for that crate's feature
#      set; the library's King of Siam tests in the one-crate layout),
#   4. one rules file edited (King of Siam's scoring) until those tests
#      have run again: the loop of someone working on a rule.
# Prints one line per revision: rev release_s tests_s first_rules_s edit_to_tests_s.
#
#   scripts/loop-times.sh c296df9 HEAD
set -euo pipefail
cd "$(dirname "$0")/.."
revs=("$@")
[[ ${#revs[@]} -eq 0 ]] && revs=(HEAD)
printf '%-12s %10s %10s %14s %16s\n' rev release_s tests_s first_rules_s edit_to_tests_s
for rev in "${revs[@]}"; do
  dir="$(mktemp -d -t satrap-loop.XXXXXX)"
  git worktree add -q --detach "$dir" "$rev"
  (
    cd "$dir"
    export CARGO_TARGET_DIR="$dir/target"
    t=$SECONDS; cargo build --release --bin satrap -q 2>/dev/null; release=$((SECONDS - t))
    t=$SECONDS; cargo test --no-run -q 2>/dev/null; tests=$((SECONDS - t))
    if [[ -d crates/games ]]; then
      file=crates/games/src/king_of_siam/scoring.rs
      run=(cargo test -q -p satrap-games king_of_siam)
    else
      file=src/games/king_of_siam/scoring.rs
      run=(cargo test -q --lib king_of_siam)
    fi
    t=$SECONDS; "${run[@]}" >/dev/null 2>&1; first=$((SECONDS - t))
    echo "// an edit" >>"$file"
    t=$SECONDS; "${run[@]}" >/dev/null 2>&1; edit=$((SECONDS - t))
    printf '%-12s %10d %10d %14d %16d\n' "$(git rev-parse --short HEAD)" "$release" "$tests" "$first" "$edit"
  )
  git worktree remove --force "$dir"
done
