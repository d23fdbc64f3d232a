// Package report holds rift's analysis report, the one schema behind every
// output format, and its renderers (text, JSON, Markdown, HTML).
package report

import (
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// Kind and APIVersion of the report document.
const (
	APIVersion = "rift.dev/v1alpha1"
	Kind       = "Report"
)

// Report is the full result of analysing one bundle. Its JSON form is
// documented in docs/report.schema.json and is byte-identical across runs
// for the same bundle and policies.
type Report struct {
	APIVersion      string                    `json:"apiVersion"`
	Kind            string                    `json:"kind"`
	Bundle          BundleInfo                `json:"bundle"`
	Summary         hypothesis.Summary        `json:"summary"`
	Workloads       []layers.Workload         `json:"workloads"`
	Timeline        []timeline.Entry          `json:"timeline"`
	EarliestFailure *timeline.EarliestFailure `json:"earliestFailure"`
	// EarliestPerWorkload maps a workload's Ref.String() to its own earliest
	// failure (timeline.Timeline.PerWorkload); Index points into Timeline.
	// It lets a report focused on one workload lead with that workload's
	// first failure. encoding/json writes map keys sorted.
	EarliestPerWorkload map[string]*timeline.EarliestFailure `json:"earliestPerWorkload,omitempty"`
	Hypotheses          []hypothesis.Hypothesis              `json:"hypotheses"`
	// Verification lists the checks, layer by layer, that would prove
	// recovery from the top hypothesis.
	Verification []hypothesis.Acceptance `json:"verification"`
	// Residual lists what the bundle could not show.
	Residual []string `json:"residual"`
	// RuleErrors are the rules that failed on this bundle, each with its
	// file, id and error: their hypotheses are missing (Residual says so
	// first). rift test fails a fixture whose report has any.
	RuleErrors []string `json:"ruleErrors,omitempty"`
	// Omitted counts what the default report left out so that a person
	// can open it at any size (Brief); each list that was bounded also
	// says so beside itself. Nil when nothing was left out, and always
	// in a full report (RenderOptions.Full, rift analyze --full).
	Omitted *Omitted `json:"omitted,omitempty"`
}

// Omitted counts, over the whole report, what Brief left out.
type Omitted struct {
	// TimelineEntries is how many timeline entries were left out.
	TimelineEntries int `json:"timelineEntries,omitempty"`
	// WorkloadDetails is how many converged workloads are listed by
	// their verdict only (layers.Workload.DetailOmitted).
	WorkloadDetails int `json:"workloadDetails,omitempty"`
	// Evidence is how many evidence items were left out of hypotheses,
	// layers and stages (their *Omitted counts).
	Evidence int `json:"evidence,omitempty"`
	// Divergences and Pods are how many were left out of workloads.
	Divergences int `json:"divergences,omitempty"`
	Pods        int `json:"pods,omitempty"`
}

// BundleInfo is the scope and identity section of the report.
type BundleInfo struct {
	Format      bundle.Format `json:"format"`
	CaptureTime time.Time     `json:"captureTime,omitzero"` // absent when unknown
	Inferred    bool          `json:"captureTimeInferred,omitempty"`
	// CaptureUnknown says why the capture time is unknown (and absent):
	// no time is ever written as 0001-01-01.
	CaptureUnknown string                `json:"captureTimeUnknown,omitempty"`
	Scope          bundle.Scope          `json:"scope"`
	Collector      bundle.Collector      `json:"collector"`
	NotCollected   []bundle.NotCollected `json:"notCollected"`
	Sources        []SourceInfo          `json:"sources"`
	Objects        int                   `json:"objects"`
	LoadErrors     []bundle.LoadError    `json:"loadErrors"`
	Gaps           []string              `json:"gaps"`
}

// SourceInfo is one Git source in the report.
type SourceInfo struct {
	Name     string     `json:"name"`
	URL      string     `json:"url,omitempty"`
	Revision string     `json:"revision,omitempty"`
	Commit   *time.Time `json:"commitTime,omitempty"`
	Path     string     `json:"path,omitempty"`
}
