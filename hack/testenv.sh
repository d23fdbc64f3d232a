#!/usr/bin/env bash
# testenv.sh installs the real control plane the integration tests run on:
# etcd from Debian, and kube-apiserver, kube-controller-manager,
# kube-scheduler and kwok built from the Go module proxy through the
# separate module in hack/k8s, and kubectl from the same Kubernetes
# release, which the rift serve tests drive. Everything lands in ${RIFT_CACHE}/k8s
# (default: <repo>/.cache/k8s), which is git-ignored.
#
# It is idempotent: a stamp file records the versions that were built, and
# a second run with the same versions does nothing. Set RIFT_TESTENV_FORCE=1
# to rebuild anyway.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${RIFT_CACHE:-$repo/.cache}"
root="$cache/k8s"
bin="$root/bin"
stages="$root/stages"
mod="$repo/hack/k8s"

# Versions come from hack/k8s/go.mod so there is a single place to bump.
kube_version="$(awk '$1 == "k8s.io/kubernetes" { print $2 }' "$mod/go.mod")"
kwok_version="$(awk '$1 == "sigs.k8s.io/kwok" { print $2 }' "$mod/go.mod")"
tools=(kube-apiserver kube-controller-manager kube-scheduler kwok)
# Must match stageFiles in internal/testcluster/binaries.go.
stage_files=(node-initialize.yaml node-heartbeat-with-lease.yaml pod-create.yaml
	pod-init-container-running.yaml pod-init-container-completed.yaml
	pod-ready.yaml pod-complete.yaml pod-delete.yaml)

log() { printf 'testenv: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

[[ -n "$kube_version" && -n "$kwok_version" ]] || die "hack/k8s/go.mod: cannot read k8s.io/kubernetes or sigs.k8s.io/kwok version"

# apt_install SUDO PKG... installs packages with apt-get. An install that
# fails (most often a stale package list: the mirror has moved on and the
# listed versions 404) runs apt-get update and is retried once.
apt_install() {
	local sudo=$1
	shift
	# The package would start a system service (etcd on :2379); the tests
	# run their own on free ports, so service start-up is refused.
	local install=(env RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@")
	if $sudo "${install[@]}" >/dev/null; then
		return 0
	fi
	log "apt-get install $* failed; apt-get update and one retry"
	$sudo apt-get update -qq || die "apt-get update failed"
	$sudo "${install[@]}" >/dev/null || die "apt-get install $* failed twice (after an apt-get update)"
}

# install_etcd makes sure an etcd binary is available, preferring Debian's
# package; an etcd already on PATH (e.g. preinstalled in CI) is accepted.
install_etcd() {
	local etcd
	etcd="$(command -v etcd || true)"
	if [[ -z "$etcd" ]]; then
		command -v apt-get >/dev/null || die "etcd is not installed and apt-get is not available; install etcd 3.4+ and put it on PATH"
		local sudo=""
		[[ "$(id -u)" == 0 ]] || sudo="sudo"
		if ! apt-cache show etcd-server >/dev/null 2>&1; then
			log "apt-get update (etcd-server is unknown to apt)"
			$sudo apt-get update -qq
		fi
		log "installing etcd-server from Debian"
		apt_install "$sudo" etcd-server
		etcd="$(command -v etcd)" || die "etcd-server installed but no etcd on PATH"
	fi
	mkdir -p "$bin"
	ln -sf "$etcd" "$bin/etcd"
	log "etcd: $("$etcd" --version 2>/dev/null | head -n1)"
}

stamp_text() {
	printf 'kubernetes=%s\nkwok=%s\n%s\nmodsum=%s\n' "$kube_version" "$kwok_version" \
		"$(go version)" "$(cat "$mod/go.mod" "$mod/go.sum" | sha256sum | cut -d' ' -f1)"
}

tools_up_to_date() {
	[[ "${RIFT_TESTENV_FORCE:-}" != 1 ]] || return 1
	[[ -f "$root/stamp" && "$(cat "$root/stamp")" == "$(stamp_text)" ]] || return 1
	local t
	for t in "${tools[@]}"; do [[ -x "$bin/$t" ]] || return 1; done
}

stages_up_to_date() {
	[[ "${RIFT_TESTENV_FORCE:-}" != 1 ]] || return 1
	local s
	for s in "${stage_files[@]}"; do [[ -f "$stages/$s" ]] || return 1; done
}

build_tools() {
	local start=$SECONDS
	log "building ${tools[*]} (kubernetes $kube_version, kwok $kwok_version); the first build takes several minutes"
	local minor="${kube_version#v1.}"
	minor="${minor%%.*}"
	local ldflags="-s -w"
	ldflags+=" -X k8s.io/component-base/version.gitVersion=$kube_version"
	ldflags+=" -X k8s.io/component-base/version.gitMajor=1"
	ldflags+=" -X k8s.io/component-base/version.gitMinor=$minor"
	ldflags+=" -X k8s.io/component-base/version.gitTreeState=clean"
	mkdir -p "$bin"
	# -mod=mod: kube-controller-manager needs go.sum lines that tidy
	# does not keep for a module that only builds tools.
	(cd "$mod" && GOWORK=off GOFLAGS=-mod=mod CGO_ENABLED=0 \
		go build -p "${RIFT_TESTENV_JOBS:-2}" -trimpath -ldflags="$ldflags" -o "$bin/" tool)
	log "built in $((SECONDS - start))s"
}

# kubectl is built apart from the control plane, with a stamp and a store
# entry of its own, so that adding it did not invalidate binaries already
# built; it comes from the same k8s.io/kubernetes release.
kubectl_up_to_date() {
	[[ "${RIFT_TESTENV_FORCE:-}" != 1 ]] || return 1
	[[ -x "$bin/kubectl" && -f "$root/kubectl.stamp" && "$(cat "$root/kubectl.stamp")" == "$(stamp_text)" ]]
}

build_kubectl() {
	local store start=$SECONDS
	store="$(store_dir)"
	if [[ "${RIFT_TESTENV_FORCE:-}" != 1 && -x "$store-kubectl/kubectl" ]]; then
		cp -f "$store-kubectl/kubectl" "$bin/kubectl"
		log "kubectl restored from $store-kubectl"
	else
		log "building kubectl (kubernetes $kube_version)"
		local minor="${kube_version#v1.}"
		minor="${minor%%.*}"
		local ldflags="-s -w"
		ldflags+=" -X k8s.io/client-go/pkg/version.gitVersion=$kube_version"
		ldflags+=" -X k8s.io/client-go/pkg/version.gitMajor=1"
		ldflags+=" -X k8s.io/client-go/pkg/version.gitMinor=$minor"
		ldflags+=" -X k8s.io/component-base/version.gitVersion=$kube_version"
		ldflags+=" -X k8s.io/component-base/version.gitMajor=1"
		ldflags+=" -X k8s.io/component-base/version.gitMinor=$minor"
		mkdir -p "$bin"
		# kubectl needs go.sum lines the control plane does not; it is
		# built in a copy of the module so that hack/k8s (and with it
		# the control plane's stamp) is left as it is.
		local tmp
		tmp="$(mktemp -d)"
		cp "$mod/go.mod" "$mod/go.sum" "$tmp/"
		(cd "$tmp" && GOWORK=off GOFLAGS=-mod=mod CGO_ENABLED=0 \
			go build -p "${RIFT_TESTENV_JOBS:-2}" -trimpath -ldflags="$ldflags" -o "$bin/kubectl" k8s.io/kubernetes/cmd/kubectl)
		rm -rf "$tmp"
		log "kubectl built in $((SECONDS - start))s"
		mkdir -p "$store-kubectl" && cp -f "$bin/kubectl" "$store-kubectl/kubectl" || log "warning: could not save kubectl to $store-kubectl"
	fi
	stamp_text >"$root/kubectl.stamp"
}

# copy_stages copies the kwok Stage configurations the harness loads; they
# ship inside the kwok module, so they always match the binary.
copy_stages() {
	local dir
	dir="$(cd "$mod" && GOWORK=off GOFLAGS=-mod=mod go list -m -f '{{.Dir}}' sigs.k8s.io/kwok)"
	[[ -d "$dir/kustomize/stage" ]] || die "kwok module at $dir has no kustomize/stage"
	rm -rf "$stages"
	mkdir -p "$stages"
	cp "$dir/kustomize/stage/node/fast/node-initialize.yaml" \
		"$dir/kustomize/stage/node/heartbeat-with-lease/node-heartbeat-with-lease.yaml" \
		"$dir/kustomize/stage/pod/general/pod-ready.yaml" \
		"$dir/kustomize/stage/pod/general/pod-complete.yaml" \
		"$dir/kustomize/stage/pod/general/pod-delete.yaml" \
		"$dir/kustomize/stage/pod/general/pod-create.yaml" \
		"$dir/kustomize/stage/pod/general/pod-init-container-running.yaml" \
		"$dir/kustomize/stage/pod/general/pod-init-container-completed.yaml" \
		"$stages/"
	chmod 0644 "$stages"/*.yaml
}

# The machine-wide store keeps built binaries outside the work tree, keyed
# by the stamp, so a fresh clone on the same machine (CI runs in one) reuses
# them instead of paying for the build again. It is a cache: deleting it
# only costs a rebuild.
store_dir() {
	local key
	key="$(stamp_text | sha256sum | cut -c1-16)"
	printf '%s/k8s-%s' "${RIFT_TESTENV_STORE:-${XDG_CACHE_HOME:-$HOME/.cache}/rift}" "$key"
}

restore_from_store() {
	[[ "${RIFT_TESTENV_FORCE:-}" != 1 ]] || return 1
	local store t
	store="$(store_dir)"
	for t in "${tools[@]}"; do [[ -x "$store/$t" ]] || return 1; done
	mkdir -p "$bin"
	for t in "${tools[@]}"; do cp -f "$store/$t" "$bin/$t"; done
	log "binaries restored from $store"
}

save_to_store() {
	local store t
	store="$(store_dir)"
	mkdir -p "$store.tmp"
	for t in "${tools[@]}"; do cp -f "$bin/$t" "$store.tmp/$t"; done
	rm -rf "$store" && mv "$store.tmp" "$store" || log "warning: could not save binaries to $store"
}

main() {
	command -v go >/dev/null || die "go is not on PATH"
	install_etcd
	if tools_up_to_date; then
		log "binaries up to date in $bin"
	elif restore_from_store; then
		stamp_text >"$root/stamp"
	else
		build_tools
		stamp_text >"$root/stamp"
		save_to_store
	fi
	if ! kubectl_up_to_date; then
		build_kubectl
	fi
	if ! stages_up_to_date; then
		copy_stages
	fi
	log "ready: $bin"
}

main "$@"
