#!/usr/bin/env bash
# bench-apiserver.sh times kubectl against a real kube-apiserver and etcd
# holding the pods of a rift bundle, interleaved with `rift serve` of the
# same bundle on the same machine (docs/serve.md, "Performance"): how much
# of `kubectl get pods -A` any server can save.
#
# It starts etcd (data in /dev/shm) and kube-apiserver from
# .cache/k8s/bin (hack/testenv.sh) on free loopback ports, with a static
# token in system:masters and RBAC on, and no controller manager,
# scheduler or nodes: `get` needs none. hack/podload creates the bundle's
# namespaces and pods through the API and writes each pod's status. Then,
# twice (with the managedFields the server recorded, then with them
# emptied), RUNS times (default 5), for each of `get pods -A`, `get pods
# -A -o name` and `get pods -n NS` (the first namespace), it runs the
# pinned kubectl against both servers, alternating which goes first, and prints each
# run's wall, kubectl's user and system CPU and the server's CPU (rift
# serve's process; kube-apiserver's plus etcd's), each beside the load
# average, then the medians and the ratio real/rift. It also prints the
# size of one unpaginated pod Table from each server.
#
#   bash hack/bench-apiserver.sh [BUNDLE]   # default: generated, 100k objects
#   APISERVER=1 bash hack/bench.sh          # the same after serve's section
#
# Loading 20,000 pods takes two minutes, each pass of runs four or more,
# on a busy 2-core machine.
set -euo pipefail

# apiserver_start DIR starts etcd and kube-apiserver with their files in
# DIR and waits until the API server is ready. It sets ETCD_PID, API_PID,
# ETCD_DATA, and writes DIR/kubeconfig.
apiserver_start() {
	local dir=$1 ports token
	if [[ ! -x $K8S_BIN/kube-apiserver || ! -x $K8S_BIN/etcd ]]; then
		echo "bench-apiserver: $K8S_BIN lacks etcd or kube-apiserver (make testenv)" >&2
		exit 2
	fi
	mkdir -p "$dir"
	# The kubeconfig names the CA file, which kubectl reads relative to it.
	dir=$(cd "$dir" && pwd)
	read -r -a ports < <(python3 -c 'import socket
ss = [socket.socket() for _ in range(3)]
for s in ss: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in ss))')
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 \
		-subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
		-keyout "$dir/serving.key" -out "$dir/serving.crt" 2>/dev/null
	openssl genrsa -out "$dir/sa.key" 2048 2>/dev/null
	token=$(openssl rand -hex 16)
	printf '%s,rift-bench,rift-bench,"system:masters"\n' "$token" >"$dir/tokens.csv"
	cat >"$dir/kubeconfig" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: real
  cluster:
    server: https://127.0.0.1:${ports[2]}
    certificate-authority: $dir/serving.crt
users:
- name: rift-bench
  user:
    token: $token
contexts:
- name: real
  context: {cluster: real, user: rift-bench}
current-context: real
EOF
	# etcd fsyncs every write: on memory, as internal/testcluster does.
	ETCD_DATA=$(mktemp -d /dev/shm/rift-bench-etcd.XXXXXX)
	"$K8S_BIN/etcd" --name=rift-bench --data-dir="$ETCD_DATA" \
		--listen-client-urls="http://127.0.0.1:${ports[0]}" --advertise-client-urls="http://127.0.0.1:${ports[0]}" \
		--listen-peer-urls="http://127.0.0.1:${ports[1]}" --initial-advertise-peer-urls="http://127.0.0.1:${ports[1]}" \
		--initial-cluster="rift-bench=http://127.0.0.1:${ports[1]}" --initial-cluster-state=new \
		--logger=zap --log-level=warn --quota-backend-bytes=4294967296 >"$dir/etcd.log" 2>&1 &
	ETCD_PID=$!
	# The flags internal/testcluster gives it, less the controllers'.
	"$K8S_BIN/kube-apiserver" --etcd-servers="http://127.0.0.1:${ports[0]}" \
		--bind-address=127.0.0.1 --advertise-address=127.0.0.1 --secure-port="${ports[2]}" \
		--cert-dir="$dir" --tls-cert-file="$dir/serving.crt" --tls-private-key-file="$dir/serving.key" \
		--token-auth-file="$dir/tokens.csv" --authorization-mode=Node,RBAC \
		--service-account-issuer=https://kubernetes.default.svc.cluster.local \
		--service-account-key-file="$dir/sa.key" --service-account-signing-key-file="$dir/sa.key" \
		--service-cluster-ip-range=10.96.0.0/16 --endpoint-reconciler-type=none --profiling=false \
		--feature-gates=WatchList=false,WatchListClient=false --v=1 >"$dir/kube-apiserver.log" 2>&1 &
	API_PID=$!
	until curl -sf --cacert "$dir/serving.crt" -H "Authorization: Bearer $token" \
		"https://127.0.0.1:${ports[2]}/readyz" >/dev/null 2>&1; do
		if ! kill -0 "$API_PID" 2>/dev/null || ! kill -0 "$ETCD_PID" 2>/dev/null; then
			echo "bench-apiserver: etcd or kube-apiserver exited:" >&2
			tail -20 "$dir/etcd.log" "$dir/kube-apiserver.log" >&2
			exit 1
		fi
		sleep 0.2
	done
}

# apiserver_stop stops what apiserver_start started and removes etcd's data.
apiserver_stop() {
	local p
	for p in ${API_PID:-} ${ETCD_PID:-}; do
		kill -TERM "$p" 2>/dev/null && wait "$p" 2>/dev/null || true
	done
	if [[ -n ${ETCD_DATA:-} ]]; then rm -rf "$ETCD_DATA"; fi
	API_PID='' ETCD_PID='' ETCD_DATA=''
}

# table_bytes KUBECONFIG prints the size of one unpaginated pod list as the
# Table kubectl asks for.
table_bytes() {
	local kc=$1 ca=$OUT/table-ca.crt
	if grep -q 'certificate-authority:' "$kc"; then
		cp "$(awk '/certificate-authority:/ {print $2}' "$kc")" "$ca"
	else
		awk '/certificate-authority-data:/ {print $2}' "$kc" | base64 -d >"$ca"
	fi
	curl -sf --cacert "$ca" -H "Authorization: Bearer $(awk '/token:/ {print $2}' "$kc")" \
		-H 'Accept: application/json;as=Table;v=v1;g=meta.k8s.io' \
		"$(awk '/server:/ {print $2; exit}' "$kc")/api/v1/pods" | wc -c
	rm -f "$ca"
}

# apiserver_bench BUNDLE N SERVE_KUBECONFIG SERVE_PID loads BUNDLE's pods
# into a real API server and times kubectl against it and against the
# rift serve at SERVE_PID (see the top of this file): first with the
# managedFields the server recorded, as a cluster's pods have them, then
# again after emptying them (podload --strip-managed-fields), when each
# row is about the size of rift serve's. Callers trap EXIT with
# apiserver_stop, so that a failure leaves no server behind.
apiserver_bench() {
	local b=$1 n=$2 skc=$3 spid=$4 dir=$OUT/apiserver ns strip l
	apiserver_start "$dir"
	[[ -x $PODLOAD ]] || go build -o "$PODLOAD" ./hack/podload
	ns=$(tar -tzf "$b" | sed -n 's|^objects/\([^/]*\)/pods.yaml$|\1|p' | sort | head -1)
	for strip in "" --strip-managed-fields; do
		l=$(load1)
		# shellcheck disable=SC2086 # no word when empty
		timed "$PODLOAD" --kubeconfig "$dir/kubeconfig" $strip "$b"
		if ! grep -q '^podload: [0-9]* pods' "$OUT/last.out"; then
			echo "bench-apiserver: podload failed:" >&2
			head -3 "$OUT/last.time" >&2
			exit 1
		fi
		printf '%-8s %-9s %s %s: wall %.1f s, CPU %.1f s (load %s)\n' "$n" apiserver "$(cat "$OUT/last.out")" "$strip" "$WALL" "$CPU" "$l"
		printf '%-8s %-9s pod Table, one request: rift serve %d bytes, kube-apiserver %d bytes %s\n' \
			"$n" apiserver "$(table_bytes "$skc")" "$(table_bytes "$dir/kubeconfig")" "$strip"
		apiserver_runs "$n${strip:+-stripped}" "$skc" "$spid" "$dir/kubeconfig" "$ns"
	done
	apiserver_stop
}

# apiserver_runs LABEL SERVE_KUBECONFIG SERVE_PID REAL_KUBECONFIG NS runs
# each kubectl command RUNS times against both servers, alternating which
# goes first, and prints every run and the medians.
apiserver_runs() {
	local n=$1 skc=$2 spid=$3 akc=$4 ns=$5 run i key srv kc c0 s l rw aw
	local -A walls=() kcpus=() scpus=()
	local cmds=("get pods -A" "get pods -A -o name" "get pods -n $ns")
	for ((run = 1; run <= RUNS; run++)); do
		for i in "${!cmds[@]}"; do
			for srv in $( ((run % 2)) && echo rift real || echo real rift); do
				key="$i $srv" l=$(load1)
				if [[ $srv == rift ]]; then
					kc=$skc c0=$(proc_cpu "$spid")
				else
					kc=$akc c0=$(calc "$(proc_cpu "$API_PID") + $(proc_cpu "$ETCD_PID")")
				fi
				# shellcheck disable=SC2086 # the command's words
				kubectl_timed "$kc" ${cmds[$i]} --no-headers
				if [[ $srv == rift ]]; then
					s=$(calc "$(proc_cpu "$spid") - $c0")
				else
					s=$(calc "$(proc_cpu "$API_PID") + $(proc_cpu "$ETCD_PID") - $c0")
				fi
				walls[$key]+=" $KW" kcpus[$key]+=" $(calc "$KU + $KS")" scpus[$key]+=" $s"
				printf '%-8s %-9s %-26s %-4s run %d: %5d lines, wall %5.2f s, kubectl CPU %5.2f s (user %.2f, sys %.2f), server CPU %5.2f s (load %s)\n' \
					"$n" apiserver "kubectl ${cmds[$i]}" "$srv" "$run" "$KLINES" "$KW" "$(calc "$KU + $KS")" "$KU" "$KS" "$s" "$l"
			done
		done
	done
	for i in "${!cmds[@]}"; do
		# shellcheck disable=SC2086 # the lists' words
		rw=$(median ${walls["$i rift"]}) aw=$(median ${walls["$i real"]})
		# shellcheck disable=SC2086
		printf '%-8s %-9s %-26s median of %d: rift serve wall %5.2f s, kubectl CPU %5.2f s, server CPU %5.2f s; kube-apiserver wall %5.2f s, kubectl CPU %5.2f s, server CPU %5.2f s; wall real/rift %.2f (load %s)\n' \
			"$n" apiserver "kubectl ${cmds[$i]}" "$RUNS" \
			"$rw" "$(median ${kcpus["$i rift"]})" "$(median ${scpus["$i rift"]})" \
			"$aw" "$(median ${kcpus["$i real"]})" "$(median ${scpus["$i real"]})" \
			"$(calc "$aw/$rw")" "$(load1)"
		printf 'rift\t%s\tapiserver-%s-rift\t%s\t\t\nrift\t%s\tapiserver-%s-real\t%s\t\t\n' \
			"$n" "${cmds[$i]// /_}" "$rw" "$n" "${cmds[$i]// /_}" "$aw" >>"$OUT/results.tsv"
	done
}

RUNS=${RUNS:-5}
K8S_BIN=${K8S_BIN:-.cache/k8s/bin}
PODLOAD=${PODLOAD:-./bin/podload}

# Run on its own: serve one bundle and compare.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "$0")/.."
	RIFT=${RIFT:-./bin/rift}
	KUBECTL=${KUBECTL:-$K8S_BIN/kubectl}
	OUT=${OUT:-out/bench}
	mkdir -p "$OUT"
	[[ -x $RIFT ]] || go build -o "$RIFT" ./cmd/rift
	calc() { awk "BEGIN { print $1 }"; }
	now() { date +%s.%N; }
	timed() {
		/usr/bin/time -f '%e %U %S' -o "$OUT/last.time" "$@" >"$OUT/last.out"
		read -r WALL u s <"$OUT/last.time"
		CPU=$(calc "$u + $s")
	}
	source hack/bench-lib.sh
	b=${1:-$OUT/rift-100000-seed1.tar.gz}
	[[ -s $b ]] || "$RIFT" dev gen-bundle --objects 100000 --seed 1 --out "$b"
	echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD 2>/dev/null) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $("$KUBECTL" version --client 2>/dev/null | head -1)"
	SERVE_PID=''
	trap 'apiserver_stop; [[ -z $SERVE_PID ]] || { kill -TERM "$SERVE_PID"; wait "$SERVE_PID"; } || true' EXIT
	serve_start "$b" "$OUT/serve-apiserver.kubeconfig"
	apiserver_bench "$b" "$(basename "$b")" "$OUT/serve-apiserver.kubeconfig" "$SERVE_PID"
fi
