package facts

import (
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// Precisions of an event's first time. They are the timeline's precisions
// (timeline.Precision*), which take them as they are.
const (
	PrecisionSecond      = "second"      // metav1.Time: truncated to the second
	PrecisionMicrosecond = "microsecond" // metav1.MicroTime (eventTime), or any time with a fraction
	PrecisionInferred    = "inferred"    // the Event's creationTimestamp: no field said when it happened
)

// Event is one core/v1 or events.k8s.io/v1 Event, normalised: the fields
// every stage reads, whichever API the Event was recorded through. Its
// strings are the Event's own (never copied); Object is shared with the
// bundle and must not be modified.
type Event struct {
	Object          *bundle.Object // the Event itself
	Group           string         // "" (core/v1) or "events.k8s.io"
	Namespace, Name string         // the Event's own

	// HasObject is false when the Event names no involved object (neither
	// involvedObject nor regarding is an object).
	HasObject bool
	// Involved is the involved object (regarding), keyed by Key's rule: no
	// namespace when its kind is cluster-scoped, the Event's namespace
	// when it is namespaced and names none.
	Involved  bundle.Ref
	UID       string // the involved object's, as recorded
	FieldPath string // as recorded: spec.containers{kafka}
	Container string // the container FieldPath names, kafka

	Reason  string
	Message string // message (core/v1) or note (events.k8s.io)
	Type    string // Normal, Warning
	// Source is the component that recorded it: source.component, else
	// reportingComponent, else reportingController.
	Source string

	// First is when the event first occurred: firstTimestamp
	// (deprecatedFirstTimestamp), else eventTime, else the Event's
	// creationTimestamp (PrecisionInferred). Last is the latest of First,
	// lastTimestamp (deprecatedLastTimestamp) and series.lastObservedTime.
	// Both are UTC. Precision is First's; it is "" when the Event records
	// no time at all, and First and Last are then zero.
	First, Last time.Time
	Precision   string
	// FirstText and LastText are the fields First and Last were read
	// from, as recorded: the rule input shows times as the cluster wrote
	// them.
	FirstText, LastText string

	// Count is how many times it occurred, at least 1: count
	// (deprecatedCount), read as AsInt64 reads integers; a series means at
	// least two, and its count wins when larger (recorders before Kubernetes 1.23 start a series at 1,
	// counting repeats, later ones at 2, counting occurrences).
	Count int64
}

// fieldNames are the fields of one API's Event, and alt the other API's
// name for the same field, read when the first is absent.
type fieldNames struct {
	ref, message, first, last, count string
	altFirst, altLast, altCount      string
}

var (
	coreFields   = fieldNames{"involvedObject", "message", "firstTimestamp", "lastTimestamp", "count", "deprecatedFirstTimestamp", "deprecatedLastTimestamp", "deprecatedCount"}
	eventsFields = fieldNames{"regarding", "note", "deprecatedFirstTimestamp", "deprecatedLastTimestamp", "deprecatedCount", "firstTimestamp", "lastTimestamp", "count"}
)

// readEvent normalises o, a core/v1 or events.k8s.io/v1 Event (see
// bundle.IsEvent).
func readEvent(o *bundle.Object, s *scopes) Event {
	m := o.Object
	meta := Map(m, "metadata")
	e := Event{Object: o, Group: bundle.APIGroup(String(m, "apiVersion")),
		Namespace: String(meta, "namespace"), Name: String(meta, "name"),
		Reason: String(m, "reason"), Type: String(m, "type")}
	f := coreFields
	if e.Group == "events.k8s.io" {
		f = eventsFields
	}
	e.Message = String(m, f.message)
	e.Source = String(m, "source", "component")
	if e.Source == "" {
		e.Source = String(m, "reportingComponent")
	}
	if e.Source == "" {
		e.Source = String(m, "reportingController")
	}

	ref := Map(m, f.ref)
	e.HasObject = ref != nil
	e.Involved = s.key(bundle.Ref{APIVersion: String(ref, "apiVersion"), Kind: String(ref, "kind"),
		Namespace: String(ref, "namespace"), Name: String(ref, "name")}, e.Namespace)
	e.UID, e.FieldPath = String(ref, "uid"), String(ref, "fieldPath")
	e.Container = containerOf(e.FieldPath)

	e.readTimes(m, meta, f)
	e.Count = eventCount(m[f.count])
	if e.Count == 0 {
		e.Count = eventCount(m[f.altCount])
	}
	e.Count = max(e.Count, 1)
	if series := Map(m, "series"); series != nil {
		e.Count = max(e.Count, eventCount(series["count"]), 2)
	}
	return e
}

// readTimes reads First, Last and their texts.
func (e *Event) readTimes(m, meta map[string]any, f fieldNames) {
	e.First, e.Precision, e.FirstText = firstTime(m, f.first, f.altFirst, "eventTime")
	if e.Precision == "" {
		if e.First, e.Precision, e.FirstText = firstTime(meta, "creationTimestamp"); e.Precision == "" {
			return
		}
		e.Precision = PrecisionInferred
	}
	e.Last, e.LastText = e.First, e.FirstText
	// lastTimestamp is read last, so that its text shows when it says the
	// same instant as another field.
	e.later(firstTime(Map(m, "series"), "lastObservedTime"))
	e.later(firstTime(m, f.last, f.altLast))
}

// later makes t Last unless it is earlier.
func (e *Event) later(t time.Time, prec, text string) {
	if prec != "" && !t.Before(e.Last) {
		e.Last, e.LastText = t, text
	}
}

// containerOf is the container a fieldPath names: the kubelet writes
// spec.containers{kafka} (or spec.initContainers{…}).
func containerOf(fieldPath string) string {
	if !strings.HasSuffix(fieldPath, "}") {
		return ""
	}
	i := strings.Index(fieldPath, "{")
	if i < 0 {
		return ""
	}
	return fieldPath[i+1 : len(fieldPath)-1]
}
