package hypothesis

import (
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
)

// Hypothesis statuses.
const (
	Supported    = "supported"
	Open         = "open"
	Contradicted = "contradicted"
	// Resolved is history: the rule's failure happened, but the subject
	// has converged since and the failure has not come back (resolve). A
	// resolved hypothesis never makes the verdict degraded and ranks after
	// every current one.
	Resolved = "resolved"
)

// Repair owners, from the authority boundary of the seed skill.
const (
	OwnerRepository         = "repository"
	OwnerExternalDependency = "external-dependency"
	OwnerControllerAction   = "controller-action"
	OwnerLiveMitigation     = "live-mitigation"
	OwnerNone               = "none"
)

// Hypothesis is one ranked entry of the ledger.
type Hypothesis struct {
	Rank int `json:"rank"`
	// ID is stable for the same bundle and policies: rule id + subject.
	ID            string              `json:"id"`
	Rule          string              `json:"rule"`
	Cause         string              `json:"cause"`
	Subject       bundle.Ref          `json:"subject"`
	Status        string              `json:"status"`
	Score         int                 `json:"score"`
	Summary       string              `json:"summary"`
	Supporting    []evidence.Evidence `json:"supporting"`
	Contradicting []evidence.Evidence `json:"contradicting"`
	NextCheck     string              `json:"nextCheck"`
	Repair        Repair              `json:"repair"`
	// Explains lists the IDs of hypotheses this one explains (its effects).
	Explains []string `json:"explains"`
	// ExplainedBy lists the IDs of hypotheses that explain this one.
	ExplainedBy []string `json:"explainedBy,omitempty"`
	// Layer is the rule's layer (from its metadata), where the cause lives.
	Layer string `json:"layer,omitempty"`
	// FirstFailure is the earliest time in the supporting evidence (or the
	// subject's earliest failure on the timeline), used for ranking.
	FirstFailure *time.Time `json:"firstFailure,omitempty"`
	// ResolvedAt is when a Resolved hypothesis's failure stopped: the
	// moment its subject's present converged state began.
	ResolvedAt *time.Time `json:"resolvedAt,omitempty"`
	// Members lists the hypotheses a grouped entry stands for, in rank
	// order, when it stands for more than one (group.go); a hypothesis of
	// its own has none. A group's ID, subject, summary, next check and
	// repair are its first member's; its status is its best member's, its
	// evidence and links the union of its members'.
	Members []Member `json:"members,omitempty"`
	// Extent says in words what a group's members span, e.g.
	// "504 pods in 120 workloads". Empty for a hypothesis of its own.
	Extent string `json:"extent,omitempty"`
	// SupportingOmitted and ContradictingOmitted count the evidence items
	// the default report leaves out of Supporting and Contradicting
	// (report.Brief); a full report leaves nothing out.
	SupportingOmitted    int `json:"supportingOmitted,omitempty"`
	ContradictingOmitted int `json:"contradictingOmitted,omitempty"`
}

// Member is one hypothesis of a grouped ledger entry: its own subject,
// status and summary, and (in a full report) its own evidence and links.
type Member struct {
	// ID is the member's own hypothesis ID (rule id + subject); the
	// Explains and ExplainedBy lists of every entry name members by it.
	ID      string     `json:"id"`
	Subject bundle.Ref `json:"subject"`
	// Owner is the workload that owns the subject through controller
	// references (a Pod's Deployment), when it is not the subject itself.
	Owner        *bundle.Ref `json:"owner,omitempty"`
	Status       string      `json:"status"`
	Summary      string      `json:"summary"`
	NextCheck    string      `json:"nextCheck,omitempty"`
	FirstFailure *time.Time  `json:"firstFailure,omitempty"`
	ResolvedAt   *time.Time  `json:"resolvedAt,omitempty"`
	// Supporting, Contradicting, Explains and ExplainedBy are the member's
	// own. The default report leaves them out (the entry's lists hold
	// their union); rift analyze -o json --full keeps them.
	Supporting    []evidence.Evidence `json:"supporting,omitempty"`
	Contradicting []evidence.Evidence `json:"contradicting,omitempty"`
	Explains      []string            `json:"explains,omitempty"`
	ExplainedBy   []string            `json:"explainedBy,omitempty"`
}

// Individuals returns the hypotheses an entry stands for: its members, or
// the entry itself when it stands alone. It is how a reader that compares
// or matches single hypotheses (rift diff, rift test) sees a grouped
// ledger.
func (h *Hypothesis) Individuals() []Member {
	if len(h.Members) > 0 {
		return h.Members
	}
	return []Member{{
		ID: h.ID, Subject: h.Subject, Status: h.Status, Summary: h.Summary, NextCheck: h.NextCheck,
		FirstFailure: h.FirstFailure, ResolvedAt: h.ResolvedAt,
		Supporting: h.Supporting, Contradicting: h.Contradicting, Explains: h.Explains, ExplainedBy: h.ExplainedBy,
	}}
}

// Repair is the repair contract at the authoritative owner. rift never
// performs it.
type Repair struct {
	Owner          string   `json:"owner"`
	Action         string   `json:"action"`
	Preconditions  []string `json:"preconditions"`
	StopConditions []string `json:"stopConditions"`
	Rollback       string   `json:"rollback"`
	// Acceptance holds checks per layer that prove recovery.
	Acceptance []Acceptance `json:"acceptance"`
}

// Acceptance is one verification check at one layer.
type Acceptance struct {
	Layer string `json:"layer"`
	Check string `json:"check"`
}

// Summary leads the report.
type Summary struct {
	// Verdict is healthy, degraded or unknown.
	Verdict        string `json:"verdict"`
	Impact         string `json:"impact"`
	EarliestCause  string `json:"earliestCause"`
	MutationNeeded bool   `json:"mutationNeeded"`
}
