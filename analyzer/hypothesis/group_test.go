package hypothesis

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
)

// ranked builds a ranked hypothesis of rule r on Kind/ns/name s, explained
// by the given IDs, with one supporting item at minute m.
func ranked(r, s, status string, m int, explainedBy ...string) Hypothesis {
	ref, _ := bundle.ParseRef(s)
	at := time.Date(2026, 1, 1, 0, m, 0, 0, time.UTC)
	return Hypothesis{ID: r + ":" + ref.String(), Rule: r, Cause: r, Subject: ref, Status: status,
		Summary: "about " + ref.Name, FirstFailure: &at, ExplainedBy: explainedBy, Explains: []string{},
		Supporting: []evidence.Evidence{{Object: &ref, Time: &at, Message: "seen"}}}
}

// entry is what a test compares of a ledger entry.
type entry struct {
	Rank    int
	ID      string
	Status  string
	Extent  string
	Members []string // "subject status"
	Sup     int
}

func entries(hs []Hypothesis) []entry {
	out := make([]entry, len(hs))
	for i, h := range hs {
		out[i] = entry{Rank: h.Rank, ID: h.ID, Status: h.Status, Extent: h.Extent, Sup: len(h.Supporting)}
		for _, m := range h.Members {
			out[i].Members = append(out[i].Members, m.Subject.String()+" "+m.Status)
		}
	}
	return out
}

func TestGroup(t *testing.T) {
	dep := func(name string) bundle.Ref {
		return bundle.Ref{APIVersion: "apps/v1", Kind: "Deployment", Namespace: "shop", Name: name}
	}
	owners := ownerFacts{
		{Kind: "Pod", Namespace: "shop", Name: "web-1"}: dep("web"),
		{Kind: "Pod", Namespace: "shop", Name: "web-2"}: dep("web"),
		{Kind: "Pod", Namespace: "shop", Name: "api-1"}: dep("api"),
		{Kind: "Pod", Namespace: "shop", Name: "api-2"}: dep("api"),
	}
	tests := []struct {
		name string
		in   []Hypothesis
		want []entry
	}{
		{
			name: "a hypothesis of its own keeps its shape",
			in:   []Hypothesis{ranked("crash-loop", "Pod/shop/web-1", Supported, 1)},
			want: []entry{{Rank: 1, ID: "crash-loop:Pod/shop/web-1", Status: Supported, Sup: 1}},
		},
		{
			name: "pods of one owner, ranked once at the first member's place, status the best of theirs",
			in: []Hypothesis{
				ranked("probe-failing", "Pod/shop/web-2", Supported, 1),
				ranked("no-endpoints", "Service/shop/web", Supported, 2),
				ranked("probe-failing", "Pod/shop/web-1", Open, 3),
			},
			want: []entry{
				{Rank: 1, ID: "probe-failing:Pod/shop/web-2", Status: Supported, Extent: "2 pods of Deployment/shop/web",
					Members: []string{"Pod/shop/web-2 supported", "Pod/shop/web-1 open"}, Sup: 2},
				{Rank: 2, ID: "no-endpoints:Service/shop/web", Status: Supported, Sup: 1},
			},
		},
		{
			name: "one explaining cause across workloads",
			in: []Hypothesis{
				ranked("dependency-unavailable", "Service/shop/db", Supported, 0),
				ranked("crash-loop", "Pod/shop/api-1", Supported, 1, "dependency-unavailable:Service/shop/db"),
				ranked("crash-loop", "Pod/shop/web-1", Supported, 2, "dependency-unavailable:Service/shop/db"),
				ranked("crash-loop", "Pod/shop/api-2", Supported, 3, "dependency-unavailable:Service/shop/db"),
			},
			want: []entry{
				{Rank: 1, ID: "dependency-unavailable:Service/shop/db", Status: Supported, Sup: 1},
				{Rank: 2, ID: "crash-loop:Pod/shop/api-1", Status: Supported, Extent: "3 pods in 2 workloads",
					Members: []string{"Pod/shop/api-1 supported", "Pod/shop/web-1 supported", "Pod/shop/api-2 supported"}, Sup: 3},
			},
		},
		{
			name: "effects of causes that are one group are one group",
			in: []Hypothesis{
				ranked("oom-killed", "Pod/shop/web-1", Supported, 1),
				ranked("oom-killed", "Pod/shop/web-2", Supported, 1),
				ranked("crash-loop", "Pod/shop/web-1", Supported, 2, "oom-killed:Pod/shop/web-1"),
				ranked("crash-loop", "Pod/shop/web-2", Supported, 2, "oom-killed:Pod/shop/web-2"),
			},
			want: []entry{
				{Rank: 1, ID: "oom-killed:Pod/shop/web-1", Status: Supported, Extent: "2 pods of Deployment/shop/web",
					Members: []string{"Pod/shop/web-1 supported", "Pod/shop/web-2 supported"}, Sup: 2},
				{Rank: 2, ID: "crash-loop:Pod/shop/web-1", Status: Supported, Extent: "2 pods of Deployment/shop/web",
					Members: []string{"Pod/shop/web-1 supported", "Pod/shop/web-2 supported"}, Sup: 2},
			},
		},
		{
			name: "an explained member and an unexplained one tell two stories",
			in: []Hypothesis{
				ranked("dependency-unavailable", "Service/shop/db", Supported, 0),
				ranked("crash-loop", "Pod/shop/web-1", Supported, 1, "dependency-unavailable:Service/shop/db"),
				ranked("crash-loop", "Pod/shop/web-2", Supported, 2),
			},
			want: []entry{
				{Rank: 1, ID: "dependency-unavailable:Service/shop/db", Status: Supported, Sup: 1},
				{Rank: 2, ID: "crash-loop:Pod/shop/web-1", Status: Supported, Sup: 1},
				{Rank: 3, ID: "crash-loop:Pod/shop/web-2", Status: Supported, Sup: 1},
			},
		},
		{
			name: "history and the present are never one group",
			in: []Hypothesis{
				ranked("crash-loop", "Pod/shop/web-1", Supported, 1),
				ranked("crash-loop", "Pod/shop/web-2", Resolved, 2),
				ranked("crash-loop", "Pod/shop/api-1", Contradicted, 3),
				ranked("crash-loop", "Pod/shop/api-2", Contradicted, 4),
			},
			want: []entry{
				{Rank: 1, ID: "crash-loop:Pod/shop/web-1", Status: Supported, Sup: 1},
				{Rank: 2, ID: "crash-loop:Pod/shop/web-2", Status: Resolved, Sup: 1},
				{Rank: 3, ID: "crash-loop:Pod/shop/api-1", Status: Contradicted, Extent: "2 pods of Deployment/shop/api",
					Members: []string{"Pod/shop/api-1 contradicted", "Pod/shop/api-2 contradicted"}, Sup: 2},
			},
		},
		{
			name: "subjects without an owner group only by a shared cause",
			in: []Hypothesis{
				ranked("reconcile-suspended", "Application/argocd/a", Supported, 1),
				ranked("reconcile-suspended", "Application/argocd/b", Supported, 2),
				ranked("source-unavailable", "GitRepository/flux/repo", Supported, 0),
				ranked("apply-rejected", "Kustomization/flux/x", Supported, 3, "source-unavailable:GitRepository/flux/repo"),
				ranked("apply-rejected", "Kustomization/flux/y", Open, 4, "source-unavailable:GitRepository/flux/repo"),
			},
			want: []entry{
				{Rank: 1, ID: "reconcile-suspended:Application/argocd/a", Status: Supported, Sup: 1},
				{Rank: 2, ID: "reconcile-suspended:Application/argocd/b", Status: Supported, Sup: 1},
				{Rank: 3, ID: "source-unavailable:GitRepository/flux/repo", Status: Supported, Sup: 1},
				{Rank: 4, ID: "apply-rejected:Kustomization/flux/x", Status: Supported, Extent: "2 kustomizations",
					Members: []string{"Kustomization/flux/x supported", "Kustomization/flux/y open"}, Sup: 2},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if d := cmp.Diff(tc.want, entries(group(tc.in, owners))); d != "" {
				t.Errorf("group (-want +got):\n%s", d)
			}
		})
	}
}

// TestGroupFolds checks what a group holds beyond its members: the union
// of their links, the earliest first failure and each member's owner.
func TestGroupFolds(t *testing.T) {
	a := ranked("crash-loop", "Pod/shop/web-1", Supported, 5)
	b := ranked("crash-loop", "Pod/shop/web-2", Open, 2)
	a.Explains, b.Explains = []string{"no-endpoints:Service/shop/web"}, []string{"no-endpoints:Service/shop/web", "x:Service/shop/y"}
	web := bundle.Ref{Kind: "Deployment", Namespace: "shop", Name: "web"}
	owners := ownerFacts{a.Subject.Key(): web, b.Subject.Key(): web}
	got := group([]Hypothesis{a, b}, owners)
	if len(got) != 1 {
		t.Fatalf("want one entry, got %d", len(got))
	}
	g := got[0]
	if d := cmp.Diff([]string{"no-endpoints:Service/shop/web", "x:Service/shop/y"}, g.Explains); d != "" {
		t.Errorf("explains (-want +got):\n%s", d)
	}
	if !g.FirstFailure.Equal(*b.FirstFailure) {
		t.Errorf("first failure %v, want the earliest member's %v", g.FirstFailure, b.FirstFailure)
	}
	for _, m := range g.Members {
		if m.Owner == nil || *m.Owner != web {
			t.Errorf("member %s: owner %v, want %s", m.ID, m.Owner, web)
		}
	}
	if g.Members[1].Summary != "about web-2" || len(g.Members[1].Supporting) != 1 {
		t.Errorf("member keeps its own summary and evidence: %+v", g.Members[1])
	}
}

func TestPlural(t *testing.T) {
	for in, want := range map[string]string{"pod": "pods", "ingress": "ingresses", "networkpolicy": "networkpolicies", "gateway": "gateways", "box": "boxes"} {
		if got := plural(in); got != want {
			t.Errorf("plural(%q) = %q, want %q", in, got, want)
		}
	}
}
