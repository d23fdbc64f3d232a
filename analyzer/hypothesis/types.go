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
