package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
)

// ledgerReport has one open hypothesis ranked first and n contradicted ones,
// as a healthy but noisy bundle gives.
func ledgerReport(t *testing.T, n int) *Report {
	r := loadReport(t, "testdata/healthy-podinfo.report.json")
	h := func(rank int, status string) hypothesis.Hypothesis {
		return hypothesis.Hypothesis{
			Rank: rank, ID: fmt.Sprintf("rule-%d/Pod/a/p%d", rank, rank), Rule: fmt.Sprintf("rule-%d", rank), Cause: fmt.Sprintf("cause-%d", rank),
			Subject: bundle.Ref{Kind: "Pod", Namespace: "a", Name: fmt.Sprintf("p%d", rank)}, Status: status,
			Summary: "summary", NextCheck: fmt.Sprintf("kubectl get pod p%d -n a", rank),
			Repair: hypothesis.Repair{Owner: hypothesis.OwnerRepository, Action: "change the probe", Acceptance: []hypothesis.Acceptance{{Layer: "runtime", Check: "Ready"}}},
		}
	}
	r.Hypotheses = []hypothesis.Hypothesis{h(1, hypothesis.Open)}
	for i := 0; i < n; i++ {
		r.Hypotheses = append(r.Hypotheses, h(i+2, hypothesis.Contradicted))
	}
	return r
}

func TestLedgerAndRepairSections(t *testing.T) {
	tests := []struct {
		name         string
		contradicted int
		details      bool
		format       Format
		want         []string
		notWant      []string
	}{
		{"small ledger shown whole", 3, false, FormatText, []string{"#4", "contradicted"}, []string{"more hypotheses"}},
		{"large ledger hides the contradicted", 20, false, FormatText, []string{"#1", "(20 more hypotheses"}, []string{"#2 ", "cause-2"}},
		{"details show everything", 20, true, FormatText, []string{"#21", "cause-21"}, []string{"more hypotheses"}},
		{"markdown hides the same", 20, false, FormatMarkdown, []string{"20 more hypotheses"}, []string{"cause-2**"}},
		{"open top hypothesis proposes no repair", 1, false, FormatText, []string{"is open rather than supported", "kubectl get pod p1 -n a"}, []string{"change the probe"}},
		{"markdown says so too", 1, false, FormatMarkdown, []string{"is open rather than supported"}, []string{"change the probe"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := render(t, ledgerReport(t, tt.contradicted), RenderOptions{Format: tt.format, Details: tt.details, Width: 200})
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q", w)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(out, w) {
					t.Errorf("output has %q", w)
				}
			}
		})
	}
}
