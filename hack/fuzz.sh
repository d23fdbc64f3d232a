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

# fuzz_once runs one target and keeps its output in $log.
fuzz_once() {
  "$GO" test "$1" -run '^$' -fuzz "^${2}\$" -fuzztime "$DURATION" -parallel 1 2>&1 | tee "$log"
  return "${PIPESTATUS[0]}"
}

# inputs counts the failing inputs go test has written for a target.
inputs() {
  local files
  shopt -s nullglob
  files=("$1/testdata/fuzz/$2"/*)
  shopt -u nullglob
  echo "${#files[@]}"
}

# coordinator_race reports whether a failed run is Go's fuzz-coordinator
# race (go.dev/issue/75804, fixed in Go 1.27, not in 1.26): the -fuzztime
# deadline itself reported as the failure, "context deadline exceeded" and
# nothing else, with no failing input written. A real failure always
# writes its input under testdata/fuzz/ or names a seed corpus entry.
coordinator_race() {
  [ "$(inputs "$1" "$2")" -eq "$3" ] &&
    grep -A1 -- "^--- FAIL: $2 " "$log" | tail -1 | grep -qx '    context deadline exceeded'
}

log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=0
for target in "${TARGETS[@]}"; do
  read -r pkg name <<<"$target"
  echo "fuzz: $pkg $name for $DURATION"
  before=$(inputs "$pkg" "$name")
  if fuzz_once "$pkg" "$name"; then
    continue
  fi
  if coordinator_race "$pkg" "$name" "$before"; then
    echo "fuzz: $pkg $name: the fuzztime deadline was reported as a failure (go.dev/issue/75804); running it again" >&2
    fuzz_once "$pkg" "$name" && continue
  fi
  echo "fuzz: $pkg $name FAILED" >&2
  failed=1
done
exit "$failed"
