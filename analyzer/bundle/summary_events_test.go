package bundle

import (
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// TestSummaryCountsAnEventOnce: an Event listed through core/v1 and
// events.k8s.io/v1 is one event, and the summary says how many were.
func TestSummaryCountsAnEventOnce(t *testing.T) {
	ev := func(apiVersion, name string, doc int) *Object {
		return &Object{Unstructured: &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": apiVersion, "kind": "Event",
			"metadata": map[string]any{"name": name, "namespace": "shop"},
		}}, Source: Location{File: "events.yaml", Doc: doc}}
	}
	b := New(FormatDirectory, Meta{}, []*Object{
		ev("v1", "web.1", 0), ev("events.k8s.io/v1", "web.1", 1), // one event, both APIs
		ev("v1", "web.2", 2), // core/v1 only
	}, nil, nil, nil)
	s := Summarize(b)
	if s.Events.Count != 2 || s.Events.BothAPIs != 1 {
		t.Errorf("events %+v; want 2 counted, 1 read through both APIs", s.Events)
	}
	if got, want := s.Events.text(), "2 (no event times) (1 read through both Event APIs, counted once)"; got != want {
		t.Errorf("text %q, want %q", got, want)
	}
}
