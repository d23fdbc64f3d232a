package hypothesis

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// TestResolve: a hypothesis is history only when every failure it cites
// ended before what it was read from converged, and stays as the rules
// said otherwise.
func TestResolve(t *testing.T) {
	at := func(hhmm string) *time.Time {
		v, err := time.Parse(time.RFC3339, "2026-11-01T"+hhmm+":00Z")
		if err != nil {
			t.Fatal(err)
		}
		return &v
	}
	pod := bundle.Ref{APIVersion: "v1", Kind: "Pod", Namespace: "shop", Name: "api-1"}
	other := bundle.Ref{APIVersion: "v1", Kind: "Pod", Namespace: "shop", Name: "api-2"}
	host := bundle.Ref{Kind: "Host", Name: "db.example"}
	ready := presentFacts{
		pod.Key():   {converged: true, since: *at("10:00")},
		other.Key(): {converged: false},
	}
	event := func(r bundle.Ref, t *time.Time) evidence.Evidence {
		return evidence.Evidence{Object: &r, Event: "BackOff", Time: t, Message: "BackOff"}
	}
	tl := &timeline.Timeline{Entries: []timeline.Entry{
		// A BackOff of api-1 first seen at 09:00 repeats until 10:30.
		{Object: pod, Reason: "BackOff", Source: timeline.SourceEvent, Time: *at("09:00"), LastTime: at("10:30")},
	}}
	tests := []struct {
		name    string
		subject bundle.Ref
		status  string
		ev      []evidence.Evidence
		tl      *timeline.Timeline
		want    string
	}{
		{"failure before the recovery", pod, Supported, []evidence.Evidence{event(pod, at("09:00"))}, nil, Resolved},
		{"open too", pod, Open, []evidence.Evidence{event(pod, at("09:00"))}, nil, Resolved},
		{"repeats after the recovery (last occurrence)", pod, Supported, []evidence.Evidence{event(pod, at("09:00"))}, tl, Supported},
		{"a fact after the recovery", pod, Supported, []evidence.Evidence{event(pod, at("09:00")), event(pod, at("10:05"))}, nil, Supported},
		{"no failure time: the present", pod, Supported, []evidence.Evidence{{Object: &pod, Path: "spec", Message: "divergence"}}, nil, Supported},
		{"subject still failing", other, Supported, []evidence.Evidence{event(other, at("09:00"))}, nil, Supported},
		{"contradicted stays", pod, Contradicted, []evidence.Evidence{event(pod, at("09:00"))}, nil, Contradicted},
		{"host from a recovered pod's log", host, Supported, []evidence.Evidence{{Object: &pod, File: "logs/shop/api-1/api.log", Message: "2026-11-01T09:10:00Z dial tcp: lookup db.example: no such host"}}, nil, Resolved},
		{"host from a recovered and a failing pod", host, Supported, []evidence.Evidence{event(pod, at("09:00")), event(other, at("09:00"))}, nil, Supported},
		{"unknown object and subject", host, Supported, []evidence.Evidence{{Object: &host, Time: at("09:00"), Message: "x"}}, nil, Supported},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := []candidate{{h: Hypothesis{Subject: tt.subject, Status: tt.status, Supporting: tt.ev}}}
			resolve(cs, ready, tt.tl)
			if diff := cmp.Diff(tt.want, cs[0].h.Status); diff != "" {
				t.Errorf("status (-want +got):\n%s", diff)
			}
			if got := cs[0].h.ResolvedAt != nil; got != (tt.want == Resolved) {
				t.Errorf("resolvedAt set = %v, want %v", got, tt.want == Resolved)
			}
		})
	}
}

// TestRankResolvedAfterCurrent: history never ranks above, or explains, a
// current failure.
func TestRankResolvedAfterCurrent(t *testing.T) {
	early, late := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC), time.Date(2026, 11, 1, 11, 0, 0, 0, time.UTC)
	old := candidate{h: Hypothesis{ID: "oom-killed:Pod/a/old", Cause: "oom-killed", Subject: bundle.Ref{Kind: "Pod", Namespace: "a", Name: "old"},
		Status: Resolved, Supporting: []evidence.Evidence{{Time: &early, Message: "x"}}},
		links: []link{{Cause: "image-pull-failed", Subject: bundle.Ref{Kind: "Pod", Namespace: "a", Name: "new"}}}}
	now := candidate{h: Hypothesis{ID: "image-pull-failed:Pod/a/new", Cause: "image-pull-failed", Subject: bundle.Ref{Kind: "Pod", Namespace: "a", Name: "new"},
		Status: Open, Supporting: []evidence.Evidence{{Time: &late, Message: "y"}}}}
	hs := rank([]candidate{old, now}, map[string]int{}, nil)
	if hs[0].ID != now.h.ID || len(hs[1].Explains) != 0 || len(hs[0].ExplainedBy) != 0 {
		t.Errorf("ranked %s then %s; resolved explains %v", hs[0].ID, hs[1].ID, hs[1].Explains)
	}
}
