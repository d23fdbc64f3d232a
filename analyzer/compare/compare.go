// Package compare diffs two analyses of the same system, before and after a
// repair: per workload and layer, what moved (revisions, generations,
// stage statuses, convergence), which pods were replaced, which
// divergences were resolved or appeared, restart counts, which hypotheses
// were resolved, persist or are new, and which objects appeared or
// disappeared. It is pure and deterministic: every list is sorted.
package compare

import (
	"errors"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/report"
)

// Side is one analysed bundle.
type Side struct {
	Bundle *bundle.Bundle
	Report *report.Report
}

// Diff is the whole comparison.
type Diff struct {
	Before    Capture        `json:"before"`
	After     Capture        `json:"after"`
	Workloads []WorkloadDiff `json:"workloads"`
	// Hypotheses compares the two ledgers by hypothesis ID (rule+subject).
	Hypotheses HypothesisDiff `json:"hypotheses"`
	Objects    ObjectDiff     `json:"objects"`
}

// Capture identifies one side.
type Capture struct {
	CaptureTime string   `json:"captureTime"`
	Verdict     string   `json:"verdict"`
	Revisions   []string `json:"revisions"`
}

// WorkloadDiff is what changed for one report subject. Unchanged subjects
// are left out.
type WorkloadDiff struct {
	Ref string `json:"ref"`
	// Presence is "both", "before" (gone) or "after" (new).
	Presence    string        `json:"presence"`
	Convergence *Change       `json:"convergence,omitempty"`
	Layers      []LayerChange `json:"layers"`
	Stages      []NamedChange `json:"stages"`
	// PodsReplaced are pods recreated under the same name (StatefulSets).
	PodsReplaced []PodReplaced `json:"podsReplaced"`
	PodsRemoved  []Pod         `json:"podsRemoved"`
	PodsAdded    []Pod         `json:"podsAdded"`
	Restarts     []NamedChange `json:"restarts"`
	// DivergencesResolved and DivergencesNew are "Kind/ns/name path
	// (expected vs observed layer)" strings.
	DivergencesResolved []string `json:"divergencesResolved"`
	DivergencesNew      []string `json:"divergencesNew"`
}

// Change is a before → after value.
type Change struct {
	Before string `json:"before"`
	After  string `json:"after"`
}

// NamedChange is a Change of one named thing (a stage, a pod's restarts).
type NamedChange struct {
	Name string `json:"name"`
	Change
}

// LayerChange is a layer whose status or revision moved.
type LayerChange struct {
	Name     string  `json:"name"`
	Status   *Change `json:"status,omitempty"`
	Revision *Change `json:"revision,omitempty"`
}

// Pod names one pod and the revision it runs.
type Pod struct {
	Name     string `json:"name"`
	Revision string `json:"revision,omitempty"`
	Ready    bool   `json:"ready"`
}

// PodReplaced is a pod deleted and recreated under its name.
type PodReplaced struct {
	Old Pod `json:"old"`
	New Pod `json:"new"`
}

// HypothesisDiff lists hypothesis summaries ("cause on subject (status)").
type HypothesisDiff struct {
	Resolved   []string `json:"resolved"`
	Persisting []string `json:"persisting"`
	New        []string `json:"new"`
}

// ObjectDiff lists "Kind/ns/name" of objects by identity; Events are left
// out (they expire and say nothing about the state).
type ObjectDiff struct {
	Appeared    []string `json:"appeared"`
	Disappeared []string `json:"disappeared"`
	// Recreated kept their name but got a new UID.
	Recreated []string `json:"recreated"`
}

// Compare diffs before and after. Both sides need a bundle and a report.
func Compare(before, after Side) (*Diff, error) {
	if before.Bundle == nil || before.Report == nil || after.Bundle == nil || after.Report == nil {
		return nil, errors.New("compare: both sides need a bundle and its report")
	}
	d := &Diff{
		Before:     capture(before),
		After:      capture(after),
		Workloads:  workloads(before, after),
		Hypotheses: hypotheses(before.Report, after.Report),
		Objects:    objects(before.Bundle, after.Bundle),
	}
	return d, nil
}

func capture(s Side) Capture {
	c := Capture{CaptureTime: s.Bundle.CaptureTime.UTC().Format("2006-01-02T15:04:05Z"), Verdict: s.Report.Summary.Verdict, Revisions: []string{}}
	if s.Bundle.CaptureTime.IsZero() {
		c.CaptureTime = "unknown"
	}
	for _, src := range s.Bundle.Sources {
		c.Revisions = append(c.Revisions, src.Name+"@"+src.Revision)
	}
	return c
}
