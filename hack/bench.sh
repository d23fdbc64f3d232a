#!/usr/bin/env bash
# bench.sh measures rift on synthetic bundles (issue 11; docs/performance.md).
#
# For each size it generates out/bench/bench-N-seedS.tar.gz (deterministic, seed
# $SEED), then runs, each under /usr/bin/time -v:
#   rift inspect -o json   the floor: read, decompress, decode
#   rift analyze -o json   the full analysis
#   rift dev phases        per-phase wall, CPU and allocations
#   rift dev phases --live the heap left live after each phase
# and prints wall time, peak RSS and the analysis/floor ratio. It then
# serves the bundle (rift serve, docs/serve.md) and measures, with the
# kubectl hack/testenv.sh builds, the time from start to the first answer,
# `kubectl get pods -A` (best of three) and the server's peak RSS, beside
# inspect's (skip with SERVE=0). Then it runs
# the per-phase Go benchmarks (skip them with GOBENCH=0); internal/benchgen
# holds BenchmarkLoad, the floor.
#
#   SIZES="1000 10000" bash hack/bench.sh      # sizes, default 1000 10000 100000
#   PROFILE=1 bash hack/bench.sh                # also write out/bench/cpu-N.prof
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES:-"1000 10000 100000"}
SEED=${SEED:-1}
GOBENCH=${GOBENCH:-1}
PROFILE=${PROFILE:-0}
RIFT=${RIFT:-./bin/rift}
SERVE=${SERVE:-1}
KUBECTL=${KUBECTL:-.cache/k8s/bin/kubectl}
OUT=out/bench
mkdir -p "$OUT"

if [[ ! -x $RIFT ]]; then
	go build -o "$RIFT" ./cmd/rift
fi
if [[ ! -x /usr/bin/time ]]; then
	echo "bench.sh: /usr/bin/time is missing (apt-get install time)" >&2
	exit 2
fi

# timed CMD... runs CMD under /usr/bin/time -v, its stdout to $OUT/last.out,
# and sets WALL (seconds) and RSS (KiB). Exit status 1 is rift's "degraded".
timed() {
	local log=$OUT/last.time rc=0
	/usr/bin/time -v "$@" >"$OUT/last.out" 2>"$log" || rc=$?
	if ((rc > 1)); then
		echo "bench.sh: $* exited $rc:" >&2
		tail -5 "$log" >&2
		exit 1
	fi
	WALL=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$log")
	RSS=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
}

calc() { awk "BEGIN { print $1 }"; }

now() { date +%s.%N; }

# serve_bench BUNDLE N FLOOR_S FLOOR_KIB serves BUNDLE and prints the time
# to the first answer, kubectl get pods -A and the peak RSS, each beside
# rift inspect's (the floor).
serve_bench() {
	local b=$1 n=$2 fw=$3 fr=$4 kc=$OUT/serve-$n.kubeconfig start pid first best=999 s e t rss pods
	rm -f "$kc"
	start=$(now)
	"$RIFT" serve --kubeconfig "$kc" "$b" >"$OUT/serve.out" 2>"$OUT/serve.err" &
	pid=$!
	# The first answer is read with curl: a kubectl start would cost more
	# than a small bundle's load.
	until [[ -s $kc ]] && grep -q token: "$kc" &&
		curl -sf --cacert <(awk '/certificate-authority-data:/ {print $2}' "$kc" | base64 -d) \
			-H "Authorization: Bearer $(awk '/token:/ {print $2}' "$kc")" \
			"$(awk '/server:/ {print $2; exit}' "$kc")/version" >/dev/null 2>&1; do
		kill -0 "$pid" 2>/dev/null || { echo "bench.sh: rift serve exited:" >&2; cat "$OUT/serve.err" >&2; exit 1; }
		sleep 0.01
	done
	first=$(calc "$(now) - $start")
	for _ in 1 2 3; do
		s=$(now)
		pods=$(HOME=$OUT/home KUBECONFIG=$kc "$KUBECTL" get pods -A --no-headers | wc -l)
		e=$(now)
		t=$(calc "$e - $s")
		best=$(calc "($t < $best) ? $t : $best")
	done
	rss=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
	kill -TERM "$pid"
	wait "$pid"
	printf '%-8s %-9s %10.2f %10.1f %10.2f %10.1f %8.2f   first answer; rss ratio %.2f\n' "$n" serve "$first" "$(calc "$rss/1024")" \
		"$fw" "$(calc "$fr/1024")" "$(calc "$first/$fw")" "$(calc "$rss/$fr")"
	printf '%-8s %-9s %10.2f   kubectl get pods -A, %d pods (best of 3)\n' "$n" get-pods "$best" "$pods"
}

echo "# $(date -u +%FT%TZ) $(go version) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %-9s %10s %10s %10s %10s %8s\n' objects step wall_s rss_MiB floor_s floor_MiB ratio
for n in $SIZES; do
	b=$OUT/bench-$n-seed$SEED.tar.gz
	[[ -s $b ]] || "$RIFT" dev gen-bundle --objects "$n" --seed "$SEED" --out "$b"
	timed "$RIFT" inspect -o json "$b"
	fw=$WALL fr=$RSS
	printf '%-8s %-9s %10.2f %10.1f\n' "$n" inspect "$fw" "$(calc "$fr/1024")"
	if ((SERVE)) && [[ -x $KUBECTL ]]; then
		serve_bench "$b" "$n" "$fw" "$fr"
	elif ((SERVE)); then
		echo "bench.sh: $KUBECTL missing (make testenv); rift serve not measured" >&2
	fi
	timed "$RIFT" analyze -o json "$b"
	printf '%-8s %-9s %10.2f %10.1f %10.2f %10.1f %8.2f\n' "$n" analyze "$WALL" "$(calc "$RSS/1024")" \
		"$fw" "$(calc "$fr/1024")" "$(calc "$WALL/$fw")"
	prof=()
	((PROFILE)) && prof=(--cpuprofile "$OUT/cpu-$n.prof")
	timed "$RIFT" dev phases "${prof[@]}" "$b"
	cp "$OUT/last.out" "$OUT/phases-$n.json"
	awk -v n="$n" '/"name"/ {gsub(/[",]/, "", $2); name = $2}
		/wallSeconds/ {gsub(/,/, "", $2); w = $2}
		/cpuSeconds/ {gsub(/,/, "", $2); c = $2}
		/"allocs"/ {gsub(/,/, "", $2); a = $2}
		/allocBytes/ {b = $2}
		/heapInuseBytes/ {h = $2}
		/peakRSSBytes/ {r = $2}
		/}/ && name != "" {printf "%-8s   phase %-14s wall %7.3f s  cpu %7.3f s  allocs %9d  %7.1f MiB  in use %7.1f MiB  peak RSS %7.1f MiB\n", n, name, w, c, a, b / 1048576, h / 1048576, r / 1048576
			W[name] = w; C[name] = c; name = ""; r = 0}
		END {
			printf "%-8s   derived decode and sharing (load - read) wall %8.3f s  cpu %8.3f s\n", n, W["load"] - W["read"], C["load"] - C["read"]
			# The analysis as analyze runs it: the index is built by the
			# load, so its rebuilt phase and the bare read are left out.
			for (p in W) if (p != "read" && p != "index") total += W[p]
			rules = W["rules.input"] + W["rules.evaluate"] + W["rules.rank"]
			printf "%-8s   rules %8.3f s of %8.3f s of phases: %5.1f %%\n", n, rules, total, 100 * rules / total
		}' "$OUT/phases-$n.json"
	# Again with a collection after each phase: the heap each phase leaves
	# live, which a peak-memory target depends on (its times are not used).
	timed "$RIFT" dev phases --live "$b"
	cp "$OUT/last.out" "$OUT/live-$n.json"
	awk -v n="$n" '/"name"/ {gsub(/[",]/, "", $2); name = $2}
		/liveBytes/ {printf "%-8s   live after %-15s %8.1f MiB\n", n, name, $2 / 1048576}' "$OUT/live-$n.json"
done

if ((GOBENCH)); then
	for p in internal/benchgen analyzer/bundle analyzer/layers analyzer/timeline analyzer/hypothesis analyzer/report; do
		echo "## go test -bench ./$p/"
		go test -run XXX -bench . -benchmem "./$p/"
	done
fi
