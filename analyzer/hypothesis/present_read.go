package hypothesis

import (
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// condition is the part of a status condition the present state reads.
type condition struct {
	status string
	at     time.Time // lastTransitionTime; zero when absent or unreadable
}

// since is the time the condition's present state began, when that state
// is the one asked for.
func (c condition) since(ok bool) time.Time {
	if !ok {
		return time.Time{}
	}
	return c.at
}

// readyCondition is the first of readyConditions that o reports.
func readyCondition(o *bundle.Object) (condition, bool) {
	list := facts.Slice(o.Object, "status", "conditions")
	for _, t := range readyConditions {
		if c, ok := conditionOf(list, t); ok {
			return c, true
		}
	}
	return condition{}, false
}

// readySince is the latest transition to True among o's ready conditions,
// or, for a pod that ran to completion, when its last container finished.
func readySince(o *bundle.Object) time.Time {
	var t time.Time
	list := facts.Slice(o.Object, "status", "conditions")
	for _, ct := range readyConditions {
		if c, ok := conditionOf(list, ct); ok && c.status == "True" {
			t = later(t, c.at)
		}
	}
	if finished(o) {
		for _, s := range facts.Slice(o.Object, "status", "containerStatuses") {
			m, _ := s.(map[string]any)
			t = later(t, parseTime(str(m, "state", "terminated", "finishedAt")))
		}
	}
	return t
}

// finished: o ran to completion and will not run again (a Succeeded pod).
func finished(o *bundle.Object) bool {
	return o.GetKind() == "Pod" && str(o.Object, "status", "phase") == "Succeeded"
}

// podReady: a pod serves (Running with Ready=True) or ran to completion.
func podReady(p *bundle.Object) bool {
	switch str(p.Object, "status", "phase") {
	case "Succeeded":
		return true
	case "Running":
		c, ok := conditionOf(facts.Slice(p.Object, "status", "conditions"), "Ready")
		return ok && c.status == "True"
	}
	return false
}

// conditionOf reads the condition of type t from a status.conditions
// list; the first of a type wins, as in the rules' lib.condition. It
// scans the list in place: most objects have a handful of conditions, and
// a map per object would cost more than the scans.
func conditionOf(list []any, t string) (condition, bool) {
	for _, c := range list {
		m, _ := c.(map[string]any)
		if str(m, "type") == t {
			return condition{status: str(m, "status"), at: parseTime(str(m, "lastTransitionTime"))}, true
		}
	}
	return condition{}, false
}

func parseTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}
