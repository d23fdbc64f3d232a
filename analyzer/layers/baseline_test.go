package layers

import (
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// TestHealthyBaseline runs Build over a whole CI-made k3s support bundle
// that is healthy: it is the false-positive control. Every workload must
// converge, no declared field may diverge, and no stage may fail.
func TestHealthyBaseline(t *testing.T) {
	b, err := bundle.Load(corpusRoot+"troubleshoot/test/baselines/supportbundle/baseline.tar.gz", bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ws := Build(b)
	if len(ws) < 8 {
		t.Fatalf("only %d subjects in the baseline", len(ws))
	}
	for _, w := range ws {
		t.Run(w.Ref.String(), func(t *testing.T) {
			if w.Convergence != Converged {
				t.Errorf("convergence = %s (%s)", w.Convergence, w.ConvergenceReason)
			}
			for _, d := range w.Divergences {
				t.Errorf("divergence %v %s %s: expected %s observed %s", d.Between, d.Object, d.Path, d.Expected, d.Observed)
			}
			for _, s := range w.Stages {
				if s.Status == StatusFailed {
					t.Errorf("stage %s failed: %+v", s.Name, s.Evidence)
				}
			}
			for _, l := range w.Layers {
				if l.Status == StatusFailed {
					t.Errorf("layer %s failed: %+v", l.Name, l.Evidence)
				}
				t.Logf("%s %s", l.Name, l.Status)
			}
		})
	}
}
