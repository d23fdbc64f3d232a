package hypothesis

import (
	"k8s.io/apimachinery/pkg/labels"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// servicePods maps each Service ("ns/name") to the pods its selector picks,
// and each pod ("ns/name") to the Services that select it.
func servicePods(ix *bundle.Index) (any, any) {
	svcPods, podSvcs := listMap{}, listMap{}
	for _, s := range ix.OfKind("Service") {
		sel, _ := mapAt(s.Object, "spec")["selector"].(map[string]any)
		if len(sel) == 0 {
			continue
		}
		set := labels.Set{}
		for k, v := range sel {
			vs, _ := v.(string)
			set[k] = vs
		}
		key := s.GetNamespace() + "/" + s.GetName()
		svcPods[key] = []any{}
		for _, p := range ix.SelectPods(s.GetNamespace(), labels.SelectorFromSet(set)) {
			svcPods[key] = append(svcPods[key], p.GetName())
			pk := p.GetNamespace() + "/" + p.GetName()
			podSvcs[pk] = append(podSvcs[pk], s.GetName())
		}
	}
	return svcPods.plain(), podSvcs.plain()
}

// podsByNode maps a node name to its pods as "ns/name", sorted.
func podsByNode(ix *bundle.Index) any {
	out := listMap{}
	for _, p := range ix.OfKind("Pod") {
		if n := str(p.Object, "spec", "nodeName"); n != "" {
			out[n] = append(out[n], p.GetNamespace()+"/"+p.GetName())
		}
	}
	return out.sortStrings().plain()
}

// logsDoc maps "ns/pod" to its containers' log tails (last logTailLines).
func logsDoc(logs []*bundle.Log) any {
	out := listMap{}
	for _, l := range logs {
		lines := l.Lines
		if len(lines) > logTailLines {
			lines = lines[len(lines)-logTailLines:]
		}
		ls := make([]any, len(lines))
		for i, s := range lines {
			ls[i] = s
		}
		k := l.Namespace + "/" + l.Pod
		out[k] = append(out[k], map[string]any{"container": l.Container, "previous": l.Previous, "file": l.File, "lines": ls})
	}
	return out.plain()
}
