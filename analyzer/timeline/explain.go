package timeline

import (
	"fmt"
	"sync"

	"sigs.k8s.io/yaml"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/policies"
)

// Explanation is one row of the "A explains B" table: a failure whose
// reason is Effect is attributed to an earlier failure whose reason is
// Cause in the same chain, and so is not the earliest discriminating
// failure. Cause "*" means any earlier failure: the effect is never a root
// cause on its own (a deadline, a health check, a retry back-off).
//
// SameObject restricts the row to cause and effect on the same object
// (the same pod's probe failures and back-off); otherwise they only need
// to share a chain (linked by ownership or reference).
//
// The table is data, and there is one: policies/causality.yaml, embedded
// in the binary. A user adds rows with a causality.yaml beside their rules
// (the rule engine reads it, hypothesis.Engine.Explanations) and passes
// the result in Options.Explanations. docs/timeline.md lists the rows.
type Explanation struct {
	Cause      string `json:"cause"`
	Effect     string `json:"effect"`
	SameObject bool   `json:"sameObject,omitempty"`
	Why        string `json:"why"`
}

// DefaultExplanations returns a fresh copy of the built-in table,
// policies/causality.yaml.
func DefaultExplanations() []Explanation {
	builtinOnce.Do(func() {
		var err error
		if builtin, err = ParseExplanations("policies/causality.yaml", policies.Causality); err != nil {
			panic(err) // the embedded table is tested: TestBuiltinCausality
		}
	})
	return append([]Explanation(nil), builtin...)
}

var (
	builtinOnce sync.Once
	builtin     []Explanation
)

// ParseExplanations reads a causality table in the shape of
// policies/causality.yaml: {explanations: [{cause, effect, sameObject,
// why}]}. Every row needs a cause, an effect and a why; unknown fields are
// an error, so that a misspelt sameObject does not silently widen a row.
func ParseExplanations(file string, data []byte) ([]Explanation, error) {
	var doc struct {
		Explanations []Explanation `json:"explanations"`
	}
	if err := yaml.UnmarshalStrict(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	for i, r := range doc.Explanations {
		if r.Cause == "" || r.Effect == "" || r.Why == "" {
			return nil, fmt.Errorf("%s: explanations[%d]: cause, effect and why are required", file, i)
		}
	}
	return doc.Explanations, nil
}

// explainer indexes an explanation table by effect, beside the GitOps
// objects that failed waiting for what they applied.
type explainer struct {
	rows map[string][]Explanation
	// waiting are the reconcilers the layers say waited on stuck
	// workloads (layers.Workload.WaitsOn): any failure of theirs is
	// explained by an earlier failure in the chain of what they waited on.
	waiting map[bundle.Key]bool
}

// waitRow is the explanation of a waiting reconciler's failure.
var waitRow = Explanation{Cause: "*", Why: "the reconciler waited for what it applied (the layers' waitsOn), and this failure is what it waited on"}

func newExplainer(rows []Explanation, waiting map[bundle.Key]bool) explainer {
	ex := explainer{rows: map[string][]Explanation{}, waiting: waiting}
	for _, r := range rows {
		ex.rows[r.Effect] = append(ex.rows[r.Effect], r)
	}
	return ex
}

// waits reports whether e is a failure of a reconciler that waited on
// other workloads.
func (ex explainer) waits(e *Entry) bool { return ex.waiting[e.Object.Key()] }

// explains returns the row by which cause explains effect, if any. A
// cause is never explained by itself, and a failure cannot explain one of
// the same reason (the first of a series is the discriminating one).
func (ex explainer) explains(cause, effect *Entry) (Explanation, bool) {
	if cause == effect {
		return Explanation{}, false
	}
	for _, r := range ex.rows[effect.Reason] {
		if r.Cause != "*" && r.Cause != cause.Reason {
			continue
		}
		if r.SameObject && !sameObject(cause, effect) {
			continue
		}
		return r, true
	}
	return Explanation{}, false
}

// pureEffect reports whether reason is explained by any earlier failure:
// such a failure only reports that something else went wrong.
func (ex explainer) pureEffect(reason string) bool {
	for _, r := range ex.rows[reason] {
		if r.Cause == "*" {
			return true
		}
	}
	return false
}

func sameObject(a, b *Entry) bool {
	if a.UID != "" && b.UID != "" {
		return a.UID == b.UID
	}
	return a.Object.Key() == b.Object.Key()
}
