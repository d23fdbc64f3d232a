package hypothesis

import (
	"sort"

	"github.com/rift-dev/rift/analyzer/facts"
)

// eventIndex is the reference (oracle) for the event part of the input:
// the plain-map form the input was first built from, kept so that a test
// can check the direct AST conversion of input_events.go gives the same
// value. It lays the normalised Events out in one shape and indexes them by
// involved object UID, by Kind/namespace/name, by reason and by type.
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

// add indexes one event. It reads the normalised event (facts.Event), so
// that it checks the conversion, not the normalisation, which the facts
// package tests. Events are few per object, so the lists are sorted once
// when read (see finish).
func (x *eventIndex) add(e *facts.Event) {
	if !e.HasObject {
		return
	}
	ev := map[string]any{
		"name":      e.Name,
		"namespace": e.Namespace,
		"reason":    e.Reason,
		"message":   e.Message,
		"type":      e.Type,
		"count":     e.Count,
		"firstTime": e.FirstText,
		"time":      e.LastText,
		"source":    e.Source,
		"object": map[string]any{
			"apiVersion": e.Involved.APIVersion, "kind": e.Involved.Kind,
			"namespace": e.Involved.Namespace, "name": e.Involved.Name, "uid": e.UID, "fieldPath": e.FieldPath,
		},
	}
	if e.UID != "" {
		x.uid[e.UID] = append(x.uid[e.UID], ev)
	}
	k := refKey(e.Involved.Kind, e.Involved.Namespace, e.Involved.Name)
	x.obj[k] = append(x.obj[k], ev)
	x.reason[e.Reason] = append(x.reason[e.Reason], ev)
	x.typ[e.Type] = append(x.typ[e.Type], ev)
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
