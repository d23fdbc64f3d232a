// Package verify decides, from one loaded bundle and its analysis report,
// whether a change has really reached every layer: the Git revision is the
// one the source stored, the reconciler applied and Argo synced; the
// controllers observed the latest generation; every pod runs the current
// template (and the promoted digest) and is Ready; no restarts appeared;
// the Services route to the new pods only; the recorded checks pass.
//
// "Synced" and "apply returned" are not evidence that a change is running,
// so every check cites the live fields it read. Verify is pure: no I/O, no
// wall clock, the same result for the same inputs.
package verify

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/report"
)

// Status of one check, and of the whole verification.
type Status string

// Statuses, from best to worst. Skipped means there was nothing to check
// (for example no recorded checks/); it never changes the outcome.
const (
	Pass    Status = "pass"
	Skipped Status = "skipped"
	Unknown Status = "unknown"
	Fail    Status = "fail"
)

// Check names, part of the -o json contract.
const (
	CheckCollected  = "collected"
	CheckWorkload   = "workload-present"
	CheckRevision   = "revision"
	CheckGeneration = "generation"
	CheckTemplate   = "pods-current"
	CheckImage      = "image-digest"
	CheckReady      = "pods-ready"
	CheckRestarts   = "no-new-restarts"
	CheckEndpoints  = "endpoints"
	CheckRecorded   = "recorded-checks"
)

// Config says what must be live.
type Config struct {
	// Revision is the Git revision that must be live (a full or abbreviated
	// SHA, or a Flux "branch@sha1:SHA" string). Empty: the bundle's Git
	// source revision.
	Revision string
	// Workloads to check. Empty: every workload a GitOps reconciler manages
	// (layers.Workload.Owners), or every workload when none is managed.
	Workloads []bundle.Ref
	// Image is a promoted REF@sha256:DIGEST every container of that
	// repository must run, compared with containerStatuses[].imageID.
	Image string
	// Before is the baseline bundle for restart counts. Nil: a container's
	// restarts count unless its last termination provably came before its
	// workload's current revision began rolling out (rolloutStart), and all
	// count when that start is not recorded.
	Before *bundle.Bundle
}

// Check is one verified fact with its evidence.
type Check struct {
	Name string `json:"name"`
	// Layer is the state layer the check reads (layers.Order names).
	Layer   string `json:"layer"`
	Subject string `json:"subject"`
	Status  Status `json:"status"`
	Summary string `json:"summary"`
	// Evidence lists the fields read, one line each.
	Evidence []string `json:"evidence"`
}

// Result is the whole verification.
type Result struct {
	Status    Status   `json:"status"`
	Revision  string   `json:"revision,omitempty"`
	Image     string   `json:"image,omitempty"`
	Workloads []string `json:"workloads"`
	Checks    []Check  `json:"checks"`
}

// Verify runs every check on b and its report r. It returns an error only
// for unusable input (nil bundle or report, a malformed --image).
func Verify(b *bundle.Bundle, r *report.Report, cfg Config) (*Result, error) {
	if b == nil || r == nil {
		return nil, errors.New("verify: nil bundle or report")
	}
	img, err := parseImage(cfg.Image)
	if err != nil {
		return nil, err
	}
	for _, ref := range cfg.Workloads {
		if !slices.Contains(podControllers, ref.Kind) {
			return nil, fmt.Errorf("--workload %s: verify checks %s (Services through their endpoints)", ref, strings.Join(podControllers, ", "))
		}
	}
	if b.Index == nil {
		cp := *b
		cp.Index = bundle.NewIndex(b.Objects, b.Logs)
		b = &cp
	}
	v := &verifier{b: b, r: r, cfg: cfg, img: img}
	res := &Result{Revision: cfg.Revision, Image: cfg.Image, Workloads: []string{}}
	v.add(collected(b))
	ws := v.selectTargets()
	for _, w := range ws {
		res.Workloads = append(res.Workloads, w.ref.String())
	}
	v.add(v.revision(ws)...)
	for _, w := range ws {
		v.workload(w)
	}
	v.add(v.services(ws)...)
	v.add(recorded(b))
	res.Checks = v.checks
	res.Status = overall(res.Checks)
	return res, nil
}

// verifier carries the inputs and the checks gathered so far.
type verifier struct {
	b      *bundle.Bundle
	r      *report.Report
	cfg    Config
	img    *image
	checks []Check
	// managedKeys are the report subjects with GitOps owners (see managed).
	managedKeys map[bundle.Key]bool
	lk          *lookup
}

func (v *verifier) add(cs ...Check) {
	for _, c := range cs {
		if c.Evidence == nil {
			c.Evidence = []string{}
		}
		slices.Sort(c.Evidence)
		v.checks = append(v.checks, c)
	}
}

// target is one selected workload: its ref, its report entry (nil when the
// report does not have it) and its object.
type target struct {
	ref bundle.Ref
	w   *layers.Workload
	obj *bundle.Object
}

// overall is Fail when any check fails, else Unknown when any is unknown,
// else Pass.
func overall(cs []Check) Status {
	worst := Pass
	for _, c := range cs {
		if rank(c.Status) > rank(worst) {
			worst = c.Status
		}
	}
	if worst == Skipped {
		return Pass
	}
	return worst
}

func rank(s Status) int {
	return cmp.Or(slices.Index([]Status{Pass, Skipped, Unknown, Fail}, s), 0)
}
