# rift — see README.md. Every target works on a fresh machine: tools that
# the tests need (etcd, Kubernetes control-plane binaries, kwok, chromium)
# are installed or built by hack/ scripts into the git-ignored .cache/.
SHELL := /bin/bash
GO ?= go
CACHE ?= $(CURDIR)/.cache
export RIFT_CACHE := $(CACHE)
FUZZTIME ?= 5s

.PHONY: all build run test unit fuzz testenv bench bench-apiserver bench-bundle fixtures fixture policy-test clean

all: build

build:
	$(GO) build -o bin/rift ./cmd/rift

run: build
	./bin/rift analyze fixtures/kafka-stale-probe || [ $$? -eq 1 ]

# The whole suite: unit and integration tests against a real control plane
# (every fuzz target's seed corpus runs as a unit test), Rego unit tests and
# the recorded incidents. Fuzzing proper is `make fuzz` (docs/testing.md).
test: build testenv
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted" >&2; exit 1; fi
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 40m ./...
	./bin/rift policy test
	./bin/rift policy test docs/examples/user-policy
	mkdir -p out
	./bin/rift test --junit out/rift-test.xml fixtures/

# Installs etcd (Debian) and builds kube-apiserver, kube-controller-manager,
# kube-scheduler and kwok from the Go module proxy into $(CACHE).
testenv:
	bash hack/testenv.sh
	bash hack/install-chromium.sh

# Fuzzes every target for FUZZTIME (default 5s) each; CI runs it after
# make test. Longer: make fuzz FUZZTIME=10m.
fuzz:
	bash hack/fuzz.sh $(FUZZTIME)

bench: build
	$(GO) build -o bin/benchfloor ./hack/benchfloor
	$(GO) build -o bin/htmlopen ./hack/htmlopen
	bash hack/bench.sh

# kubectl against a real kube-apiserver and rift serve over the same pods.
bench-apiserver: build
	$(GO) build -o bin/podload ./hack/podload
	bash hack/bench-apiserver.sh

N ?= 1000
OUT ?= bench-$(N).tar.gz
bench-bundle: build
	./bin/rift dev gen-bundle --objects $(N) --out $(OUT)

fixtures: build testenv
	$(GO) test -count=1 -timeout 60m ./hack/scenarios/... -run TestRecord -args -record

fixture: build testenv
	$(GO) test -count=1 -timeout 20m ./hack/scenarios/... -run 'TestRecord/$(NAME)$$' -args -record

# Removes what builds and test runs leave in the work tree, and says what
# it leaves: the control plane is slow to rebuild, so it stays.
clean:
	rm -rf bin out
	@echo "clean: removed bin/ and out/. Left in place:"
	@echo "  .cache/ (control plane binaries, $$(du -sh .cache 2>/dev/null | cut -f1 || echo 'none')): rm -rf .cache"
	@echo "  ~/.cache/rift (the same binaries, shared by clones on this machine): rm -rf ~/.cache/rift"
	@echo "  Debian packages etcd-server and chromium: sudo apt-get remove etcd-server chromium"
	@echo "  Go caches: go clean -cache -modcache"
