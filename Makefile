# rift — see README.md. Every target works on a fresh machine: tools that
# the tests need (etcd, Kubernetes control-plane binaries, kwok, chromium)
# are installed or built by hack/ scripts into the git-ignored .cache/.
SHELL := /bin/bash
GO ?= go
CACHE ?= $(CURDIR)/.cache
export RIFT_CACHE := $(CACHE)
FUZZTIME ?= 5s

.PHONY: all build run test unit fuzz testenv bench bench-bundle fixtures fixture policy-test clean

all: build

build:
	$(GO) build -o bin/rift ./cmd/rift

run: build
	./bin/rift analyze fixtures/kafka-stale-probe || [ $$? -eq 1 ]

# The whole suite: unit and integration tests against a real control plane,
# brief fuzzing, Rego unit tests and the recorded incidents.
test: build testenv
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 40m ./...
	$(MAKE) fuzz
	./bin/rift policy test
	./bin/rift policy test docs/examples/user-policy
	mkdir -p out
	./bin/rift test --junit out/rift-test.xml fixtures/

# Installs etcd (Debian) and builds kube-apiserver, kube-controller-manager,
# kube-scheduler and kwok from the Go module proxy into $(CACHE).
testenv:
	bash hack/testenv.sh
	bash hack/install-chromium.sh

fuzz:
	bash hack/fuzz.sh $(FUZZTIME)

bench: build
	bash hack/bench.sh

N ?= 1000
OUT ?= bench-$(N).tar.gz
bench-bundle: build
	./bin/rift dev gen-bundle --objects $(N) --out $(OUT)

fixtures: build testenv
	$(GO) test -count=1 -timeout 60m ./hack/scenarios/... -run TestRecord -args -record

fixture: build testenv
	$(GO) test -count=1 -timeout 20m ./hack/scenarios/... -run 'TestRecord/$(NAME)$$' -args -record

clean:
	rm -rf bin out
