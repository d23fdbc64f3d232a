package facts

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func object(m map[string]any) *bundle.Object {
	return &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}}
}

// coreEvent is a core/v1 Event in namespace ns about ref, with fields
// added or replaced by extra.
func coreEvent(ns, name string, ref map[string]any, extra map[string]any) map[string]any {
	m := map[string]any{"apiVersion": "v1", "kind": "Event",
		"metadata":       map[string]any{"namespace": ns, "name": name, "creationTimestamp": "2025-03-01T10:00:09Z"},
		"involvedObject": ref, "reason": "BackOff", "type": "Warning", "message": "Back-off restarting failed container",
		"source": map[string]any{"component": "kubelet"}, "firstTimestamp": "2025-03-01T10:00:00Z",
		"lastTimestamp": "2025-03-01T10:05:00Z", "count": int64(7)}
	for k, v := range extra {
		if v == nil {
			delete(m, k)
			continue
		}
		m[k] = v
	}
	return m
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return t.UTC()
}

var podRef = map[string]any{"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "web-0", "uid": "u-web-0",
	"fieldPath": "spec.containers{kafka}"}

// backOff is what coreEvent reads as, before a case changes it.
func backOff() Event {
	return Event{Namespace: "shop", Name: "e1", HasObject: true,
		Involved: bundle.Ref{APIVersion: "v1", Kind: "Pod", Namespace: "shop", Name: "web-0"},
		UID:      "u-web-0", FieldPath: "spec.containers{kafka}", Container: "kafka",
		Reason: "BackOff", Message: "Back-off restarting failed container", Type: "Warning", Source: "kubelet",
		First: at("2025-03-01T10:00:00Z"), Last: at("2025-03-01T10:05:00Z"), Precision: PrecisionSecond,
		FirstText: "2025-03-01T10:00:00Z", LastText: "2025-03-01T10:05:00Z", Count: 7}
}

func TestReadEvent(t *testing.T) {
	tests := []struct {
		name string
		in   map[string]any
		want func(e *Event)
	}{
		{"core/v1", coreEvent("shop", "e1", podRef, nil), func(*Event) {}},
		{"events.k8s.io/v1", map[string]any{"apiVersion": "events.k8s.io/v1", "kind": "Event",
			"metadata": map[string]any{"namespace": "shop", "name": "e1"}, "regarding": podRef,
			"reason": "BackOff", "type": "Warning", "note": "Back-off restarting failed container",
			"reportingController": "kubelet", "eventTime": "2025-03-01T10:00:00.250000Z",
			"series": map[string]any{"count": int64(7), "lastObservedTime": "2025-03-01T10:05:00.500000Z"}},
			func(e *Event) {
				e.Group, e.Precision = "events.k8s.io", PrecisionMicrosecond
				e.First, e.FirstText = at("2025-03-01T10:00:00.25Z"), "2025-03-01T10:00:00.250000Z"
				e.Last, e.LastText = at("2025-03-01T10:05:00.5Z"), "2025-03-01T10:05:00.500000Z"
			}},
		{"events.k8s.io/v1 with the deprecated fields", map[string]any{"apiVersion": "events.k8s.io/v1", "kind": "Event",
			"metadata": map[string]any{"namespace": "shop", "name": "e1"}, "regarding": podRef,
			"reason": "BackOff", "type": "Warning", "note": "Back-off restarting failed container",
			"deprecatedSource": map[string]any{"component": "ignored"}, "reportingController": "kubelet",
			"deprecatedFirstTimestamp": "2025-03-01T10:00:00Z", "deprecatedLastTimestamp": "2025-03-01T10:05:00Z",
			"deprecatedCount": int64(7)},
			func(e *Event) { e.Group = "events.k8s.io" }},
		{"Node event recorded in namespace default is keyed Node/n1",
			coreEvent("default", "e1", map[string]any{"kind": "Node", "name": "n1", "uid": "n1"}, map[string]any{"reason": "NodeNotReady"}),
			func(e *Event) {
				e.Namespace, e.Reason = "default", "NodeNotReady"
				e.Involved, e.UID, e.FieldPath, e.Container = bundle.Ref{Kind: "Node", Name: "n1"}, "n1", "", ""
			}},
		{"a cluster-scoped object loses the namespace its reference names",
			coreEvent("default", "e1", map[string]any{"apiVersion": "v1", "kind": "PersistentVolume", "namespace": "default", "name": "pv1"}, nil),
			func(e *Event) {
				e.Namespace = "default"
				e.Involved, e.UID, e.FieldPath, e.Container = bundle.Ref{APIVersion: "v1", Kind: "PersistentVolume", Name: "pv1"}, "", "", ""
			}},
		{"no time at all", coreEvent("shop", "e1", podRef, map[string]any{"firstTimestamp": nil, "lastTimestamp": nil,
			"metadata": map[string]any{"namespace": "shop", "name": "e1"}}),
			func(e *Event) {
				e.First, e.Last, e.Precision, e.FirstText, e.LastText = time.Time{}, time.Time{}, "", "", ""
			}},
		{"only the creation time: inferred", coreEvent("shop", "e1", podRef, map[string]any{"firstTimestamp": nil, "lastTimestamp": nil}),
			func(e *Event) {
				e.First, e.Last, e.Precision = at("2025-03-01T10:00:09Z"), at("2025-03-01T10:00:09Z"), PrecisionInferred
				e.FirstText, e.LastText = "2025-03-01T10:00:09Z", "2025-03-01T10:00:09Z"
			}},
		{"eventTime when firstTimestamp is absent", coreEvent("shop", "e1", podRef, map[string]any{"firstTimestamp": nil,
			"lastTimestamp": nil, "eventTime": "2025-03-01T10:00:00.000001Z"}),
			func(e *Event) {
				e.First, e.Last, e.Precision = at("2025-03-01T10:00:00.000001Z"), at("2025-03-01T10:00:00.000001Z"), PrecisionMicrosecond
				e.FirstText, e.LastText = "2025-03-01T10:00:00.000001Z", "2025-03-01T10:00:00.000001Z"
			}},
		{"an earlier lastTimestamp does not move the last time back", coreEvent("shop", "e1", podRef, map[string]any{"lastTimestamp": "2025-03-01T09:00:00Z"}),
			func(e *Event) { e.Last, e.LastText = e.First, e.FirstText }},
		{"series: the later of lastTimestamp and lastObservedTime", coreEvent("shop", "e1", podRef, map[string]any{
			"series": map[string]any{"count": int64(3), "lastObservedTime": "2025-03-01T10:06:00.000000Z"}}),
			func(e *Event) { e.Last, e.LastText = at("2025-03-01T10:06:00Z"), "2025-03-01T10:06:00.000000Z" }},
		{"series count wins when larger", coreEvent("shop", "e1", podRef, map[string]any{"series": map[string]any{"count": int64(12)}}),
			func(e *Event) { e.Count = 12 }},
		{"a series of a recorder before 1.23 (count 1) is two occurrences", coreEvent("shop", "e1", podRef, map[string]any{
			"count": nil, "series": map[string]any{"count": int64(1)}}),
			func(e *Event) { e.Count = 2 }},
		{"a series without count is two occurrences", coreEvent("shop", "e1", podRef, map[string]any{"count": nil, "series": map[string]any{}}),
			func(e *Event) { e.Count = 2 }},
		{"no count is one occurrence", coreEvent("shop", "e1", podRef, map[string]any{"count": nil}),
			func(e *Event) { e.Count = 1 }},
		{"a float count (another decoder)", coreEvent("shop", "e1", podRef, map[string]any{"count": float64(4)}),
			func(e *Event) { e.Count = 4 }},
		{"namespaced object without namespace takes the Event's", coreEvent("shop", "e1", map[string]any{"kind": "Pod", "name": "web-0"}, nil),
			func(e *Event) {
				e.Involved, e.UID, e.FieldPath, e.Container = bundle.Ref{Kind: "Pod", Namespace: "shop", Name: "web-0"}, "", "", ""
			}},
		{"no involved object", coreEvent("shop", "e1", nil, map[string]any{"involvedObject": nil}),
			func(e *Event) {
				e.HasObject = false
				e.Involved, e.UID, e.FieldPath, e.Container = bundle.Ref{Namespace: "shop"}, "", "", ""
			}},
		{"source: reportingComponent when source.component is absent", coreEvent("shop", "e1", podRef, map[string]any{
			"source": nil, "reportingComponent": "default-scheduler"}),
			func(e *Event) { e.Source = "default-scheduler" }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := object(tc.in)
			ix := bundle.NewIndex([]*bundle.Object{o}, nil)
			got := readEvent(o, scopesOf(ix))
			if got.Object != o {
				t.Errorf("Object is not the Event read")
			}
			got.Object = nil
			want := backOff()
			tc.want(&want)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestContainerOf(t *testing.T) {
	for in, want := range map[string]string{
		"spec.containers{kafka}":    "kafka",
		"spec.initContainers{init}": "init",
		"spec.containers":           "",
		"spec.containers{kafka":     "",
		"}":                         "",
		"":                          "",
	} {
		t.Run(in, func(t *testing.T) {
			if diff := cmp.Diff(want, containerOf(in)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
