package hypothesis

import (
	"fmt"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// InputVersion versions the input contract the rules read. It changes when
// a field is renamed or removed; additions keep it (docs/rules.md).
const InputVersion = "rift.dev/input/v1"

// logTailLines bounds the log lines each container contributes to the
// input: rules look for the latest discriminating line, and an unbounded
// tail would make evaluation grow with log volume instead of object count.
const logTailLines = 50

// Input is what the rules judge: the bundle with its index, the rebuilt
// workloads and the timeline. Bundle must have its Index built; Workloads
// and Timeline may be empty when those stages did not run.
type Input struct {
	Bundle    *bundle.Bundle
	Workloads []layers.Workload
	Timeline  *timeline.Timeline
}

// document builds the input contract of docs/rules.md as plain Go values.
// Every collection rules look things up in is a map keyed by identity, so a
// rule reaches what it needs without scanning all objects.
func (in Input) document() (map[string]any, error) {
	doc := map[string]any{"version": InputVersion}
	b := in.Bundle
	if b == nil {
		b = &bundle.Bundle{}
	}
	doc["bundle"] = bundleDoc(b)
	ix := b.Index
	if ix == nil {
		ix = bundle.NewIndex(b.Objects, b.Logs)
	}
	objs := map[string]any{}
	events := newEventIndex()
	for _, kind := range ix.Kinds() {
		byNS := map[string]any{}
		for _, o := range ix.OfKind(kind) {
			if bundle.IsEvent(o) {
				events.add(o)
				continue
			}
			ns, _ := byNS[o.GetNamespace()].(map[string]any)
			if ns == nil {
				ns = map[string]any{}
				byNS[o.GetNamespace()] = ns
			}
			ns[o.GetName()] = sanitize(o)
		}
		if len(byNS) > 0 {
			objs[kind] = byNS
		}
	}
	doc["objects"] = objs
	events.finish()
	doc["events_by_uid"] = events.byUID
	doc["events_by_object"] = events.byObject
	doc["events_by_reason"] = events.byReason
	refs := newRefIndex(ix)
	doc["referenced_by"] = refs.referencedBy
	doc["service_pods"], doc["pod_services"] = refs.servicePods()
	doc["pods_by_node"] = refs.podsByNode()
	doc["pods_by_phase"], doc["pods_by_container_reason"] = podIndexes(ix)
	doc["logs"] = logsDoc(b.Logs)
	w, err := toPlain(workloadsByRef(in.Workloads))
	if err != nil {
		return nil, fmt.Errorf("workloads: %w", err)
	}
	doc["workloads"] = w
	tl := in.Timeline
	if tl == nil {
		tl = &timeline.Timeline{}
	}
	t, err := toPlain(tl)
	if err != nil {
		return nil, fmt.Errorf("timeline: %w", err)
	}
	doc["timeline"] = t
	return doc, nil
}

// value converts the input to an AST value once per evaluation.
func (in Input) value() (ast.Value, error) {
	doc, err := in.document()
	if err != nil {
		return nil, err
	}
	v, err := ast.InterfaceToValue(doc)
	if err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	return v, nil
}
