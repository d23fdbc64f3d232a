# bench-lib.sh holds hack/bench.sh's longer steps; bench.sh sources it.
# shellcheck shell=bash

# proc_cpu PID prints the CPU seconds (user + system) PID has used.
proc_cpu() {
	awk -v hz="$(getconf CLK_TCK)" '{ print ($14 + $15) / hz }' "/proc/$1/stat"
}

# load1 prints the load average over the last minute: the machine is
# shared, so every serve number is printed beside it.
load1() { cut -d' ' -f1 /proc/loadavg; }

# median X... prints the middle of the numbers (the mean of the two middle
# ones for an even count).
median() {
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# serve_start BUNDLE KUBECONFIG starts rift serve on BUNDLE and waits for
# its first answer, read with curl (/version): a kubectl start would cost
# more than a small bundle's load. It sets SERVE_PID, and FIRST to the
# seconds from start to that answer.
serve_start() {
	local b=$1 kc=$2 start
	rm -f "$kc"
	start=$(now)
	"$RIFT" serve --kubeconfig "$kc" "$b" >"$OUT/serve.out" 2>"$OUT/serve.err" &
	SERVE_PID=$!
	until [[ -s $kc ]] && grep -q token: "$kc" &&
		curl -sf --cacert <(awk '/certificate-authority-data:/ {print $2}' "$kc" | base64 -d) \
			-H "Authorization: Bearer $(awk '/token:/ {print $2}' "$kc")" \
			"$(awk '/server:/ {print $2; exit}' "$kc")/version" >/dev/null 2>&1; do
		kill -0 "$SERVE_PID" 2>/dev/null || { echo "bench.sh: rift serve exited:" >&2; cat "$OUT/serve.err" >&2; exit 1; }
		sleep 0.01
	done
	FIRST=$(calc "$(now) - $start")
}

# kubectl_timed KUBECONFIG ARGS... runs the pinned kubectl under
# /usr/bin/time and sets KW (wall), KU and KS (user and system CPU) and
# KLINES (lines it printed).
kubectl_timed() {
	local kc=$1
	shift
	KLINES=$(HOME=$OUT/home KUBECONFIG=$kc /usr/bin/time -f '%e %U %S' -o "$OUT/kubectl.time" \
		"$KUBECTL" "$@" | wc -l)
	read -r KW KU KS <"$OUT/kubectl.time"
}

# serve_bench BUNDLE N INSPECT_S INSPECT_CPU INSPECT_KIB serves BUNDLE and
# prints, each beside the load average:
#   - the time to the first answer (curl /version) and the server's CPU
#     then, beside rift inspect's wall and CPU (target: within 2x);
#   - kubectl get pods -A, three times (the pods count from the output):
#     each run's wall and kubectl's user and system CPU (/usr/bin/time),
#     and the server's CPU, then the median wall and CPU (target: wall
#     under a second at 20k pods);
#   - the server's peak RSS after them beside inspect's (target: 1.5x).
# With APISERVER=1 it then times the same kubectl against a real
# kube-apiserver holding the same pods (apiserver_bench).
serve_bench() {
	local b=$1 n=$2 iw=$3 ic=$4 ir=$5 kc pid fcpu fload rss
	local c0 l w kcpu scpu walls=() kcpus=() scpus=()
	kc=$OUT/serve-$n.kubeconfig
	fload=$(load1)
	serve_start "$b" "$kc"
	pid=$SERVE_PID
	fcpu=$(proc_cpu "$pid")
	printf '%-8s %-9s first answer %6.2f s, CPU %5.2f s (load %s); inspect %6.2f s, CPU %5.2f s; ratio wall %.2f, CPU %.2f (target 2)\n' \
		"$n" serve "$FIRST" "$fcpu" "$fload" "$iw" "$ic" "$(calc "$FIRST/$iw")" "$(calc "$fcpu/$ic")"
	printf 'rift\t%s\tserve-first\t%s\t%s\t\n' "$n" "$FIRST" "$fcpu" >>"$OUT/results.tsv"
	for run in 1 2 3; do
		c0=$(proc_cpu "$pid") l=$(load1)
		kubectl_timed "$kc" get pods -A --no-headers
		kcpu=$(calc "$KU + $KS") scpu=$(calc "$(proc_cpu "$pid") - $c0")
		walls+=("$KW") kcpus+=("$kcpu") scpus+=("$scpu")
		printf '%-8s %-9s kubectl get pods -A run %d: %d pods, wall %5.2f s, kubectl CPU %5.2f s (user %.2f, sys %.2f), server CPU %5.2f s (load %s)\n' \
			"$n" get-pods "$run" "$KLINES" "$KW" "$kcpu" "$KU" "$KS" "$scpu" "$l"
	done
	w=$(median "${walls[@]}") kcpu=$(median "${kcpus[@]}") scpu=$(median "${scpus[@]}")
	printf '%-8s %-9s kubectl get pods -A median: wall %5.2f s (target 1), kubectl CPU %5.2f s, server CPU %5.2f s (load %s)\n' \
		"$n" get-pods "$w" "$kcpu" "$scpu" "$(load1)"
	printf 'rift\t%s\tget-pods-A\t%s\t%s\t\n' "$n" "$w" "$kcpu" >>"$OUT/results.tsv"
	rss=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
	if ((${APISERVER:-0})); then
		# shellcheck disable=SC2064 # this server's pid, now
		trap "apiserver_stop; kill -TERM $pid" EXIT
		apiserver_bench "$b" "$n" "$kc" "$pid"
		trap - EXIT
	fi
	kill -TERM "$pid"
	wait "$pid"
	printf '%-8s %-9s peak RSS %6.1f MiB; inspect %6.1f MiB; ratio %.2f (target 1.5)\n' \
		"$n" serve "$(calc "$rss/1024")" "$(calc "$ir/1024")" "$(calc "$rss/$ir")"
}

# phases FORMAT N BUNDLE runs rift dev phases on BUNDLE and prints each
# phase's wall, CPU, allocations and memory, then again with --live for
# the heap each phase leaves live.
phases() {
	local f=$1 n=$2 b=$3 prof=()
	((PROFILE)) && prof=(--cpuprofile "$OUT/cpu-$f-$n.prof")
	timed "$RIFT" dev phases "${prof[@]}" "$b"
	cp "$OUT/last.out" "$OUT/phases-$f-$n.json"
	awk -v n="$f $n" '/"name"/ {gsub(/[",]/, "", $2); name = $2}
		/wallSeconds/ {gsub(/,/, "", $2); w = $2}
		/cpuSeconds/ {gsub(/,/, "", $2); c = $2}
		/"allocs"/ {gsub(/,/, "", $2); a = $2}
		/allocBytes/ {b = $2}
		/heapInuseBytes/ {h = $2}
		/peakRSSBytes/ {r = $2}
		/}/ && name != "" {printf "%-21s   phase %-14s wall %7.3f s  cpu %7.3f s  allocs %9d  %7.1f MiB  in use %7.1f MiB  peak RSS %7.1f MiB\n", n, name, w, c, a, b / 1048576, h / 1048576, r / 1048576
			W[name] = w; C[name] = c; name = ""; r = 0}
		END {
			printf "%-21s   derived decode and sharing (load - read) wall %8.3f s  cpu %8.3f s\n", n, W["load"] - W["read"], C["load"] - C["read"]
			# The analysis as analyze runs it: the index is built by the
			# load, so its rebuilt phase and the bare read are left out.
			for (p in W) if (p != "read" && p != "index") total += W[p]
			rules = W["rules.input"] + W["rules.evaluate"] + W["rules.rank"]
			printf "%-21s   rules %8.3f s of %8.3f s of phases: %5.1f %%\n", n, rules, total, 100 * rules / total
		}' "$OUT/phases-$f-$n.json"
	# Again with a collection after each phase: the heap each phase leaves
	# live, which a peak-memory target depends on (its times are not used).
	timed "$RIFT" dev phases --live "$b"
	cp "$OUT/last.out" "$OUT/live-$f-$n.json"
	awk -v n="$f $n" '/"name"/ {gsub(/[",]/, "", $2); name = $2}
		/liveBytes/ {printf "%-21s   live after %-15s %8.1f MiB\n", n, name, $2 / 1048576}' "$OUT/live-$f-$n.json"
}

# troubleshoot_spec BUNDLE prints a troubleshoot Analyzer spec that checks
# what rift's rules check of the same objects: every pod's status, every
# Deployment's ready replicas, and per namespace the BackOff, FailedMount
# and image-pull events.
troubleshoot_spec() {
	local ns
	cat <<'SPEC'
apiVersion: troubleshoot.sh/v1beta2
kind: Analyzer
metadata:
  name: rift-bench
spec:
  analyzers:
    - clusterPodStatuses:
        name: unhealthy
        outcomes:
          - fail:
              when: "== CrashLoopBackOff"
              message: Pod {{ .Namespace }}/{{ .Name }} is in a CrashLoopBackOff state.
          - fail:
              when: "== ImagePullBackOff"
              message: Pod {{ .Namespace }}/{{ .Name }} is in an ImagePullBackOff state.
          - fail:
              when: "== Pending"
              message: Pod {{ .Namespace }}/{{ .Name }} is in a Pending state.
          - warn:
              when: "!= Healthy"
              message: Pod {{ .Namespace }}/{{ .Name }} is unhealthy with a status of {{ .Status.Reason }}.
    - deploymentStatus:
        checkName: all deployments
        outcomes:
          - fail:
              when: "< 1"
              message: deployment has no ready replicas
          - pass:
              message: ok
SPEC
	for ns in $(tar -tzf "$1" | sed -n 's|.*/cluster-resources/events/\(.*\)\.json$|\1|p' | sort); do
		for reason in BackOff FailedMount Failed; do
			cat <<SPEC
    - event:
        checkName: $ns $reason events
        collectorName: cluster-resources
        namespace: $ns
        kind: Pod
        reason: $reason
        outcomes:
          - fail:
              when: "true"
              message: "Event {{ .Reason }} on {{ .InvolvedObject.Kind }} {{ .InvolvedObject.Name }}"
          - pass:
              when: "false"
              message: no $reason events
SPEC
		done
	done
}

# growth TSV prints, per format, analyze's and inspect's wall time and
# peak RSS at the largest size over those at the smallest.
growth() {
	awk -F'\t' '$3 == "analyze" || $3 == "inspect" {
			k = $1 SUBSEP $3
			if (!(k in lo) || $2 < lo[k]) { lo[k] = $2; lw[k] = $4; lr[k] = $6 }
			if (!(k in hi) || $2 > hi[k]) { hi[k] = $2; hw[k] = $4; hr[k] = $6 }
		}
		END {
			for (k in lo) if (hi[k] > lo[k]) {
				split(k, p, SUBSEP)
				printf "%-19s %-8s growth %d -> %d objects: wall %.1f×, peak RSS %.1f×\n", p[1], p[2], lo[k], hi[k], hw[k] / lw[k], hr[k] / lr[k]
			}
		}' "$1" | sort
}
