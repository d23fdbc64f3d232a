package scenarios_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/rift-dev/rift/analyzer"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/expect"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/hack/scenarios"
	applyrejected "github.com/rift-dev/rift/hack/scenarios/apply-rejected"
	argomanualrollback "github.com/rift-dev/rift/hack/scenarios/argo-manual-rollback"
	argopresynchookfailed "github.com/rift-dev/rift/hack/scenarios/argo-presync-hook-failed"
	argoselfheal "github.com/rift-dev/rift/hack/scenarios/argo-selfheal-off"
	argosyncwindow "github.com/rift-dev/rift/hack/scenarios/argo-sync-window"
	certificatenotready "github.com/rift-dev/rift/hack/scenarios/certificate-not-ready"
	configkeymissing "github.com/rift-dev/rift/hack/scenarios/config-key-missing"
	configmissing "github.com/rift-dev/rift/hack/scenarios/config-missing"
	confignotreloaded "github.com/rift-dev/rift/hack/scenarios/config-not-reloaded"
	controllerstalled "github.com/rift-dev/rift/hack/scenarios/controller-stalled"
	crashloop "github.com/rift-dev/rift/hack/scenarios/crash-loop"
	createfailedthenconverged "github.com/rift-dev/rift/hack/scenarios/create-failed-then-converged"
	daemonsetondeletestale "github.com/rift-dev/rift/hack/scenarios/daemonset-ondelete-stale"
	dependencycertexpired "github.com/rift-dev/rift/hack/scenarios/dependency-cert-expired"
	dependencynotready "github.com/rift-dev/rift/hack/scenarios/dependency-not-ready"
	dependencyunavailable "github.com/rift-dev/rift/hack/scenarios/dependency-unavailable"
	deploymentsunobserved "github.com/rift-dev/rift/hack/scenarios/deployments-unobserved"
	drift "github.com/rift-dev/rift/hack/scenarios/drift"
	egressdnsdenied "github.com/rift-dev/rift/hack/scenarios/egress-dns-denied"
	externalsecretfailed "github.com/rift-dev/rift/hack/scenarios/external-secret-failed"
	externalsecretproviderdns "github.com/rift-dev/rift/hack/scenarios/externalsecret-provider-dns"
	fluxreadynoendpoints "github.com/rift-dev/rift/hack/scenarios/flux-ready-no-endpoints"
	fluxreconciledisabled "github.com/rift-dev/rift/hack/scenarios/flux-reconcile-disabled"
	gatewayselectornoendpoints "github.com/rift-dev/rift/hack/scenarios/gateway-selector-no-endpoints"
	healthchecktimeout "github.com/rift-dev/rift/hack/scenarios/health-check-timeout"
	healthygitops "github.com/rift-dev/rift/hack/scenarios/healthy-gitops"
	helmchartversionmissing "github.com/rift-dev/rift/hack/scenarios/helm-chart-version-missing"
	helmupgradetimeout "github.com/rift-dev/rift/hack/scenarios/helm-upgrade-timeout"
	imagearchmismatch "github.com/rift-dev/rift/hack/scenarios/image-arch-mismatch"
	imagepullfailed "github.com/rift-dev/rift/hack/scenarios/image-pull-failed"
	imagepullfailedafter "github.com/rift-dev/rift/hack/scenarios/image-pull-failed-after"
	imagepullratelimited "github.com/rift-dev/rift/hack/scenarios/image-pull-rate-limited"
	imageupdateverify "github.com/rift-dev/rift/hack/scenarios/image-update-verify"
	ingressannotationrejected "github.com/rift-dev/rift/hack/scenarios/ingress-annotation-rejected"
	ingresspodlabelsnoendpoints "github.com/rift-dev/rift/hack/scenarios/ingress-pod-labels-no-endpoints"
	initwaitforever "github.com/rift-dev/rift/hack/scenarios/init-wait-forever"
	kafkastaleprobe "github.com/rift-dev/rift/hack/scenarios/kafka-stale-probe"
	kafkastaleprobeafter "github.com/rift-dev/rift/hack/scenarios/kafka-stale-probe-after"
	namespaceterminating "github.com/rift-dev/rift/hack/scenarios/namespace-terminating"
	networkpolicydenied "github.com/rift-dev/rift/hack/scenarios/network-policy-denied"
	nodeunhealthy "github.com/rift-dev/rift/hack/scenarios/node-unhealthy"
	oldpodservingafter "github.com/rift-dev/rift/hack/scenarios/old-pod-serving-after"
	peerpodoom "github.com/rift-dev/rift/hack/scenarios/peer-pod-oom"
	pendingbeforemigration "github.com/rift-dev/rift/hack/scenarios/pending-before-migration"
	pendingbeforemigrationafter "github.com/rift-dev/rift/hack/scenarios/pending-before-migration-after"
	podcreatedenied "github.com/rift-dev/rift/hack/scenarios/pod-create-denied"
	podnetworksetupfailed "github.com/rift-dev/rift/hack/scenarios/pod-network-setup-failed"
	pullsecretmissing "github.com/rift-dev/rift/hack/scenarios/pull-secret-missing"
	quotaexceeded "github.com/rift-dev/rift/hack/scenarios/quota-exceeded"
	readinessgatehealthcheck "github.com/rift-dev/rift/hack/scenarios/readiness-gate-health-check"
	reconcilestale "github.com/rift-dev/rift/hack/scenarios/reconcile-stale"
	reconcilesuspended "github.com/rift-dev/rift/hack/scenarios/reconcile-suspended"
	removedenvclientside "github.com/rift-dev/rift/hack/scenarios/removed-env-client-side"
	removedlimitdenied "github.com/rift-dev/rift/hack/scenarios/removed-limit-denied"
	renderfailed "github.com/rift-dev/rift/hack/scenarios/render-failed"
	resolvedbesidecurrent "github.com/rift-dev/rift/hack/scenarios/resolved-beside-current"
	rolloutanalysisfailed "github.com/rift-dev/rift/hack/scenarios/rollout-analysis-failed"
	rolloutcompleteafter "github.com/rift-dev/rift/hack/scenarios/rollout-complete-after"
	rolloutdeadlineexceeded "github.com/rift-dev/rift/hack/scenarios/rollout-deadline-exceeded"
	routebackendmissing "github.com/rift-dev/rift/hack/scenarios/route-backend-missing"
	rworollingupdate "github.com/rift-dev/rift/hack/scenarios/rwo-rolling-update"
	scaleupmaxreached "github.com/rift-dev/rift/hack/scenarios/scale-up-max-reached"
	scaledtozerobyhand "github.com/rift-dev/rift/hack/scenarios/scaled-to-zero-by-hand"
	serviceportchanged "github.com/rift-dev/rift/hack/scenarios/service-port-changed"
	servicerenameddns "github.com/rift-dev/rift/hack/scenarios/service-renamed-dns"
	servicetargetportrenamed "github.com/rift-dev/rift/hack/scenarios/service-targetport-renamed"
	sourceunavailable "github.com/rift-dev/rift/hack/scenarios/source-unavailable"
	statefulsetstorage "github.com/rift-dev/rift/hack/scenarios/statefulset-storage"
	storageclassmissing "github.com/rift-dev/rift/hack/scenarios/storageclass-missing"
	tempooomlimit "github.com/rift-dev/rift/hack/scenarios/tempo-oom-limit"
	volumeunavailable "github.com/rift-dev/rift/hack/scenarios/volume-unavailable"
	volumezoneconflict "github.com/rift-dev/rift/hack/scenarios/volume-zone-conflict"
	webhookunavailable "github.com/rift-dev/rift/hack/scenarios/webhook-unavailable"
	"github.com/rift-dev/rift/internal/testcluster"
)

var (
	record    = flag.Bool("record", false, "write the collected bundles to fixtures/<name>/bundle")
	replayAll = flag.Bool("all", false, "replay every scenario, not only the smoke set (implied by -record)")
)

// smoke are the scenarios `go test` replays on every run (each costs a
// control plane and about a minute): one StatefulSet controller incident and
// one scheduler incident, so the recorder, the collector and the
// expectations cannot rot unnoticed. `make fixtures` replays all of them.
var smoke = map[string]bool{"kafka-stale-probe": true, "pending-before-migration": true}

// all is the scenario library; TestRecord runs each as a subtest named
// after its fixture, so `-run 'TestRecord/<name>$'` records one.
func all() []scenarios.Scenario {
	list := []scenarios.Scenario{
		certificatenotready.Scenario(),
		rolloutanalysisfailed.Scenario(),
		nodeunhealthy.Scenario(),
		podcreatedenied.Scenario(),
		podnetworksetupfailed.Scenario(),
		webhookunavailable.Scenario(),
		webhookunavailable.AppOnly(),
		dependencyunavailable.Scenario(),
		dependencycertexpired.Scenario(),
		networkpolicydenied.Scenario(),
		namespaceterminating.Scenario(),
		confignotreloaded.Scenario(),
		routebackendmissing.Scenario(),
		initwaitforever.Scenario(),
		ingressannotationrejected.Scenario(),
		servicerenameddns.Scenario(),
		serviceportchanged.Scenario(),
		scaleupmaxreached.Scenario(),
		scaledtozerobyhand.Scenario(),
		pullsecretmissing.Scenario(),
		egressdnsdenied.Scenario(),
		imageupdateverify.Scenario(),
		externalsecretfailed.Scenario(),
		externalsecretproviderdns.Scenario(),
		applyrejected.Scenario(),
		controllerstalled.Scenario(),
		dependencynotready.Scenario(),
		fluxreadynoendpoints.Scenario(),
		imagepullfailed.Scenario(),
		healthchecktimeout.Scenario(),
		helmupgradetimeout.Scenario(),
		helmchartversionmissing.Scenario(),
		imagepullfailedafter.Scenario(),
		imagepullratelimited.Scenario(),
		imagearchmismatch.Scenario(),
		kafkastaleprobe.Scenario(),
		kafkastaleprobeafter.Scenario(),
		oldpodservingafter.Scenario(),
		pendingbeforemigration.Scenario(),
		pendingbeforemigrationafter.Scenario(),
		quotaexceeded.Scenario(),
		readinessgatehealthcheck.Scenario(),
		reconcilestale.Scenario(),
		reconcilesuspended.Scenario(),
		rolloutcompleteafter.Scenario(),
		renderfailed.Scenario(),
		sourceunavailable.Scenario(),
		tempooomlimit.Scenario(),
		configmissing.Scenario(),
		configkeymissing.Scenario(),
		crashloop.Scenario(),
		createfailedthenconverged.Scenario(),
		daemonsetondeletestale.Scenario(),
		resolvedbesidecurrent.Scenario(),
		servicetargetportrenamed.Scenario(),
		rworollingupdate.Scenario(),
		drift.Scenario(),
		healthygitops.Scenario(),
		statefulsetstorage.Scenario(),
		volumeunavailable.Scenario(),
		volumezoneconflict.Scenario(),
		gatewayselectornoendpoints.Scenario(),
		ingresspodlabelsnoendpoints.Scenario(),
		rolloutdeadlineexceeded.Scenario(),
		storageclassmissing.Scenario(),
		argoselfheal.Scenario(),
		argomanualrollback.Scenario(),
		argosyncwindow.Scenario(),
		argopresynchookfailed.Scenario(),
		peerpodoom.Scenario(),
		deploymentsunobserved.Scenario(),
		fluxreconciledisabled.Scenario(),
		removedlimitdenied.Scenario(),
		removedenvclientside.Scenario(),
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
	return list
}

// TestRecord reproduces every scenario on a fresh control plane, checks
// that the real controllers produced the incident, collects it, and checks
// that the bundle loads. With -record it replaces fixtures/<name>/bundle.
func TestRecord(t *testing.T) {
	for _, s := range all() {
		if !*record && !*replayAll && !smoke[s.Name] {
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			if err := s.Validate(); err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			c := testcluster.Start(t, s.Cluster)
			e, err := scenarios.NewEnv(ctx, c, filepath.Join(t.TempDir(), "deploy"), t.Logf)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Run(ctx, e); err != nil {
				t.Fatalf("run: %v", err)
			}
			if err := s.Check(ctx, e); err != nil {
				t.Fatalf("the cluster did not reproduce the incident: %v", err)
			}
			out := filepath.Join(t.TempDir(), s.Name+".tar.gz")
			sum, err := e.Collect(ctx, s.Namespaces, out)
			if err != nil {
				t.Fatalf("collect: %v", err)
			}
			t.Logf("collected %d objects, %d files, %d bytes, %d not collected", sum.Objects, sum.Files, sum.Bytes, len(sum.NotCollected))
			b, err := bundle.Load(out, bundle.LoadOptions{})
			if err != nil {
				t.Fatalf("load %s: %v", out, err)
			}
			if len(b.Errors) > 0 {
				t.Errorf("bundle load errors: %v", b.Errors)
			}
			checkExpectations(t, s.Name, b)
			if !*record {
				return
			}
			dir := filepath.Join(repoRoot(t), "fixtures", s.Name, "bundle")
			if err := scenarios.Extract(out, dir); err != nil {
				t.Fatal(err)
			}
			t.Logf("recorded %s", dir)
		})
	}
}

// checkExpectations analyzes the freshly collected bundle and checks the
// committed fixture's expect.yaml against it: a re-recording must still
// give the answer the fixture promises.
func checkExpectations(t *testing.T, name string, b *bundle.Bundle) {
	t.Helper()
	path := filepath.Join(repoRoot(t), "fixtures", name, "expect.yaml")
	if _, err := os.Stat(path); err != nil {
		return
	}
	e, err := expect.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	eng, err := hypothesis.NewEngine(hypothesis.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := analyzer.Analyze(context.Background(), b, eng)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range expect.Check(e, r) {
		t.Errorf("re-recorded %s: %s (-want +got):\n%s", name, m.Field, m.Diff)
	}
}

func repoRoot(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	// The test runs in hack/scenarios.
	return filepath.Clean(filepath.Join(wd, "..", ".."))
}
