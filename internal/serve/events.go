package serve

import (
	"github.com/rift-dev/rift/analyzer/bundle"
)

// mergeEvents serves every event through both APIs, as the API server
// does: core/v1 events gain the events.k8s.io/v1 ones they lack, converted,
// and the other way round. An event recorded through both (same namespace
// and name) is served as recorded in each.
func (c *catalog) mergeEvents() {
	core := c.byGVR[gvr{"", "v1", "events"}]
	ev := c.byGVR[gvr{"events.k8s.io", "v1", "events"}]
	if core == nil || ev == nil {
		return
	}
	have := func(objs []*bundle.Object) map[[2]string]bool {
		m := make(map[[2]string]bool, len(objs))
		for _, o := range objs {
			m[[2]string{o.GetNamespace(), o.GetName()}] = true
		}
		return m
	}
	inCore, inEv := have(core.objs), have(ev.objs)
	coreAdd, evAdd := []*bundle.Object{}, []*bundle.Object{}
	for _, o := range ev.objs {
		if !inCore[[2]string{o.GetNamespace(), o.GetName()}] {
			coreAdd = append(coreAdd, o)
		}
	}
	for _, o := range core.objs {
		if !inEv[[2]string{o.GetNamespace(), o.GetName()}] {
			evAdd = append(evAdd, o)
		}
	}
	// Each list holds the other API's events as recorded; they are
	// converted as they are served (resource.view), which costs no memory.
	core.objs = append(core.objs, coreAdd...)
	ev.objs = append(ev.objs, evAdd...)
	core.conv, ev.conv = toCoreEvent, toEventsV1
}

// eventFields maps core/v1 Event fields to events.k8s.io/v1 ones
// (k8s.io/kubernetes/pkg/apis/events/v1 conversions).
var eventFields = [][2]string{
	{"involvedObject", "regarding"},
	{"related", "related"},
	{"reason", "reason"},
	{"message", "note"},
	{"type", "type"},
	{"eventTime", "eventTime"},
	{"series", "series"},
	{"action", "action"},
	{"reportingComponent", "reportingController"},
	{"reportingInstance", "reportingInstance"},
	{"source", "deprecatedSource"},
	{"firstTimestamp", "deprecatedFirstTimestamp"},
	{"lastTimestamp", "deprecatedLastTimestamp"},
	{"count", "deprecatedCount"},
}

// toCoreEvent converts an events.k8s.io/v1 Event to core/v1. A core/v1
// event is returned as it is.
func toCoreEvent(o map[string]any) map[string]any {
	if o["apiVersion"] == "v1" {
		return o
	}
	out := map[string]any{"apiVersion": "v1", "kind": "Event", "metadata": o["metadata"]}
	for _, f := range eventFields {
		if v, ok := o[f[1]]; ok {
			out[f[0]] = v
		}
	}
	return out
}

// toEventsV1 converts a core/v1 Event to events.k8s.io/v1. An
// events.k8s.io/v1 event is returned as it is.
func toEventsV1(o map[string]any) map[string]any {
	if o["apiVersion"] == "events.k8s.io/v1" {
		return o
	}
	out := map[string]any{"apiVersion": "events.k8s.io/v1", "kind": "Event", "metadata": o["metadata"]}
	for _, f := range eventFields {
		if v, ok := o[f[0]]; ok {
			out[f[1]] = v
		}
	}
	if _, ok := out["reportingController"]; !ok {
		if c := str(o, "source", "component"); c != "" {
			out["reportingController"] = c
		}
	}
	return out
}
