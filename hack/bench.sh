#!/usr/bin/env bash
# bench.sh measures rift on synthetic bundles in three formats: rift's own,
# a troubleshoot support bundle and a must-gather (docs/performance.md),
# and on the corpus-cloned troubleshoot bundle issue 22 was filed on.
#
# For each format and size it generates out/bench/FORMAT-N-seedS.tar.gz
# (`rift dev gen-bundle --format`, deterministic, seed $SEED) and runs,
# each under /usr/bin/time -v, wall time, CPU (user+system) and peak RSS:
#   gzip -dc            decompression alone
#   benchfloor          a plain decode of the same object files, one after
#                       another (hack/benchfloor, on the uncompressed tar)
#   rift inspect -o json read, decompress, decode, summarise
#   rift analyze -o json the full analysis
#   troubleshoot analyze the troubleshoot format only: troubleshoot's own
#                       analyzer (support-bundle v0.133.0, which
#                       hack/troubleshoot.sh builds into .cache the first
#                       time; TROUBLESHOOT=path uses another, =none skips
#                       it) with a spec of the checks rift makes
#                       (troubleshoot_spec in hack/bench-lib.sh)
#   html open           Chromium opening `rift analyze -o html`'s report
#                       (hack/htmlopen: median of 3 loads in a running
#                       browser, to the page's ready marker), when
#                       chromium is on PATH (make testenv installs it;
#                       HTML=0 skips it)
# and prints the floor (gzip -dc + benchfloor), analyze/floor,
# analyze/inspect, and at the end the growth from the smallest size to the
# largest. Then, per format and size, `rift dev phases` (per-phase wall,
# CPU and allocations) and `rift dev phases --live` (the heap left live
# after each phase) unless PHASES=0. For rift's own format it also serves
# the bundle (rift serve, docs/serve.md) and measures, with the kubectl
# hack/testenv.sh builds, the time to the first answer, `kubectl get pods
# -A` (wall, kubectl's user and system CPU, the server's CPU, each beside
# the load average) and the server's peak RSS, each beside rift inspect's
# (skip with SERVE=0); with APISERVER=1 also the same kubectl against a
# real kube-apiserver and etcd holding the same pods, interleaved with
# rift serve (hack/bench-apiserver.sh; minutes more). Then the per-phase
# Go benchmarks (skip with GOBENCH=0).
#
#   SIZES="10000" FORMATS="troubleshoot" bash hack/bench.sh
#   PROFILE=1 bash hack/bench.sh          # also out/bench/cpu-FORMAT-N.prof
#   TROUBLESHOOT=path/to/support-bundle bash hack/bench.sh
#   TROUBLESHOOT=none bash hack/bench.sh   # without troubleshoot's analyzer
#
# Every row is also appended to out/bench/results.tsv.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES:-"10000 100000"}
# troubleshoot-corpus is the bundle issue 22 was measured on: troubleshoot's
# layout, its objects cloned from the real files of ../shared/corpus by
# ../shared/bench/gen-troubleshoot-bundle.py (CORPUS_GEN), when that script
# and python3 are at hand.
CORPUS_GEN=${CORPUS_GEN:-../shared/bench/gen-troubleshoot-bundle.py}
if [[ -z ${FORMATS:-} ]]; then
	FORMATS="rift troubleshoot must-gather"
	if [[ -f $CORPUS_GEN ]] && command -v python3 >/dev/null; then FORMATS+=" troubleshoot-corpus"; fi
fi
SEED=${SEED:-1}
GOBENCH=${GOBENCH:-1}
PHASES=${PHASES:-1}
PROFILE=${PROFILE:-0}
RIFT=${RIFT:-./bin/rift}
FLOOR=${FLOOR:-./bin/benchfloor}
HTML=${HTML:-1}
HTMLOPEN=${HTMLOPEN:-./bin/htmlopen}
SERVE=${SERVE:-1}
KUBECTL=${KUBECTL:-.cache/k8s/bin/kubectl}
TROUBLESHOOT=${TROUBLESHOOT:-.cache/troubleshoot/support-bundle}
OUT=out/bench
mkdir -p "$OUT"

[[ -x $RIFT ]] || go build -o "$RIFT" ./cmd/rift
[[ -x $FLOOR ]] || go build -o "$FLOOR" ./hack/benchfloor
[[ -x $HTMLOPEN ]] || go build -o "$HTMLOPEN" ./hack/htmlopen
if [[ $TROUBLESHOOT == .cache/troubleshoot/support-bundle && " $FORMATS " == *" troubleshoot "* ]]; then
	bash hack/troubleshoot.sh >/dev/null || echo "bench.sh: building troubleshoot's analyzer failed" >&2
fi
if [[ ! -x /usr/bin/time ]]; then
	echo "bench.sh: /usr/bin/time is missing (apt-get install time)" >&2
	exit 2
fi

# timed CMD... runs CMD under /usr/bin/time -v, its stdout to $OUT/last.out,
# and sets WALL and CPU (seconds) and RSS (KiB). Exit status 1 is rift's
# "degraded".
timed() {
	local log=$OUT/last.time rc=0
	/usr/bin/time -v "$@" >"$OUT/last.out" 2>"$log" || rc=$?
	if ((rc > 1)); then
		echo "bench.sh: $* exited $rc:" >&2
		tail -5 "$log" >&2
		exit 1
	fi
	WALL=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$log")
	CPU=$(awk -F': ' '/User time/ {u = $2} /System time/ {s = $2} END {print u + s}' "$log")
	RSS=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
}

calc() { awk "BEGIN { print $1 }"; }

# generate FORMAT N FILE writes the bundle of N objects in FORMAT.
generate() {
	if [[ $1 != troubleshoot-corpus ]]; then
		"$RIFT" dev gen-bundle --format "$1" --objects "$2" --seed "$SEED" --out "$3"
		return
	fi
	local d
	d=$(mktemp -d "$OUT/corpus.XXXXXX")
	python3 "$CORPUS_GEN" --objects "$2" --seed "$SEED" --out "$d" >/dev/null
	mv "$d/bundle-$2.tar.gz" "$3"
	rm -rf "$d"
}

now() { date +%s.%N; }

# row FORMAT N STEP prints and records one measurement (WALL, CPU, RSS).
row() {
	printf '%-19s %-8s %-12s %9.2f %9.2f %9.1f\n' "$1" "$2" "$3" "$WALL" "$CPU" "$(calc "$RSS/1024")"
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$WALL" "$CPU" "$RSS" >>"$OUT/results.tsv"
}

source hack/bench-lib.sh
if ((${APISERVER:-0})); then source hack/bench-apiserver.sh; fi

echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD 2>/dev/null) $(go version) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
: >"$OUT/results.tsv"
printf '%-19s %-8s %-12s %9s %9s %9s\n' format objects step wall_s cpu_s rss_MiB
for f in $FORMATS; do
	for n in $SIZES; do
		b=$OUT/$f-$n-seed$SEED.tar.gz
		[[ -s $b ]] || generate "$f" "$n" "$b"
		[[ -s ${b%.gz} ]] || gzip -dc "$b" >"${b%.gz}"
		# Decompressed to /dev/null: the floor writes nothing.
		timed sh -c 'exec gzip -dc "$1" >/dev/null' gzip-dc "$b"
		gw=$WALL gc=$CPU
		row "$f" "$n" gzip-dc
		timed "$FLOOR" "${b%.gz}"
		dw=$WALL dc=$CPU
		row "$f" "$n" plain-decode
		timed "$RIFT" inspect -o json "$b"
		iw=$WALL ic=$CPU
		row "$f" "$n" inspect
		if ((SERVE)) && [[ $f == rift && -x $KUBECTL ]]; then
			serve_bench "$b" "$n" "$iw" "$ic" "$RSS"
		fi
		timed "$RIFT" analyze -o json "$b"
		aw=$WALL ac=$CPU
		row "$f" "$n" analyze
		if ((HTML)) && command -v chromium >/dev/null; then
			"$RIFT" analyze -o html "$b" >"$OUT/$f-$n.html" || (($? == 1))
			printf '%-19s %-8s   html report %s\n' "$f" "$n" "$("$HTMLOPEN" -runs 3 "$OUT/$f-$n.html" | cut -f2- | tr '\t' ' ')"
		fi
		if [[ $f == troubleshoot && -x $TROUBLESHOOT ]]; then
			troubleshoot_spec "$b" >"$OUT/troubleshoot-spec-$n.yaml"
			timed "$TROUBLESHOOT" analyze "$OUT/troubleshoot-spec-$n.yaml" --bundle "$b" --output json
			row "$f" "$n" ts-analyze
			printf '%-19s %-8s   troubleshoot analyze / rift analyze %.1f×\n' "$f" "$n" "$(calc "$WALL/$aw")"
		fi
		# Ratios by wall time, and by CPU time, which other work on the
		# machine inflates less.
		fl=$(calc "$gw + $dw") flc=$(calc "$gc + $dc")
		printf '%-19s %-8s   floor %.2f s (gzip -dc %.2f + decode %.2f); analyze/floor %.2f (CPU %.2f); analyze/inspect %.2f (CPU %.2f)\n' \
			"$f" "$n" "$fl" "$gw" "$dw" "$(calc "$aw/$fl")" "$(calc "$ac/$flc")" "$(calc "$aw/$iw")" "$(calc "$ac/$ic")"
		printf '%s\t%s\tfloor\t%s\t%s\t\n' "$f" "$n" "$fl" "$flc" >>"$OUT/results.tsv"
		if ((PHASES)); then phases "$f" "$n" "$b"; fi
	done
done
growth "$OUT/results.tsv"

if ((SERVE)) && [[ ! -x $KUBECTL ]]; then
	echo "bench.sh: $KUBECTL missing (make testenv); rift serve not measured" >&2
fi
if [[ $TROUBLESHOOT != none && ! -x $TROUBLESHOOT ]]; then
	echo "bench.sh: $TROUBLESHOOT missing; troubleshoot's analyzer not measured (docs/performance.md)" >&2
fi
if ((GOBENCH)); then
	for p in internal/benchgen analyzer/bundle analyzer/layers analyzer/timeline analyzer/hypothesis analyzer/report; do
		echo "## go test -bench ./$p/"
		go test -run XXX -bench . -benchmem "./$p/"
	done
fi
