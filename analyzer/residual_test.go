package analyzer

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
)

// TestOpenHypotheses: the residual risk names each ledger entry that stays
// open once, a group by what its members span or by how many stay open.
func TestOpenHypotheses(t *testing.T) {
	pod := func(n string) bundle.Ref { return bundle.Ref{Kind: "Pod", Namespace: "shop", Name: n} }
	member := func(n, status string) hypothesis.Member {
		return hypothesis.Member{ID: "crash-loop:Pod/shop/" + n, Subject: pod(n), Status: status, NextCheck: "kubectl logs " + n}
	}
	tests := []struct {
		name string
		h    hypothesis.Hypothesis
		want []string
	}{
		{"a supported hypothesis", hypothesis.Hypothesis{Rank: 1, Cause: "crash-loop", Subject: pod("a"), Status: hypothesis.Supported}, nil},
		{"an open hypothesis", hypothesis.Hypothesis{Rank: 2, Cause: "crash-loop", Subject: pod("a"), Status: hypothesis.Open, NextCheck: "kubectl logs a"},
			[]string{"hypothesis #2 crash-loop on Pod/shop/a stays open: kubectl logs a"}},
		{"an open group", hypothesis.Hypothesis{Rank: 3, Cause: "crash-loop", Subject: pod("a"), Status: hypothesis.Open, NextCheck: "kubectl logs a",
			Extent: "2 pods of Deployment/shop/web", Members: []hypothesis.Member{member("a", hypothesis.Open), member("b", hypothesis.Open)}},
			[]string{"hypothesis #3 crash-loop on 2 pods of Deployment/shop/web stays open: kubectl logs a"}},
		{"a supported group with open members", hypothesis.Hypothesis{Rank: 4, Cause: "crash-loop", Subject: pod("a"), Status: hypothesis.Supported,
			Members: []hypothesis.Member{member("a", hypothesis.Supported), member("b", hypothesis.Open), member("c", hypothesis.Open)}},
			[]string{"hypothesis #4 crash-loop: 2 of its 3 members stay open, the first Pod/shop/b: kubectl logs b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if d := cmp.Diff(tc.want, openHypotheses([]hypothesis.Hypothesis{tc.h})); d != "" {
				t.Errorf("openHypotheses (-want +got):\n%s", d)
			}
		})
	}
}
