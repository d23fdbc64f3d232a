package hypothesis

import (
	"encoding/json"
	"fmt"
	"regexp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// ruleOutput is one element of a rule's `hypothesis` set.
type ruleOutput struct {
	Cause         string        `json:"cause"`
	Subject       bundle.Ref    `json:"subject"`
	Status        string        `json:"status"`
	Summary       string        `json:"summary"`
	Supporting    []rawEvidence `json:"supporting"`
	Contradicting []rawEvidence `json:"contradicting"`
	NextCheck     string        `json:"nextCheck"`
	Repair        Repair        `json:"repair"`
	Explains      []link        `json:"explains"`
}

// rawEvidence is one evidence item as a rule writes it (time as text).
type rawEvidence struct {
	Object  *bundle.Ref `json:"object"`
	Path    string      `json:"path"`
	Event   string      `json:"event"`
	File    string      `json:"file"`
	Time    string      `json:"time"`
	Message string      `json:"message"`
}

// link names a hypothesis another one explains, by cause and subject.
type link struct {
	Cause   string     `json:"cause"`
	Subject bundle.Ref `json:"subject"`
}

// readOnlyCheck accepts the read-only commands a nextCheck may be: kubectl
// reads, Flux and Argo CD status reads (an Argo CD project and its sync
// windows included). Anything else (apply, delete,
// reconcile, sync, exec...) is refused, because rift only suggests checks
// that cannot change a system.
var readOnlyCheck = regexp.MustCompile(`^(kubectl (get|describe|logs|events|auth can-i|top)|flux (get|tree|events|logs|trace|stats)|argocd app (get|diff|history|resources|manifests)|argocd proj (get|windows list)|dig|nslookup|curl -sS -o /dev/null|helm (status|history|get)) `)

// chaining refuses shell operators that would append a second command to a
// read-only one.
var chaining = regexp.MustCompile("[;&|<>`]|\\$\\(")

// candidate is a hypothesis before ranking, with its unresolved links.
type candidate struct {
	h     Hypothesis
	links []link
	// explicit is true when the rule set the status itself.
	explicit bool
}

// decode turns one rule's result set into candidates. Malformed output is
// an error naming the rule, not a silent drop.
func decode(r *Rule, v any) ([]candidate, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("rule %s: %w", r.ID, err)
	}
	var outs []ruleOutput
	if err := json.Unmarshal(b, &outs); err != nil {
		return nil, fmt.Errorf("rule %s: hypothesis set: %w", r.ID, err)
	}
	cs := make([]candidate, 0, len(outs))
	for _, o := range outs {
		h, err := o.hypothesis(r)
		if err != nil {
			return nil, fmt.Errorf("rule %s: %s: %w", r.ID, o.Subject, err)
		}
		for _, l := range o.Explains {
			if l.Cause == "" || l.Subject.Kind == "" || l.Subject.Name == "" {
				return nil, fmt.Errorf("rule %s: %s: explains needs cause and subject kind and name", r.ID, o.Subject)
			}
		}
		cs = append(cs, candidate{h: h, links: o.Explains, explicit: o.Status != ""})
	}
	return cs, nil
}

// hypothesis checks one rule output against the output contract of
// docs/rules.md and converts it; the ID is rule id + subject.
func (o ruleOutput) hypothesis(r *Rule) (Hypothesis, error) {
	switch {
	case o.Cause != "" && o.Cause != r.Cause:
		return Hypothesis{}, fmt.Errorf("cause %q differs from the rule's metadata cause %q", o.Cause, r.Cause)
	case o.Subject.Kind == "" || o.Subject.Name == "":
		return Hypothesis{}, fmt.Errorf("subject needs kind and name")
	case o.Status != "" && o.Status != Supported && o.Status != Open && o.Status != Contradicted:
		return Hypothesis{}, fmt.Errorf("status %q: want supported, open or contradicted", o.Status)
	case o.NextCheck != "" && (!readOnlyCheck.MatchString(o.NextCheck+" ") || chaining.MatchString(o.NextCheck)):
		return Hypothesis{}, fmt.Errorf("nextCheck %q is not a read-only command", o.NextCheck)
	}
	switch o.Repair.Owner {
	case "":
		o.Repair.Owner = OwnerNone
	case OwnerRepository, OwnerExternalDependency, OwnerControllerAction, OwnerLiveMitigation, OwnerNone:
	default:
		return Hypothesis{}, fmt.Errorf("repair.owner %q: want repository, external-dependency, controller-action, live-mitigation or none", o.Repair.Owner)
	}
	h := Hypothesis{
		ID: r.ID + ":" + o.Subject.String(), Rule: r.ID, Cause: r.Cause, Subject: o.Subject,
		Status: o.Status, Summary: o.Summary, NextCheck: o.NextCheck, Repair: o.Repair, Layer: r.Layer,
		Supporting: convertEvidence(o.Supporting), Contradicting: convertEvidence(o.Contradicting),
		Explains: []string{},
	}
	h.Repair.normalize()
	return h, nil
}

// normalize makes empty lists empty rather than null in the report.
func (r *Repair) normalize() {
	for _, l := range []*[]string{&r.Preconditions, &r.StopConditions} {
		if *l == nil {
			*l = []string{}
		}
	}
	if r.Acceptance == nil {
		r.Acceptance = []Acceptance{}
	}
}
