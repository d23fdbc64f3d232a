package bundle

import (
	"cmp"
	"encoding/json"
	"slices"
	"time"
)

// Summary is what `rift inspect` shows of a loaded bundle: enough to judge
// whether the capture holds what an analysis needs, and everything that went
// wrong while loading it. All lists are sorted.
type Summary struct {
	Format              Format           `json:"format"`
	CaptureTime         time.Time        `json:"captureTime"`
	CaptureTimeInferred bool             `json:"captureTimeInferred,omitempty"`
	Collector           Collector        `json:"collector"`
	Scope               Scope            `json:"scope"`
	Objects             int              `json:"objects"`
	Kinds               []KindCount      `json:"kinds"`
	Namespaces          []NamespaceCount `json:"namespaces"`
	Sources             []SourceSummary  `json:"sources"`
	Events              EventSpan        `json:"events"`
	Logs                []LogSummary     `json:"logs"`
	Checks              []*Check         `json:"checks"`
	NotCollected        []NotCollected   `json:"notCollected"`
	Redaction           *RedactionReport `json:"redaction,omitempty"`
	Unknown             []string         `json:"unknown"`
	Errors              []LoadError      `json:"errors"`
}

// KindCount counts the objects of one kind and group.
type KindCount struct {
	Kind  string `json:"kind"`
	Group string `json:"group,omitempty"`
	Count int    `json:"count"`
}

// NamespaceCount counts the objects of one namespace; "" holds the
// cluster-scoped objects.
type NamespaceCount struct {
	Namespace string `json:"namespace"`
	Count     int    `json:"count"`
}

// SourceSummary is one Git source without its content.
type SourceSummary struct {
	Name       string     `json:"name"`
	URL        string     `json:"url,omitempty"`
	Ref        string     `json:"ref,omitempty"`
	Revision   string     `json:"revision,omitempty"`
	CommitTime *time.Time `json:"commitTime,omitempty"`
	Renderer   string     `json:"renderer,omitempty"`
	Rendered   int        `json:"rendered"`
	Files      int        `json:"files"`
	History    int        `json:"history"`
}

// EventSpan is the number of Events and the times of the first and last.
// The API server serves every Event through core/v1 and events.k8s.io/v1,
// so a bundle that lists both holds each twice; Count counts it once and
// BothAPIs says how many were read through both.
type EventSpan struct {
	Count    int        `json:"count"`
	BothAPIs int        `json:"bothAPIs,omitempty"`
	First    *time.Time `json:"first,omitempty"`
	Last     *time.Time `json:"last,omitempty"`
}

// LogSummary is one log tail without its lines.
type LogSummary struct {
	Namespace string `json:"namespace"`
	Pod       string `json:"pod"`
	Container string `json:"container"`
	Previous  bool   `json:"previous,omitempty"`
	File      string `json:"file"`
	Lines     int    `json:"lines"`
}

// Summarize computes the Summary of b in one pass over its objects.
func Summarize(b *Bundle) Summary {
	s := Summary{
		Format: b.Format, CaptureTime: b.CaptureTime, CaptureTimeInferred: b.CaptureTimeInferred,
		Collector: b.Meta.Collector, Scope: b.Meta.Scope, Objects: len(b.Objects),
		Checks: b.Checks, NotCollected: b.Meta.NotCollected, Redaction: b.Redaction,
		Unknown: b.Unknown, Errors: b.Errors,
	}
	kinds := map[KindCount]int{}
	namespaces := map[string]int{}
	eventAPI := map[string]string{} // namespace/name -> the API group it was read through
	for _, o := range b.Objects {
		kinds[KindCount{Kind: o.GetKind(), Group: o.GroupVersionKind().Group}]++
		namespaces[o.GetNamespace()]++
		if IsEvent(o) {
			s.Events.add(o, eventAPI)
		}
	}
	for k, n := range kinds {
		k.Count = n
		s.Kinds = append(s.Kinds, k)
	}
	slices.SortFunc(s.Kinds, func(x, y KindCount) int { return cmp.Or(cmp.Compare(x.Kind, y.Kind), cmp.Compare(x.Group, y.Group)) })
	for ns, n := range namespaces {
		s.Namespaces = append(s.Namespaces, NamespaceCount{Namespace: ns, Count: n})
	}
	slices.SortFunc(s.Namespaces, func(x, y NamespaceCount) int { return cmp.Compare(x.Namespace, y.Namespace) })
	for _, src := range b.Sources {
		s.Sources = append(s.Sources, SourceSummary{Name: src.Name, URL: src.URL, Ref: src.Ref, Revision: src.Revision,
			CommitTime: src.CommitTime, Renderer: src.Renderer, Rendered: len(src.Rendered), Files: len(src.Files), History: len(src.History)})
	}
	for _, l := range b.Logs {
		s.Logs = append(s.Logs, LogSummary{Namespace: l.Namespace, Pod: l.Pod, Container: l.Container,
			Previous: l.Previous, File: l.File, Lines: len(l.Lines)})
	}
	s.fillEmpty()
	return s
}

// fillEmpty turns nil lists into empty ones, so that JSON consumers always
// see an array ("no load errors" is [], not null).
func (s *Summary) fillEmpty() {
	if s.Kinds == nil {
		s.Kinds = []KindCount{}
	}
	if s.Namespaces == nil {
		s.Namespaces = []NamespaceCount{}
	}
	if s.Sources == nil {
		s.Sources = []SourceSummary{}
	}
	if s.Logs == nil {
		s.Logs = []LogSummary{}
	}
	if s.Checks == nil {
		s.Checks = []*Check{}
	}
	if s.NotCollected == nil {
		s.NotCollected = []NotCollected{}
	}
	if s.Unknown == nil {
		s.Unknown = []string{}
	}
	if s.Errors == nil {
		s.Errors = []LoadError{}
	}
}

// add counts one event and widens the span to its times.
// add counts o, once for its two copies: an Event of the other API with
// the same namespace/name is the same occurrence (its times are too).
func (e *EventSpan) add(o *Object, api map[string]string) {
	key, group := o.GetNamespace()+"/"+o.GetName(), o.GroupVersionKind().Group
	g, seen := api[key]
	switch {
	case seen && g != group:
		e.BothAPIs++
		delete(api, key) // a third copy is another event
	case !seen:
		api[key] = group
		e.Count++
	default:
		e.Count++
	}
	visitTimes(o.Object, func(parent map[string]any, k string, path []string) {
		if len(path) > 0 && path[0] != "series" {
			return // metadata and status times say nothing of when it happened
		}
		s, _ := parent[k].(string)
		t, err := parseTime(s)
		if err != nil {
			return
		}
		t = t.UTC()
		if e.First == nil || t.Before(*e.First) {
			e.First = &t
		}
		if e.Last == nil || t.After(*e.Last) {
			e.Last = &t
		}
	})
}

// MarshalJSON writes the summary with captureTime left out when the
// bundle carries no time, and captureTimeUnknown saying why, instead of
// the zero time 0001-01-01T00:00:00Z (CaptureText is the text form).
func (s Summary) MarshalJSON() ([]byte, error) {
	type plain Summary
	out := struct {
		plain
		CaptureTime        *time.Time `json:"captureTime,omitempty"`
		CaptureTimeUnknown string     `json:"captureTimeUnknown,omitempty"`
	}{plain: plain(s)}
	if s.CaptureTime.IsZero() {
		out.CaptureTimeUnknown = CaptureUnknownReason
	} else {
		t := s.CaptureTime
		out.CaptureTime = &t
	}
	return json.Marshal(out)
}
