package hypothesis

import (
	"sort"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// eventIndex is the reference (oracle) for the event part of the input:
// the plain-map form the input was first built from, kept so that a test
// can check the direct AST conversion of input_events.go gives the same
// value. It normalises core/v1 and events.k8s.io/v1 Events to one shape and
// indexes them by involved object UID, by Kind/namespace/name and by reason.
type eventIndex struct {
	uid, obj, reason, typ listMap
	byUID                 map[string]any
	byObject              map[string]any
	byReason              map[string]any
	byType                map[string]any
}

func newEventIndex() *eventIndex {
	return &eventIndex{uid: listMap{}, obj: listMap{}, reason: listMap{}, typ: listMap{}}
}

// add indexes one event. Events are few per object, so the lists are sorted
// once when read (see finish).
func (x *eventIndex) add(o *bundle.Object) {
	e := o.Object
	field, msgField := "involvedObject", "message"
	if o.GroupVersionKind().Group == "events.k8s.io" {
		field, msgField = "regarding", "note"
	}
	ref, _ := e[field].(map[string]any)
	if ref == nil {
		return
	}
	ns := str(ref, "namespace")
	if ns == "" {
		ns = o.GetNamespace()
	}
	first := firstNonEmpty(str(e, "firstTimestamp"), str(e, "deprecatedFirstTimestamp"), str(e, "eventTime"))
	last := firstNonEmpty(str(e, "lastTimestamp"), str(e, "deprecatedLastTimestamp"), str(e, "series", "lastObservedTime"), str(e, "eventTime"), first, str(e, "metadata", "creationTimestamp"))
	count := num(e["count"])
	if count == 0 {
		count = num(e["deprecatedCount"])
	}
	if c := num(mapAt(e, "series")["count"]); c > count {
		count = c
	}
	if count == 0 {
		count = 1
	}
	ev := map[string]any{
		"name":      o.GetName(),
		"namespace": o.GetNamespace(),
		"reason":    str(e, "reason"),
		"message":   str(e, msgField),
		"type":      str(e, "type"),
		"count":     count,
		"firstTime": first,
		"time":      last,
		"source":    firstNonEmpty(str(e, "source", "component"), str(e, "reportingComponent"), str(e, "reportingController")),
		"object": map[string]any{
			"apiVersion": str(ref, "apiVersion"), "kind": str(ref, "kind"),
			"namespace": ns, "name": str(ref, "name"), "uid": str(ref, "uid"), "fieldPath": str(ref, "fieldPath"),
		},
	}
	if uid := str(ref, "uid"); uid != "" {
		x.uid[uid] = append(x.uid[uid], ev)
	}
	k := refKey(str(ref, "kind"), ns, str(ref, "name"))
	x.obj[k] = append(x.obj[k], ev)
	x.reason[str(e, "reason")] = append(x.reason[str(e, "reason")], ev)
	x.typ[str(e, "type")] = append(x.typ[str(e, "type")], ev)
}

// finish sorts each list by time, then name, and freezes the maps.
func (x *eventIndex) finish() {
	for _, m := range []listMap{x.uid, x.obj, x.reason, x.typ} {
		for _, l := range m {
			sort.SliceStable(l, func(i, j int) bool {
				a, b := l[i].(map[string]any), l[j].(map[string]any)
				if a["time"] != b["time"] {
					return a["time"].(string) < b["time"].(string)
				}
				if a["name"] != b["name"] {
					return a["name"].(string) < b["name"].(string)
				}
				return a["namespace"].(string) < b["namespace"].(string)
			})
		}
	}
	x.byUID, x.byObject, x.byReason, x.byType = x.uid.plain(), x.obj.plain(), x.reason.plain(), x.typ.plain()
}
