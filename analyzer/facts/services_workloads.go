package facts

import (
	"github.com/rift-dev/rift/analyzer/bundle"
)

// TemplateWorkload is a workload whose current pod template a Service's
// selector matches while the Service selects no pod: the workload the
// Service would route to if it ran pods. Why it runs none is the cause of
// the Service's empty endpoints: it is scaled to zero (Replicas 0), or it
// cannot create or keep pods, which its own hypotheses say.
type TemplateWorkload struct {
	// Workload is the Deployment, StatefulSet, DaemonSet, ReplicaSet,
	// ReplicationController or Argo Rollout.
	Workload *bundle.Object
	// Replicas is spec.replicas; HasReplicas is false for a kind without
	// one (a DaemonSet) and for a manifest that leaves it to the default.
	Replicas    int64
	HasReplicas bool
	// ScaledBy is the managedFields entry that owns spec.replicas, the
	// newest when several share it: who set the count. Empty when the
	// bundle holds no managedFields, and when no manager owns the count:
	// the API server does not start tracking a field that nobody owned
	// through a write of the scale subresource (kubectl scale, an HPA).
	ScaledBy FieldManager
	// Autoscaler is the KEDA ScaledObject, else the HorizontalPodAutoscaler,
	// whose scaleTargetRef names the workload, or nil.
	Autoscaler *bundle.Object
	// Git is the workload as the bundle's Git source renders it, or nil
	// when no source renders it.
	Git *RenderedReplicas
}

// RenderedReplicas is the replica count a Git source declares for a
// workload.
type RenderedReplicas struct {
	// Source is the name of the Git source; Revision the commit the bundle
	// rendered; Subject the subject of the source's newest commit, if its
	// history is in the bundle.
	Source, Revision, Subject string
	// Replicas is the rendered spec.replicas; HasReplicas is false when the
	// manifest leaves it out (the live count is then nobody's in Git).
	Replicas    int64
	HasReplicas bool
}

// templateKinds are the workloads whose pod template a Service can select,
// by API group and kind, in the order their matches are listed, and
// whether the kind has spec.replicas.
var templateKinds = []struct {
	group, kind string
	replicated  bool
}{
	{"apps", "Deployment", true},
	{"apps", "StatefulSet", true},
	{"apps", "DaemonSet", false},
	{"apps", "ReplicaSet", true},
	{"", "ReplicationController", true},
	{"argoproj.io", "Rollout", true},
}

type templateWorkloadsKey struct{}

// TemplateWorkloads maps each core Service with a selector that selects no
// pod to the workloads of its namespace whose current pod template the
// selector matches, by kind (templateKinds) and then in bundle order. A
// ReplicaSet that a Deployment owns is left to its Deployment: its
// template is an old or the current revision. Built once and memoised on
// ix; its cost is the workloads' template labels and the pod-less Services
// that share a selector pair with them.
func TemplateWorkloads(ix *bundle.Index, sources []*bundle.GitSource) map[*bundle.Object][]TemplateWorkload {
	return ix.Derived(templateWorkloadsKey{}, func() any { return templateWorkloads(ix, sources) }).(map[*bundle.Object][]TemplateWorkload)
}

func templateWorkloads(ix *bundle.Index, sources []*bundle.GitSource) map[*bundle.Object][]TemplateWorkload {
	sel := ServicePods(ix)
	out := map[*bundle.Object][]TemplateWorkload{}
	podless := podlessServices(sel)
	if len(podless.byPair) == 0 {
		return out
	}
	scalers := scaleTargets(ix)
	rendered := newRenderedIndex(sources)
	for _, tk := range templateKinds {
		for _, w := range ix.OfKind(tk.kind) {
			if !podless.inNS[w.GetNamespace()] || bundle.APIGroup(w.GetAPIVersion()) != tk.group || (tk.kind == "ReplicaSet" && controlled(ix, w)) {
				continue
			}
			tl := templateLabels(w)
			var t *TemplateWorkload
			for _, svc := range podless.selecting(sel, w.GetNamespace(), tl) {
				if t == nil {
					t = &TemplateWorkload{Workload: w, ScaledBy: replicasOwner(w), Autoscaler: scalers[objectKey(w)], Git: rendered.replicas(w)}
					if tk.replicated {
						t.Replicas, t.HasReplicas = Int64(w.Object, "spec", "replicas")
					}
				}
				out[svc] = append(out[svc], *t)
			}
		}
	}
	return out
}
