package hypothesis

import (
	"testing"

	"github.com/google/go-cmp/cmp"

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
