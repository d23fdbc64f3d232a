package bundle

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

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

// TestSummaryJSONCaptureTime: a bundle without any time says so in JSON
// instead of writing the zero time; one with a time writes it as before.
func TestSummaryJSONCaptureTime(t *testing.T) {
	data, err := json.Marshal(Summarize(New(FormatDirectory, Meta{}, nil, nil, nil, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if s := string(data); strings.Contains(s, `"captureTime"`) || !strings.Contains(s, `"captureTimeUnknown":"no bundle.yaml createdAt and no timestamp in the data"`) {
		t.Errorf("no time: %s", s)
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	data, _ = json.Marshal(Summarize(New(FormatDirectory, Meta{CreatedAt: &at}, nil, nil, nil, nil)))
	if s := string(data); !strings.Contains(s, `"captureTime":"2026-01-02T03:04:05Z"`) || strings.Contains(s, "captureTimeUnknown") {
		t.Errorf("with a time: %s", s)
	}
}
