package layers

import (
	"encoding/json"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
)

// Layer names, in causal order. They are part of the report contract.
const (
	LayerDesired      = "desired"
	LayerRendered     = "rendered"
	LayerGitOps       = "gitops"
	LayerApplied      = "applied"
	LayerController   = "controller"
	LayerRuntime      = "runtime"
	LayerDependencies = "dependencies"
	LayerExternal     = "external"
)

// Order lists the layer names in causal order.
var Order = []string{LayerDesired, LayerRendered, LayerGitOps, LayerApplied, LayerController, LayerRuntime, LayerDependencies, LayerExternal}

// Status of a layer or stage.
const (
	StatusOK            = "ok"
	StatusProgressing   = "progressing"
	StatusFailed        = "failed"
	StatusUnknown       = "unknown"
	StatusNotApplicable = "notApplicable"
)

// Stage names, in rollout order.
const (
	StageAccepted  = "accepted"
	StageActedOn   = "actedOn"
	StageScheduled = "scheduled"
	StagePulled    = "pulled"
	StageStarted   = "started"
	StageReady     = "ready"
	StageRouted    = "routed"
)

// StageOrder lists the stage names in rollout order.
var StageOrder = []string{StageAccepted, StageActedOn, StageScheduled, StagePulled, StageStarted, StageReady, StageRouted}

// Convergence verdicts.
const (
	Converged   = "converged"
	Progressing = "progressing"
	Blocked     = "blocked"
	Failed      = "failed"
	// Suspended: reconciliation is paused on purpose (spec.suspend of a
	// Flux object, a CronJob or a Job; a paused custom resource).
	Suspended = "suspended"
	Unknown   = "unknown"
)

// Blockers: the controller settings that hold a rollout until someone acts.
const (
	BlockerOnDelete     = "onDelete"     // updateStrategy OnDelete: pods change only when deleted
	BlockerPartition    = "partition"    // a StatefulSet partition holds lower ordinals back
	BlockerPaused       = "paused"       // a Deployment's spec.paused
	BlockerOrderedReady = "orderedReady" // an OrderedReady StatefulSet waits on an unready old pod
	BlockerTerminating  = "terminating"  // a Recreate Deployment waits on an old pod that does not go
)

// Workload is one subject of the analysis (a workload, a GitOps object or a
// Service) with its rebuilt layers, stages and divergences.
type Workload struct {
	Ref               bundle.Ref `json:"ref"`
	Convergence       string     `json:"convergence"`
	ConvergenceReason string     `json:"convergenceReason"`
	// Blocker names the controller setting that holds a blocked rollout
	// (BlockerOnDelete, BlockerPartition, BlockerPaused,
	// BlockerOrderedReady, BlockerTerminating). It is empty for every other verdict, and for a
	// block whose cause is a failing pod or object: the rules about that
	// failure explain the block, and the rollout-blocked rule reads this
	// field instead of judging the controller again.
	Blocker     string       `json:"blocker,omitempty"`
	Stages      []Stage      `json:"stages"`
	Layers      []Layer      `json:"layers"`
	Divergences []Divergence `json:"divergences"`
	// Owners are the GitOps objects that manage this workload (Kustomization,
	// HelmRelease, Application), found through labels, annotations or
	// inventories.
	Owners []bundle.Ref `json:"owners,omitempty"`
	// Pods are the pods that belong to the workload, sorted by name.
	Pods []PodState `json:"pods,omitempty"`
	// Apply is whether an apply is in flight, read from the reconcilers'
	// own records; nil when no reconciler in the bundle manages it.
	Apply *ApplyState `json:"apply,omitempty"`
	// WaitsOn lists, for a GitOps object that is failed or blocked because
	// it waited for what it applied (a Flux health check or Helm's --wait
	// ran out, an Argo CD Application Degraded by its resources), the
	// workloads it manages that are themselves blocked or failed: those
	// its message names, or all of them when it names none the bundle
	// holds. What explains them explains it. Sorted; empty otherwise.
	WaitsOn []bundle.Ref `json:"waitsOn,omitempty"`
	// DivergencesOmitted and PodsOmitted count what the default report
	// leaves out of Divergences and Pods; DetailOmitted is set when it
	// lists a converged workload by its verdict only, without stages,
	// layers, divergences and pods (report.Brief). A full report leaves
	// nothing out.
	DivergencesOmitted int  `json:"divergencesOmitted,omitempty"`
	PodsOmitted        int  `json:"podsOmitted,omitempty"`
	DetailOmitted      bool `json:"detailOmitted,omitempty"`
}

// PodState summarises one pod of a workload.
type PodState struct {
	Name string `json:"name"`
	// Revision is the pod-template-hash or controller-revision-hash it runs.
	Revision string `json:"revision,omitempty"`
	// Current is true when Revision is the workload's current template
	// revision.
	Current  bool   `json:"current"`
	Phase    string `json:"phase,omitempty"`
	Ready    bool   `json:"ready"`
	Restarts int64  `json:"restarts"`
	Node     string `json:"node,omitempty"`
	// Reason is the most telling waiting/terminated reason, if any.
	Reason string `json:"reason,omitempty"`
}

// Stage is one rollout stage of a workload.
type Stage struct {
	Name     string              `json:"name"`
	Status   string              `json:"status"`
	Evidence []evidence.Evidence `json:"evidence"`
	// EvidenceOmitted counts the items the default report leaves out of
	// Evidence (report.Brief).
	EvidenceOmitted int `json:"evidenceOmitted,omitempty"`
}

// Layer is one state layer of a workload.
type Layer struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	// Identity names the object(s) that make up the layer for this workload.
	Identity string `json:"identity,omitempty"`
	// Revision is the Git revision, generation or template hash the layer is
	// at, in the layer's own terms.
	Revision string              `json:"revision,omitempty"`
	Evidence []evidence.Evidence `json:"evidence"`
	// EvidenceOmitted counts the items the default report leaves out of
	// Evidence (report.Brief).
	EvidenceOmitted int `json:"evidenceOmitted,omitempty"`
}

// Divergence is one declared field that differs between two layers.
type Divergence struct {
	// Between names the two layers, expected side first.
	Between [2]string  `json:"between"`
	Object  bundle.Ref `json:"object"`
	// Path is readable: spec.template.spec.containers[name=kafka].readinessProbe.
	Path     string          `json:"path"`
	Expected json.RawMessage `json:"expected"`
	Observed json.RawMessage `json:"observed"`
	// Owner is the field manager that owns the observed value, from
	// managedFields, when known (e.g. kubectl-set, an HPA controller).
	Owner string `json:"owner,omitempty"`
	// Removed is true for a field the rendered manifest no longer declares
	// but the live object kept, which the GitOps applier owns in
	// managedFields or recorded in last-applied-configuration: Expected is
	// null (absent) and Owner is that applier.
	Removed bool `json:"removed,omitempty"`
}
