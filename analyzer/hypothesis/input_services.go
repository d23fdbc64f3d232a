package hypothesis

import (
	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// servicePods maps each core Service with a selector ("ns/name") to the
// names of the pods it selects, and each selected pod ("ns/name") to the
// names of the Services that select it, both in bundle order. It converts
// facts.ServicePods, the selection the layers and verify read too.
func servicePods(ix *bundle.Index) (any, any) {
	sel := facts.ServicePods(ix)
	svcPods, podSvcs := make(map[string]any, len(sel.Selecting)), make(listMap, len(sel.Services))
	for _, s := range sel.Selecting {
		pods := sel.Pods[s]
		names := make([]any, len(pods))
		for i, p := range pods {
			names[i] = p.GetName()
			pk := p.GetNamespace() + "/" + p.GetName()
			podSvcs[pk] = append(podSvcs[pk], s.GetName())
		}
		svcPods[s.GetNamespace()+"/"+s.GetName()] = names
	}
	return svcPods, podSvcs.plain()
}

// addressesDoc is input.addresses: each IP address to the objects that
// hold it (facts.Addresses), as references in the input's one form
// (converter.ref, shared while they repeat).
func addressesDoc(ix *bundle.Index) ast.Value {
	addrs := facts.Addresses(ix)
	c := newConverter()
	kvs := make([][2]*ast.Term, 0, len(addrs))
	for ip, refs := range addrs {
		l := make([]*ast.Term, len(refs))
		for i, r := range refs {
			l[i] = ast.NewTerm(c.ref(r))
		}
		kvs = append(kvs, [2]*ast.Term{ast.StringTerm(ip), ast.ArrayTerm(l...)})
	}
	return ast.NewObject(kvs...)
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

// serviceWorkloads is input.service_workloads: for each core Service with
// a selector that selects no pod ("ns/name"), the workloads whose current
// pod template it selects (facts.TemplateWorkloads), each {workload,
// replicas?, scaledBy?{manager, operation, subresource, time, declared},
// autoscaler?, git?{source, revision, subject, replicas?}}. replicas is
// absent where the kind has none or the manifest leaves it to the default;
// git is the workload as the bundle's Git source renders it.
func serviceWorkloads(ix *bundle.Index, sources []*bundle.GitSource) any {
	out := map[string]any{}
	for svc, ws := range facts.TemplateWorkloads(ix, sources) {
		list := make([]any, len(ws))
		for i, w := range ws {
			d := map[string]any{"workload": refDoc(w.Workload)}
			if w.HasReplicas {
				d["replicas"] = w.Replicas
			}
			if m := w.ScaledBy; m.Manager != "" {
				d["scaledBy"] = map[string]any{"manager": m.Manager, "operation": m.Operation, "subresource": m.Subresource, "time": m.Time, "declared": m.Declared}
			}
			if w.Autoscaler != nil {
				d["autoscaler"] = refDoc(w.Autoscaler)
			}
			if g := w.Git; g != nil {
				gd := map[string]any{"source": g.Source, "revision": g.Revision, "subject": g.Subject}
				if g.HasReplicas {
					gd["replicas"] = g.Replicas
				}
				d["git"] = gd
			}
			list[i] = d
		}
		out[svc.GetNamespace()+"/"+svc.GetName()] = list
	}
	return out
}
