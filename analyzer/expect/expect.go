// Package expect holds the expectations of a recorded incident (a fixture's
// expect.yaml) and checks an analysis report against them. It is what
// `rift test` runs, for rift's own fixtures and for users' recorded
// incidents and rules.
package expect

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"

	"sigs.k8s.io/yaml"
)

// Expectation is the content of expect.yaml. Every field is optional; an
// absent field is not checked.
type Expectation struct {
	// Question is the question the incident poses, for humans.
	Question string `json:"question,omitempty"`
	// Rationale says why the expected answer is right, for humans.
	Rationale string `json:"rationale,omitempty"`
	// Verdict is the expected summary verdict: healthy, degraded or unknown.
	Verdict string `json:"verdict,omitempty"`
	// Top constrains the rank-1 hypothesis.
	Top *Top `json:"top,omitempty"`
	// Within maps a rank N to causes that must each appear at rank <= N.
	Within map[string][]string `json:"within,omitempty"`
	// NotTop lists causes that must not be rank 1.
	NotTop []string `json:"notTop,omitempty"`
	// NoSupported, when true, requires that no hypothesis is supported
	// (the false-positive control for healthy bundles).
	NoSupported bool `json:"noSupported,omitempty"`
	// NotSupported lists causes that no hypothesis may support, on any
	// subject: the false-positive control for a cause the incident looks
	// like but is not (drift while a new revision never arrived, a
	// failure the object has since recovered from).
	NotSupported []string `json:"notSupported,omitempty"`
	// Ledger lists hypotheses the ledger must hold, each as an entry or a
	// member of one: what the incident must name beyond rank 1 (the
	// dependency a client's failure is tied to, an effect explained by its
	// cause).
	Ledger []Held `json:"ledger,omitempty"`
	// NotInLedger lists hypotheses no ledger entry or member may hold, in
	// any status: a second story the incident must not be told as (the
	// reconciler that only waited on the failing workload, named again as
	// not converged). Subject may be a pattern; empty matches any.
	NotInLedger []Absent `json:"notInLedger,omitempty"`
	// Divergences must each be matched by a reported divergence.
	Divergences []Divergence `json:"divergences,omitempty"`
	// Convergence maps a workload (Kind/namespace/name) to its verdict.
	Convergence map[string]string `json:"convergence,omitempty"`
	// EarliestFailure constrains the bundle-wide earliest failure.
	EarliestFailure *Failure `json:"earliestFailure,omitempty"`
}

// Absent is a hypothesis the ledger must not hold: Cause, on Subject when
// it is given.
type Absent struct {
	Cause   string `json:"cause"`
	Subject string `json:"subject,omitempty"`
}

// Objects are written Kind/namespace/name and may use path.Match patterns
// ("Pod/shop/web-65c886bfc4-*") for names a controller generates.

// Top constrains rank 1: its cause must be one of Causes, when Subjects
// is set its subject one of Subjects, and when Owner is set its repair
// owner Owner.
type Top struct {
	Causes   []string `json:"causes"`
	Subjects []string `json:"subjects,omitempty"`
	// Owner, when set, is the repair owner rank 1 must name
	// (repository, external-dependency, ...): the right cause with the
	// repair at the wrong owner still sends the wrong team.
	Owner string `json:"owner,omitempty"`
}

// Divergence matches a reported divergence on Object whose path contains
// PathContains and, when Expected is set, whose expected value is Expected:
// "absent" for a field Git removed that the live object kept (removed),
// else the expected value's JSON text ("512Mi" is written "\"512Mi\"").
type Divergence struct {
	Object       string `json:"object"`
	PathContains string `json:"pathContains"`
	Expected     string `json:"expected,omitempty"`
}

// Held matches a hypothesis of Cause on a subject matching Subject; when
// set, Status must be its own status (supported, open, contradicted,
// resolved) and ExplainedBy must match one of the hypotheses explaining it,
// written as the report prints them: "rule-id:Kind/namespace/name".
type Held struct {
	Cause       string `json:"cause"`
	Subject     string `json:"subject"`
	Status      string `json:"status,omitempty"`
	ExplainedBy string `json:"explainedBy,omitempty"`
}

// Failure matches the earliest failure by object and reason.
type Failure struct {
	Object string `json:"object"`
	Reason string `json:"reason"`
}

// Read parses an expect.yaml file. Unknown fields are an error, so a typo
// cannot silently turn an expectation off: the error names the file, the
// line, the key and the keys allowed there
// (`x/expect.yaml:3: unknown key "verdit" (known keys: ...)`).
func Read(path string) (*Expectation, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var e Expectation
	if err := yaml.UnmarshalStrict(data, &e); err != nil {
		if kerr := unknownKey(filepath.ToSlash(path), data, reflect.TypeFor[Expectation]()); kerr != nil {
			return nil, kerr
		}
		return nil, fmt.Errorf("%s: %w", filepath.ToSlash(path), err)
	}
	for k := range e.Within {
		if n, err := strconv.Atoi(k); err != nil || n < 1 {
			return nil, fmt.Errorf("%s: within: rank %q is not a positive integer", filepath.ToSlash(path), k)
		}
	}
	return &e, nil
}

func withinRanks(w map[string][]string) []int {
	var out []int
	for k := range w {
		n, _ := strconv.Atoi(k)
		out = append(out, n)
	}
	sort.Ints(out)
	return out
}
