package hypothesis

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// TestFallbackOwnerOutsideBundle: a hypothesis on a pod's controller owner
// accounts for the pod even when the bundle lacks the owner, so the pod,
// its own workload then, is not named again by not-converged.
func TestFallbackOwnerOutsideBundle(t *testing.T) {
	b := fixture(t, "pending-owner-absent", "2026-11-20T10:00:00Z")
	ws := layers.Build(b)
	if len(ws) != 1 || ws[0].Convergence != layers.Blocked {
		t.Fatalf("the pod is not its own blocked workload: %+v", ws)
	}
	l := evaluate(t, builtinEngine(t), Input{Bundle: b, Workloads: ws})
	var got []string
	for _, h := range l.Hypotheses {
		got = append(got, h.Cause+" "+h.Subject.String()+" "+string(h.Status))
	}
	want := []string{"unschedulable ReplicaSet/gpu/trainer-5f8c9 supported"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ledger (-want +got):\n%s", diff)
	}
}

// TestFallbackReconcilerWaitingOnWorkload: a HelmRelease that failed
// because Helm's --wait ran out is accounted for by what accounts for the
// workload it waited on (layers.Workload.WaitsOn): the ledger names the
// pod that cannot pull, not the release again as not-converged.
//
// Waits chain: a Kustomization whose health check waits on that
// HelmRelease is accounted for the same way.
func TestFallbackReconcilerWaitingOnWorkload(t *testing.T) {
	for _, name := range []string{"helm-wait-image-pull", "kustomization-helm-wait"} {
		t.Run(name, func(t *testing.T) {
			b := fixture(t, name, "2026-11-20T10:00:00Z")
			ws := layers.Build(b)
			l := evaluate(t, builtinEngine(t), Input{Bundle: b, Workloads: ws})
			var got []string
			for _, h := range l.Hypotheses {
				got = append(got, h.Cause+" "+h.Subject.String())
			}
			want := []string{"image-pull-failed Pod/shop/web-b2-x1"}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("ledger (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDropAccountedKeepsNamedEffects: a fallback is dropped when a
// specific hypothesis names its workload or a related object, or explains
// a hypothesis on one, and kept when a specific hypothesis explains the
// fallback itself by name: the workload stays in the ledger as that
// cause's effect (an admission webhook's Service names nothing of the
// Deployment whose pods it refuses).
func TestDropAccountedKeepsNamedEffects(t *testing.T) {
	deploy := bundle.Ref{APIVersion: "apps/v1", Kind: "Deployment", Namespace: "shop", Name: "web"}
	rs := bundle.Ref{APIVersion: "apps/v1", Kind: "ReplicaSet", Namespace: "shop", Name: "web-1"}
	svc := bundle.Ref{APIVersion: "v1", Kind: "Service", Namespace: "policy", Name: "agent"}
	related := map[string][]string{deploy.String(): {deploy.String(), rs.String()}}
	fallback := candidate{h: Hypothesis{Cause: fallbackCause, Subject: deploy, Status: Open}}
	tests := []struct {
		name     string
		specific candidate
		want     []string
	}{
		{
			name:     "names a related object",
			specific: candidate{h: Hypothesis{Cause: "pod-create-denied", Subject: rs, Status: Supported}},
			want:     []string{"pod-create-denied"},
		},
		{
			name:     "explains the fallback by name",
			specific: candidate{h: Hypothesis{Cause: "webhook-unavailable", Subject: svc, Status: Supported}, links: []link{{Cause: fallbackCause, Subject: deploy}}},
			want:     []string{"webhook-unavailable", fallbackCause},
		},
		{
			name:     "explains a hypothesis the bundle does not hold",
			specific: candidate{h: Hypothesis{Cause: "webhook-unavailable", Subject: svc, Status: Supported}, links: []link{{Cause: "rollout-blocked", Subject: deploy}}},
			want:     []string{"webhook-unavailable", fallbackCause},
		},
		{
			name:     "explains it but is history",
			specific: candidate{h: Hypothesis{Cause: "webhook-unavailable", Subject: svc, Status: Resolved}, links: []link{{Cause: fallbackCause, Subject: deploy}}},
			want:     []string{"webhook-unavailable", fallbackCause},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, c := range dropAccounted([]candidate{tt.specific, fallback}, related) {
				got = append(got, c.h.Cause)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("kept (-want +got):\n%s", diff)
			}
		})
	}
}
