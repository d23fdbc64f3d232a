package hypothesis

import (
	"encoding/json"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// bundleDoc is input.bundle: capture time, scope, what was not collected
// (as a list and as a set keyed by resource), sources and checks.
func bundleDoc(b *bundle.Bundle) map[string]any {
	nc := make([]any, 0, len(b.Meta.NotCollected))
	ncRes := map[string]any{}
	for _, n := range b.Meta.NotCollected {
		nc = append(nc, map[string]any{"resource": n.Resource, "namespace": n.Namespace, "reason": n.Reason})
		ncRes[n.Resource] = true
	}
	sources := map[string]any{}
	for _, s := range b.Sources {
		sources[s.Name] = map[string]any{"url": s.URL, "ref": s.Ref, "revision": s.Revision, "path": s.Path, "commitTime": timeString(s.CommitTime)}
	}
	checks := make([]any, 0, len(b.Checks))
	for _, c := range b.Checks {
		checks = append(checks, map[string]any{"name": c.Name, "target": c.Target, "ok": c.OK, "detail": c.Detail, "time": timeString(c.Time), "file": c.File})
	}
	capture := ""
	if !b.CaptureTime.IsZero() {
		capture = b.CaptureTime.UTC().Format(time.RFC3339)
	}
	ns := make([]any, 0, len(b.Meta.Scope.Namespaces))
	for _, n := range b.Meta.Scope.Namespaces {
		ns = append(ns, n)
	}
	return map[string]any{
		"captureTime":           capture,
		"captureTimeInferred":   b.CaptureTimeInferred,
		"format":                string(b.Format),
		"scope":                 map[string]any{"context": b.Meta.Scope.Context, "cluster": b.Meta.Scope.Cluster, "namespaces": ns},
		"notCollected":          nc,
		"notCollectedResources": ncRes,
		"sources":               sources,
		"checks":                checks,
		"objectCount":           len(b.Objects),
	}
}

func timeString(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// timeline is input.timeline, through its JSON form like workloads. No
// built-in rule reads it, so it is built only for a user rule that does.
func (x *inputBuild) timeline() (ast.Value, error) {
	tl := x.in.Timeline
	if tl == nil {
		tl = &timeline.Timeline{}
	}
	p, err := toPlain(tl)
	if err != nil {
		return nil, err
	}
	return ast.InterfaceToValue(p)
}

// toPlain turns a typed value into maps and slices through its JSON form,
// so that rules see exactly the field names of the report contract.
func toPlain(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, err
	}
	return out, nil
}
