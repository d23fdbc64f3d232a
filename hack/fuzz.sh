#!/usr/bin/env bash
# Runs every fuzz target of the repository for DURATION each (default 5s),
# one at a time, with one worker: the test machines are small and shared.
#
#   hack/fuzz.sh 30s
#
# Targets are found, not listed: every "func FuzzX(f *testing.F)" in a
# _test.go file of this module runs, so a new fuzz test cannot be forgotten.
# A failing input is written under the package's testdata/fuzz/<FuzzName>/
# by go test; commit it once fixed, so it stays in the seed corpus.
set -euo pipefail

DURATION="${1:-5s}"
GO="${GO:-go}"
cd "$(dirname "$0")/.."

mapfile -t TARGETS < <(git ls-files -co --exclude-standard -- '*_test.go' ':!:hack/k8s/*' |
  xargs grep -H '^func Fuzz[A-Za-z0-9_]*(f \*testing.F)' |
  sed -E 's#^(.*)/[^/]*_test\.go:func (Fuzz[A-Za-z0-9_]*)\(.*#./\1 \2#' | sort -u)
[ "${#TARGETS[@]}" -gt 0 ] || { echo "fuzz: no fuzz targets found" >&2; exit 1; }

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
