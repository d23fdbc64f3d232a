package hypothesis

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// cand builds a candidate of rule/cause c on Kind/ns/name s with the given
// status, first-failure minute (-1: none) and explains links "cause@Kind/ns/name".
func cand(c, s, status string, minute int, explains ...string) candidate {
	ref, _ := bundle.ParseRef(s)
	h := Hypothesis{ID: c + ":" + ref.String(), Rule: c, Cause: c, Subject: ref, Status: status, Explains: []string{}}
	if minute >= 0 {
		at := time.Date(2026, 1, 1, 0, minute, 0, 0, time.UTC)
		h.Supporting = []evidence.Evidence{{Object: &ref, Time: &at, Message: "x"}}
	}
	var links []link
	for _, e := range explains {
		var l link
		for i := range e {
			if e[i] == '@' {
				l.Cause = e[:i]
				l.Subject, _ = bundle.ParseRef(e[i+1:])
			}
		}
		links = append(links, l)
	}
	return candidate{h: h, links: links, explicit: true}
}

func order(hs []Hypothesis) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.ID
	}
	return out
}

func TestRank(t *testing.T) {
	tests := []struct {
		name  string
		cands []candidate
		want  []string
	}{
		{
			name: "cause above its earlier, stronger effect",
			cands: []candidate{
				cand("probe-failing", "Pod/kafka/kafka-0", Supported, 1),
				cand("rollout-blocked", "StatefulSet/kafka/kafka", Supported, 30, "probe-failing@Pod/kafka/kafka-0"),
			},
			want: []string{"rollout-blocked:StatefulSet/kafka/kafka", "probe-failing:Pod/kafka/kafka-0"},
		},
		{
			name: "chain of four keeps its order",
			cands: []candidate{
				cand("config-missing", "Pod/shop/api", Supported, 0),
				cand("config-missing", "Secret/shop/app", Supported, 5, "config-missing@Pod/shop/api"),
				cand("external-secret-failed", "ExternalSecret/shop/app", Supported, 9, "config-missing@Secret/shop/app"),
				cand("dns-resolution-failed", "Host/vault.example", Supported, 20, "external-secret-failed@ExternalSecret/shop/app"),
			},
			want: []string{"dns-resolution-failed:Host/vault.example", "external-secret-failed:ExternalSecret/shop/app", "config-missing:Secret/shop/app", "config-missing:Pod/shop/api"},
		},
		{
			name: "roots by status, then earliest failure, unknown time last",
			cands: []candidate{
				cand("b", "Pod/ns/b", Supported, 10),
				cand("a", "Pod/ns/a", Supported, 5),
				cand("c", "Pod/ns/c", Supported, -1),
				cand("d", "Pod/ns/d", Open, 1),
			},
			want: []string{"a:Pod/ns/a", "b:Pod/ns/b", "c:Pod/ns/c", "d:Pod/ns/d"},
		},
		{
			name: "contradicted last and explains nothing",
			cands: []candidate{
				cand("x", "Node/n1", Contradicted, 0, "y@Pod/ns/y"),
				cand("y", "Pod/ns/y", Supported, 3),
			},
			want: []string{"y:Pod/ns/y", "x:Node/n1"},
		},
		{
			name: "cycle entered after the true roots, broken at its best member",
			cands: []candidate{
				cand("a", "Pod/ns/a", Supported, 2, "b@Pod/ns/b"),
				cand("b", "Pod/ns/b", Supported, 1, "a@Pod/ns/a"),
				cand("c", "Pod/ns/c", Supported, 9),
			},
			want: []string{"c:Pod/ns/c", "b:Pod/ns/b", "a:Pod/ns/a"},
		},
		{
			name: "ties by subject then cause",
			cands: []candidate{
				cand("z", "Pod/ns/a", Supported, 1),
				cand("y", "Pod/ns/b", Supported, 1),
				cand("x", "Pod/ns/a", Supported, 1),
			},
			want: []string{"x:Pod/ns/a", "z:Pod/ns/a", "y:Pod/ns/b"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := rank(tt.cands, map[string]int{}, nil)
			if diff := cmp.Diff(tt.want, order(got)); diff != "" {
				t.Errorf("order (-want +got):\n%s", diff)
			}
			for i, h := range got {
				if h.Rank != i+1 {
					t.Errorf("%s rank %d at position %d", h.ID, h.Rank, i)
				}
			}
		})
	}
}

func TestRankLinks(t *testing.T) {
	got := rank([]candidate{
		cand("oom-killed", "Pod/t/tempo-0", Supported, 3, "crash-loop@Pod/t/tempo-0", "probe-failing@Pod/t/missing"),
		cand("crash-loop", "Pod/t/tempo-0", Supported, 1),
	}, map[string]int{"oom-killed": 60}, nil)
	if diff := cmp.Diff([]string{"crash-loop:Pod/t/tempo-0"}, got[0].Explains); diff != "" {
		t.Errorf("explains (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"oom-killed:Pod/t/tempo-0"}, got[1].ExplainedBy); diff != "" {
		t.Errorf("explainedBy (-want +got):\n%s", diff)
	}
	// 60 weight + 300 supported + 10 per cited item + 5 per explained.
	if got[0].Score != 60+300+10+5 {
		t.Errorf("score %d", got[0].Score)
	}
}

func TestFirstFailureFromTimeline(t *testing.T) {
	at := time.Date(2026, 1, 1, 7, 0, 0, 0, time.UTC)
	tl := &timeline.Timeline{PerWorkload: map[string]*timeline.EarliestFailure{
		"StatefulSet/kafka/kafka": {Entry: timeline.Entry{Time: at}},
	}}
	h := Hypothesis{Subject: bundle.Ref{Kind: "StatefulSet", Namespace: "kafka", Name: "kafka"}}
	if got := firstFailure(&h, tl); got == nil || !got.Equal(at) {
		t.Errorf("firstFailure = %v, want %v", got, at)
	}
}

func TestStatusFromEvidence(t *testing.T) {
	tests := []struct {
		sup, con int
		want     string
	}{
		{2, 0, Supported}, {0, 0, Open}, {3, 1, Open}, {1, 1, Contradicted}, {0, 2, Contradicted},
	}
	for _, tt := range tests {
		if got := statusFromEvidence(tt.sup, tt.con); got != tt.want {
			t.Errorf("statusFromEvidence(%d, %d) = %s, want %s", tt.sup, tt.con, got, tt.want)
		}
	}
}

func TestMergeFoldsSameSubject(t *testing.T) {
	a := cand("unschedulable", "ReplicaSet/shop/web-1", Supported, 2)
	b := cand("unschedulable", "ReplicaSet/shop/web-1", Supported, 1)
	a.explicit, b.explicit = false, false
	got := merge([]candidate{a, b})
	if len(got) != 1 || len(got[0].h.Supporting) != 2 || got[0].h.Status != Supported {
		t.Fatalf("merge = %+v", got)
	}
	if !got[0].h.Supporting[0].Time.Before(*got[0].h.Supporting[1].Time) {
		t.Errorf("evidence not sorted by time")
	}
}

// TestSortEvidenceKeepsAll: the ledger keeps every item but exact
// duplicates; bounding what a person reads is the report's (Brief).
func TestSortEvidenceKeepsAll(t *testing.T) {
	var l []evidence.Evidence
	for i := range 40 {
		l = append(l, evidence.Evidence{Path: "p", Message: string(rune('a'+i%26)) + string(rune('a'+i/26))})
	}
	l = append(l, l[0]) // exact duplicate
	got := sortEvidence(l)
	if len(got) != 40 || got[0].Message != "aa" || got[39].Message != "za" {
		t.Errorf("len %d, first %q, last %q", len(got), got[0].Message, got[len(got)-1].Message)
	}
}
