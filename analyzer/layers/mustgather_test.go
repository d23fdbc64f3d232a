package layers

import (
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// TestMustGatherHealthyCluster is the scale and false-positive control on a
// real OpenShift 4.9 must-gather (8k objects): the cluster ended healthy,
// so every workload converges and no template field diverges from its pods,
// although admission plugins rewrote pod annotations and tolerations.
func TestMustGatherHealthyCluster(t *testing.T) {
	b, err := bundle.Load(corpusRoot+"must-gather-clean/test/files/must-gather-metal.tar.xz", bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ws := Build(b)
	if len(ws) < 100 {
		t.Fatalf("only %d subjects", len(ws))
	}
	failedStages := map[string]int{}
	for _, w := range ws {
		if w.Convergence != Converged {
			t.Errorf("%s: %s (%s)", w.Ref, w.Convergence, w.ConvergenceReason)
		}
		for _, d := range w.Divergences {
			t.Errorf("%s: divergence %v %s %s: expected %s observed %s", w.Ref, d.Between, d.Object, d.Path, d.Expected, d.Observed)
		}
		for _, s := range w.Stages {
			if s.Status == StatusFailed {
				failedStages[s.Name]++
				t.Errorf("%s: stage %s failed: %+v", w.Ref, s.Name, s.Evidence)
			}
		}
	}
	t.Logf("%d objects, %d subjects, failed stages %v", len(b.Objects), len(ws), failedStages)
}
