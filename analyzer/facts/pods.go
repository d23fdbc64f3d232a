package facts

import (
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// Condition is the part of a status condition the stages read.
type Condition struct {
	Type, Status, Reason, Message string
	// At is lastTransitionTime (lastUpdateTime when that is absent); zero
	// when neither is present or readable.
	At time.Time
}

// ConditionOf returns o's status condition of type t; the first of a type
// wins when bad input lists one twice, as the rules' lib.condition does.
// It scans the list in place: objects have a handful of conditions, and
// building a map per object costs more than the scans.
func ConditionOf(o *bundle.Object, t string) (Condition, bool) {
	for _, v := range Slice(o.Object, "status", "conditions") {
		m, _ := v.(map[string]any)
		if String(m, "type") != t {
			continue
		}
		return ReadCondition(m), true
	}
	return Condition{}, false
}

// ReadCondition reads one status condition: its time is
// lastTransitionTime, or lastUpdateTime when that is absent.
func ReadCondition(m map[string]any) Condition {
	c := Condition{Type: String(m, "type"), Status: String(m, "status"), Reason: String(m, "reason"), Message: String(m, "message")}
	if c.At = Time(String(m, "lastTransitionTime")); c.At.IsZero() {
		c.At = Time(String(m, "lastUpdateTime"))
	}
	return c
}

// ReadyConditions are the condition types that, True, mean an object
// serves what it was asked for, in the order the conventions give them.
var ReadyConditions = []string{"Ready", "Available", "Complete", "Established"}

// ReadyCondition is the first of ReadyConditions that o reports.
func ReadyCondition(o *bundle.Object) (Condition, bool) {
	var best Condition
	rank := len(ReadyConditions)
	readyConditions(o, func(i int, c Condition) {
		if i < rank {
			best, rank = c, i
		}
	})
	return best, rank < len(ReadyConditions)
}

// readyConditions calls f with the index in ReadyConditions and the
// reading of each ready condition o reports, the first of a type only, in
// one pass over the list: the present state asks this of every object of
// a large bundle.
func readyConditions(o *bundle.Object, f func(i int, c Condition)) {
	var seen [8]bool // len(ReadyConditions) <= len(seen)
	for _, v := range Slice(o.Object, "status", "conditions") {
		m, _ := v.(map[string]any)
		t := String(m, "type")
		for i, rt := range ReadyConditions {
			if t != rt || seen[i] {
				continue
			}
			seen[i] = true
			f(i, ReadCondition(m))
		}
	}
}

// PodReady: the pod's Ready condition is True.
func PodReady(p *bundle.Object) bool {
	c, ok := ConditionOf(p, "Ready")
	return ok && c.Status == "True"
}

// Finished: o ran to completion and will not run again (a Succeeded pod).
func Finished(o *bundle.Object) bool {
	return o.GetKind() == "Pod" && String(o.Object, "status", "phase") == "Succeeded"
}

// PodServing: a pod is Running and Ready, or ran to completion.
func PodServing(p *bundle.Object) bool {
	switch String(p.Object, "status", "phase") {
	case "Succeeded":
		return true
	case "Running":
		return PodReady(p)
	}
	return false
}

// ReadySince is when o's present ready state began: the latest transition
// to True among its ready conditions, or, for a pod that ran to
// completion, when its last container finished. Zero when the bundle does
// not say.
func ReadySince(o *bundle.Object) time.Time {
	var t time.Time
	readyConditions(o, func(_ int, c Condition) {
		if c.Status == "True" && c.At.After(t) {
			t = c.At
		}
	})
	if Finished(o) {
		for _, cs := range ContainerStatuses(o) {
			if f := Time(String(cs, "state", "terminated", "finishedAt")); f.After(t) {
				t = f
			}
		}
	}
	return t
}

// ContainerStatuses returns a pod's init and app container statuses, the
// init containers first.
func ContainerStatuses(p *bundle.Object) []map[string]any {
	var out []map[string]any
	for _, k := range []string{"initContainerStatuses", "containerStatuses"} {
		for _, v := range Slice(p.Object, "status", k) {
			if m, ok := v.(map[string]any); ok {
				out = append(out, m)
			}
		}
	}
	return out
}

// Restarts is the sum of a pod's containers' restart counts.
func Restarts(p *bundle.Object) int64 {
	var n int64
	for _, cs := range ContainerStatuses(p) {
		if r, ok := Int64(cs, "restartCount"); ok {
			n += r
		}
	}
	return n
}

// Time parses an RFC 3339 timestamp as the API server writes it; zero
// when s is empty or not one.
func Time(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}
