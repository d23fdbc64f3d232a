package timeline

import (
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// Entry types.
const (
	TypeNormal     = "Normal"
	TypeWarning    = "Warning"
	TypeTransition = "transition"
	TypeChange     = "change"
	TypeLog        = "log"
	TypeCheck      = "check"
	// TypeState is a state observed at capture time (a pod still not
	// Ready), placed at the capture time rather than at a transition.
	TypeState = "state"
)

// Entry sources.
const (
	SourceEvent      = "event"
	SourceCondition  = "condition"
	SourceContainer  = "container"
	SourceLifecycle  = "lifecycle"
	SourceGit        = "git"
	SourceReconciler = "reconciler"
	SourceLog        = "log"
	SourceCheck      = "check"
	SourceSnapshot   = "snapshot"
)

// Precisions and confidences.
const (
	PrecisionSecond      = "second"
	PrecisionMicrosecond = "microsecond"
	PrecisionInferred    = "inferred"
	ConfidenceHigh       = "high"
	ConfidenceLow        = "low"
)

// Entry is one point (or collapsed span) on the timeline.
type Entry struct {
	Time time.Time `json:"time"`
	// Precision is "second", "microsecond" or "inferred" (a time derived from
	// another, lower-confidence source).
	Precision string     `json:"precision"`
	Object    bundle.Ref `json:"object"`
	UID       string     `json:"uid,omitempty"`
	Layer     string     `json:"layer"`
	Type      string     `json:"type"`
	Reason    string     `json:"reason"`
	Message   string     `json:"message"`
	// Failure is true for a Warning or a failed transition.
	Failure bool `json:"failure,omitempty"`
	// Count, FirstTime and LastTime are set on collapsed retry loops.
	Count     int64      `json:"count,omitempty"`
	FirstTime *time.Time `json:"firstTime,omitempty"`
	LastTime  *time.Time `json:"lastTime,omitempty"`
	// Workloads are the workloads (and GitOps objects) this entry links to
	// through ownership, revision or reference.
	Workloads []bundle.Ref `json:"workloads,omitempty"`
	// Source says where the entry came from: event, condition, container,
	// lifecycle, git, reconciler, log, check.
	Source string `json:"source"`
	// Confidence is "high", or "low" when the fact survives only in
	// conditions or container state (events expired).
	Confidence string `json:"confidence,omitempty"`
	// File locates the entry's evidence in the bundle.
	File string `json:"file,omitempty"`
	// Container names the container for container-state and log entries.
	Container string `json:"container,omitempty"`
	// Revision is the Git revision, template hash or controller revision
	// the entry is about, when it has one.
	Revision string `json:"revision,omitempty"`
	// Clock names the clock the time was read from: cluster (API server,
	// controllers, kubelets), git (the committer's clock), log (the
	// container's clock) or check (the recorder's clock). Orderings across
	// clocks can depend on skew.
	Clock string `json:"clock,omitempty"`
}

// EarliestFailure names where the failure started.
type EarliestFailure struct {
	// Entry is the earliest discriminating failure.
	Entry Entry `json:"entry"`
	// Index is Entry's position in the timeline.
	Index int `json:"index"`
	// Why explains why earlier failures were not chosen (effects of this one,
	// unrelated chains).
	Why string `json:"why,omitempty"`
	// SkewWarning is set when the ordering depends on clocks of different
	// sources.
	SkewWarning string `json:"skewWarning,omitempty"`
	// Explains lists the timeline positions of later failures in the same
	// chain that the explanation table attributes to Entry.
	Explains []int `json:"explains,omitempty"`
	// Workload is the chain the failure was chosen in (a workload's
	// Ref.String(), or the object itself when it has no workload).
	Workload string `json:"workload,omitempty"`
}

// Timeline is the merged chronology of a bundle.
type Timeline struct {
	Entries []Entry `json:"entries"`
	// Earliest is the bundle-wide earliest discriminating failure.
	Earliest *EarliestFailure `json:"earliestFailure,omitempty"`
	// PerWorkload maps a workload's Ref.String() to its earliest failure.
	PerWorkload map[string]*EarliestFailure `json:"perWorkload,omitempty"`
	// Gaps state missing evidence: expired events, namespaces without events.
	Gaps []string `json:"gaps,omitempty"`
}
