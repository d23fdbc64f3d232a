package timeline

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

func ref(apiVersion, kind, ns, name string) bundle.Ref {
	return bundle.Ref{APIVersion: apiVersion, Kind: kind, Namespace: ns, Name: name}
}

// picked is the part of an earliest failure a test pins down.
type picked struct {
	Object, Reason, Source string
	Count                  int64
	Workloads              []string
}

func pickedOf(ef *EarliestFailure) picked {
	if ef == nil {
		return picked{}
	}
	p := picked{Object: ef.Entry.Object.String(), Reason: ef.Entry.Reason, Source: ef.Entry.Source, Count: ef.Entry.Count}
	for _, w := range ef.Entry.Workloads {
		p.Workloads = append(p.Workloads, w.String())
	}
	return p
}

var (
	webRef   = ref("apps/v1", "Deployment", "shop", "web")
	cacheRef = ref("apps/v1", "Deployment", "shop", "cache")
	jobRef   = ref("batch/v1", "Job", "shop", "db-migrate-contract")
)

func pendingWorkloads() []layers.Workload {
	return []layers.Workload{
		{Ref: webRef, Convergence: layers.Failed, Pods: []layers.PodState{
			{Name: "web-6c8f9d7b54-2xkqp"}, {Name: "web-6c8f9d7b54-9tmzw"}, {Name: "web-6c8f9d7b54-hc7wd"}, {Name: "web-6c8f9d7b54-r4vnd"}}},
		{Ref: cacheRef, Convergence: layers.Converged, Pods: []layers.PodState{{Name: "cache-5f7c9b6d48-m2jzt", Ready: true}}},
		{Ref: jobRef, Convergence: layers.Converged},
	}
}

// TestPendingBeforeMigration is the seed incident "A rollout that looked
// fine": the new ReplicaSet's pods never schedule, a contracting migration
// breaks the old pods, and a rollback changes nothing. The earliest failure
// is the scheduler's, although those pods are gone from the bundle (their
// events remain, linked through the ReplicaSet that created them).
func TestPendingBeforeMigration(t *testing.T) {
	b := loadDir(t, "testdata/pending-before-migration")
	tests := []struct {
		name string
		ws   []layers.Workload
		want picked
	}{
		{"with layers", pendingWorkloads(), picked{Object: "Pod/shop/web-7d4b9c8f6d-lq5zx", Reason: "FailedScheduling",
			Source: SourceEvent, Count: 4, Workloads: []string{"Deployment/shop/web"}}},
		// Without convergence verdicts every chain counts, and the healthy
		// neighbour's old, resolved probe failure comes first: this is why
		// Build takes the workloads.
		{"without layers", nil, picked{Object: "Pod/shop/cache-5f7c9b6d48-m2jzt", Reason: "Unhealthy",
			Source: SourceEvent, Count: 3, Workloads: []string{"Deployment/shop/cache"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := Build(b, tt.ws)
			if diff := cmp.Diff(tt.want, pickedOf(tl.Earliest)); diff != "" {
				t.Errorf("earliest failure (-want +got):\n%s", diff)
			}
		})
	}

	tl := Build(b, pendingWorkloads())
	ef := tl.Earliest
	if ef == nil {
		t.Fatal("no earliest failure")
	}
	if got := tl.Entries[ef.Index]; got.Reason != "FailedScheduling" || !got.Failure {
		t.Errorf("Index %d points at %s, not the earliest failure", ef.Index, got.Reason)
	}
	if pw := pickedOf(tl.PerWorkload[webRef.String()]); pw.Reason != "FailedScheduling" {
		t.Errorf("per-workload earliest for web is %+v", pw)
	}
	if pw := pickedOf(tl.PerWorkload[cacheRef.String()]); pw.Reason != "Unhealthy" {
		t.Errorf("per-workload earliest for the converged cache is %+v, want its own old Unhealthy", pw)
	}
	// The other new pod's identical failure is a repeat and the deadline an
	// effect of the scheduling failure; the old pods' probe failures and the
	// rollback are not chosen.
	var explained []string
	for _, i := range ef.Explains {
		explained = append(explained, tl.Entries[i].Reason+" "+tl.Entries[i].Object.String())
	}
	if diff := cmp.Diff([]string{
		"FailedScheduling Pod/shop/web-7d4b9c8f6d-v8n2c",
		"MinimumReplicasUnavailable Deployment/shop/web",
		"ProgressDeadlineExceeded Deployment/shop/web",
	}, explained); diff != "" {
		t.Errorf("explained effects (-want +got):\n%s", diff)
	}
	for i, e := range tl.Entries {
		if e.Reason == "Applied" && e.Message == "Deployment spec last written by kubectl-rollout (Update)" {
			if e.Failure || i < ef.Index {
				t.Errorf("rollback entry %d (%+v) must be a later, non-failure change", i, e)
			}
		}
		if e.Reason == "Unhealthy" && e.Object.Name != "cache-5f7c9b6d48-m2jzt" && i < ef.Index {
			t.Errorf("old pod error %s at %d sorts before the earliest failure", e.Object, i)
		}
	}
	if ef.SkewWarning != "" {
		t.Errorf("unexpected skew warning: %s", ef.SkewWarning)
	}
}

// orderStep finds the first entry of one step of a rollout story.
type orderStep struct {
	name string
	is   func(Entry) bool
}

// TestStaleRolloutOrder covers the seed's two incidents (Kafka's failing
// exec probe, Tempo's OOM kills): the failure, the fix commit, the
// reconciler applying it, the new ControllerRevision, and the old pod
// still unready, in that order and all linked to the StatefulSet.
func TestStaleRolloutOrder(t *testing.T) {
	kafkaK := ref("kustomize.toolkit.fluxcd.io/v1", "Kustomization", "flux-system", "kafka")
	tempoHR := ref("helm.toolkit.fluxcd.io/v2", "HelmRelease", "tempo", "tempo")
	tests := []struct {
		dir      string
		ws       []layers.Workload
		workload string
		steps    []orderStep
		earliest picked
		why      string
	}{
		{
			dir: "kafka-stale-probe",
			ws: []layers.Workload{
				{Ref: ref("apps/v1", "StatefulSet", "kafka", "kafka"), Convergence: layers.Blocked, Owners: []bundle.Ref{kafkaK},
					Pods: []layers.PodState{{Name: "kafka-0"}, {Name: "kafka-1", Ready: true}, {Name: "kafka-2", Ready: true}}},
				{Ref: kafkaK, Convergence: layers.Converged},
			},
			workload: "StatefulSet/kafka/kafka",
			steps: []orderStep{
				{"failing probe", func(e Entry) bool { return e.Reason == "Unhealthy" && e.Object.Name == "kafka-0" }},
				{"fix commit", func(e Entry) bool {
					return e.Reason == "Commit" && e.Revision == "9f3c2a1e7b4d6c8f0a2e4b6d8f1a3c5e7b9d0f2a"
				}},
				{"reconciler applied", func(e Entry) bool {
					return e.Source == SourceReconciler && e.Revision == "main@sha1:9f3c2a1e7b4d6c8f0a2e4b6d8f1a3c5e7b9d0f2a"
				}},
				{"template revision created", func(e Entry) bool {
					return e.Reason == "Created" && e.Object.String() == "ControllerRevision/kafka/kafka-7b4f6d9c8"
				}},
				{"old pod still unready", func(e Entry) bool { return e.Reason == "NotReady" && e.Object.Name == "kafka-0" }},
			},
			earliest: picked{Object: "Pod/kafka/kafka-0", Reason: "Unhealthy", Source: SourceEvent, Count: 214,
				Workloads: []string{"Kustomization/flux-system/kafka", "StatefulSet/kafka/kafka"}},
		},
		{
			dir: "tempo-oom-limit",
			ws: []layers.Workload{
				{Ref: ref("apps/v1", "StatefulSet", "tempo", "tempo"), Convergence: layers.Blocked, Owners: []bundle.Ref{tempoHR},
					Pods: []layers.PodState{{Name: "tempo-0"}}},
				{Ref: tempoHR, Convergence: layers.Converged},
			},
			workload: "StatefulSet/tempo/tempo",
			steps: []orderStep{
				{"OOM crash loop", func(e Entry) bool { return e.Reason == "BackOff" && e.Object.Name == "tempo-0" }},
				{"fix commit", func(e Entry) bool {
					return e.Reason == "Commit" && e.Revision == "4e5d6c7b8a9f0e1d2c3b4a5f6e7d8c9b0a1f2e3d"
				}},
				{"reconciler applied", func(e Entry) bool { return e.Source == SourceReconciler && e.Revision == "4" }},
				{"template revision created", func(e Entry) bool {
					return e.Reason == "Created" && e.Object.String() == "ControllerRevision/tempo/tempo-7c9e8d6f4"
				}},
				{"old pod still unready", func(e Entry) bool { return e.Reason == "NotReady" && e.Object.Name == "tempo-0" }},
			},
			// The OOM kill is the discriminating failure; the back-off that
			// began earlier is its effect (the first kills are no longer
			// recorded, which Why says).
			earliest: picked{Object: "Pod/tempo/tempo-0", Reason: "OOMKilled", Source: SourceContainer,
				Workloads: []string{"HelmRelease/tempo/tempo", "StatefulSet/tempo/tempo"}},
			why: "its effect ContainersNotReady was recorded earlier (2026-03-21T14:41:12Z)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			tl := Build(loadDir(t, "testdata/"+tt.dir), tt.ws)
			var order []string
			last := -1
			for _, s := range tt.steps {
				at := slices.IndexFunc(tl.Entries, s.is)
				if at < 0 {
					t.Fatalf("no entry for %q", s.name)
				}
				if at > last {
					order = append(order, s.name)
					last = at
				}
				if !slices.ContainsFunc(tl.Entries[at].Workloads, func(r bundle.Ref) bool { return r.String() == tt.workload }) {
					t.Errorf("%q is not linked to %s: %v", s.name, tt.workload, tl.Entries[at].Workloads)
				}
			}
			var want []string
			for _, s := range tt.steps {
				want = append(want, s.name)
			}
			if diff := cmp.Diff(want, order); diff != "" {
				t.Errorf("timeline order (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.earliest, pickedOf(tl.Earliest)); diff != "" {
				t.Errorf("earliest failure (-want +got):\n%s", diff)
			}
			if tl.Earliest != nil && !strings.Contains(tl.Earliest.Why, tt.why) {
				t.Errorf("why %q lacks %q", tl.Earliest.Why, tt.why)
			}
		})
	}
}
