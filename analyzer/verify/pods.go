package verify

import (
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// pod is one pod of a target: the report's summary and the object.
type pod struct {
	layers.PodState
	obj *bundle.Object
}

// pods returns the target's pods in name order, with their objects.
func (v *verifier) pods(t target) []pod {
	if t.w == nil {
		return nil
	}
	out := make([]pod, 0, len(t.w.Pods))
	for _, p := range t.w.Pods {
		obj, _ := v.b.Index.Get(bundle.Key{Kind: "Pod", Namespace: t.ref.Namespace, Name: p.Name})
		out = append(out, pod{PodState: p, obj: obj})
	}
	return out
}

// restarts is the sum of a pod object's container restart counts.
func restarts(o *bundle.Object) int64 {
	if o == nil {
		return 0
	}
	var n int64
	for _, field := range []string{"initContainerStatuses", "containerStatuses"} {
		list, _, _ := nestedSlice(o.Object, "status", field)
		for _, cs := range list {
			m, _ := cs.(map[string]any)
			if c, ok := m["restartCount"].(int64); ok {
				n += c
			}
		}
	}
	return n
}

// nestedSlice is unstructured.NestedSlice without its deep copy: verify
// only reads.
func nestedSlice(obj map[string]any, fields ...string) ([]any, bool, error) {
	var cur any = obj
	for _, f := range fields {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false, nil
		}
		cur, ok = m[f]
		if !ok {
			return nil, false, nil
		}
	}
	s, ok := cur.([]any)
	return s, ok, nil
}

// replicas is how many pods the workload wants: spec.replicas (default 1)
// or, for a DaemonSet, status.desiredNumberScheduled. ok is false when it
// cannot be read.
func replicas(o *bundle.Object) (int64, bool) {
	if o.GetKind() == "DaemonSet" {
		st, _ := o.Object["status"].(map[string]any)
		n, ok := st["desiredNumberScheduled"].(int64)
		return n, ok
	}
	spec, _ := o.Object["spec"].(map[string]any)
	if r, ok := spec["replicas"].(int64); ok {
		return r, true
	}
	return 1, true
}
