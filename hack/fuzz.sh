#!/usr/bin/env bash
# Runs every fuzz target of the repository for DURATION each (default 5s),
# one at a time, with one worker: the test machines are small and shared.
#
#   hack/fuzz.sh 30s
#
# To add a target, append a line "<package dir> <FuzzName>" to TARGETS.
# A failing input is written under the package's testdata/fuzz/<FuzzName>/
# by go test; commit it once fixed, so it stays in the seed corpus.
set -euo pipefail

DURATION="${1:-5s}"
GO="${GO:-go}"
cd "$(dirname "$0")/.."

TARGETS=(
  "./analyzer/bundle FuzzDecodeDocuments"
  "./analyzer/bundle FuzzLoadArchive"
)

failed=0
for target in "${TARGETS[@]}"; do
  read -r pkg name <<<"$target"
  echo "fuzz: $pkg $name for $DURATION"
  if ! "$GO" test "$pkg" -run '^$' -fuzz "^${name}\$" -fuzztime "$DURATION" -parallel 1; then
    echo "fuzz: $pkg $name FAILED" >&2
    failed=1
  fi
done
exit "$failed"
