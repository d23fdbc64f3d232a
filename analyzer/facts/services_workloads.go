package facts

import (
	"sort"

	"k8s.io/apimachinery/pkg/labels"

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
	// bundle holds no managedFields.
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

// FieldManager is one metadata.managedFields entry, without its set.
type FieldManager struct {
	Manager, Operation, Subresource, Time string
	// Declared is whether the entry wrote declared state: a manager of
	// Appliers, not through the scale subresource (kubectl scale names
	// itself kubectl too).
	Declared bool
}

// Appliers are the field managers that write declared state: GitOps
// reconcilers, Helm and kubectl apply. A field that anyone else owns was
// changed after the apply (kubectl-set, kubectl-edit, an autoscaler, a
// mutating operator).
var Appliers = map[string]bool{
	"kustomize-controller": true, "helm-controller": true, "argocd-controller": true,
	"argocd-application-controller": true, "kubectl-client-side-apply": true, "kubectl": true,
	"helm": true, "Helm": true,
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

// scalerKinds are the autoscalers whose scaleTargetRef names a workload,
// by API group and kind, the one that wins first: KEDA's ScaledObject owns
// the HorizontalPodAutoscaler it makes for its target.
var scalerKinds = [][2]string{{"keda.sh", "ScaledObject"}, {"autoscaling", "HorizontalPodAutoscaler"}}

type templateWorkloadsKey struct{}

// TemplateWorkloads maps each core Service with a selector that selects no
// pod to the workloads of its namespace whose current pod template the
// selector matches, by kind (templateKinds) and then in bundle order. A ReplicaSet that a Deployment owns is
// left to its Deployment: its template is an old or the current revision.
// Built once and memoised on ix; its cost is the workloads' template labels
// and the pod-less Services that share a selector pair with them.
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
	var scalers []*bundle.Object
	for _, gk := range scalerKinds {
		for _, s := range ix.OfKind(gk[1]) {
			if bundle.APIGroup(s.GetAPIVersion()) == gk[0] {
				scalers = append(scalers, s)
			}
		}
	}
	for _, tk := range templateKinds {
		for _, w := range ix.OfKind(tk.kind) {
			if !podless.inNS[w.GetNamespace()] || bundle.APIGroup(w.GetAPIVersion()) != tk.group || (tk.kind == "ReplicaSet" && controlled(ix, w)) {
				continue
			}
			tl := stringMap(Map(w.Object, "spec", "template", "metadata", "labels"))
			var t *TemplateWorkload
			for _, svc := range podless.selecting(sel, w.GetNamespace(), tl) {
				if t == nil {
					t = &TemplateWorkload{Workload: w, ScaledBy: replicasOwner(w), Autoscaler: autoscalerOf(scalers, w), Git: renderedReplicas(sources, w)}
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

// podlessIndex holds the core Services with a selector that select no pod,
// each under one pair of its selector (its least key and that key's
// value), so that a pod template reaches only the Services one of its own
// labels could satisfy: no workloads × Services join in a namespace that
// holds thousands of each.
type podlessIndex struct {
	byPair map[string][]*bundle.Object
	inNS   map[string]bool
}

func podlessServices(sel *ServiceSelection) podlessIndex {
	x := podlessIndex{byPair: map[string][]*bundle.Object{}, inNS: map[string]bool{}}
	for _, svc := range sel.Selecting {
		if len(sel.Pods[svc]) == 0 {
			m := stringMap(Map(svc.Object, "spec", "selector"))
			k := sortedLabels(m)[0]
			key := pairKey(svc.GetNamespace(), k, m[k])
			x.byPair[key] = append(x.byPair[key], svc)
			x.inNS[svc.GetNamespace()] = true
		}
	}
	return x
}

// selecting returns the pod-less Services of ns whose selector matches
// template labels tl, each once (a Service is indexed under one pair), in
// no fixed order.
func (x podlessIndex) selecting(sel *ServiceSelection, ns string, tl map[string]string) []*bundle.Object {
	var out []*bundle.Object
	for k, v := range tl {
		for _, svc := range x.byPair[pairKey(ns, k, v)] {
			if sel.Selects(svc, labels.Set(tl)) {
				out = append(out, svc)
			}
		}
	}
	return out
}

func pairKey(ns, k, v string) string { return ns + "\x00" + k + "\x00" + v }

func sortedLabels(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// controlled reports whether a controller that the bundle holds owns o.
func controlled(ix *bundle.Index, o *bundle.Object) bool {
	_, ok := ix.Owner(o)
	return ok
}

func stringMap(m map[string]any) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k], _ = v.(string)
	}
	return out
}

// replicasOwner is the newest managedFields entry whose set holds
// spec.replicas (ties go to the manager's name, for a stable answer).
func replicasOwner(w *bundle.Object) FieldManager {
	var best FieldManager
	for _, e := range Slice(w.Object, "metadata", "managedFields") {
		mf, _ := e.(map[string]any)
		if mf == nil || !bundle.FieldsV1Owns(mf, "f:spec") {
			continue
		}
		if _, ok := Map(bundle.FieldsV1(mf), "f:spec")["f:replicas"]; !ok {
			continue
		}
		c := FieldManager{Manager: String(mf, "manager"), Operation: String(mf, "operation"), Subresource: String(mf, "subresource"), Time: String(mf, "time")}
		c.Declared = Appliers[c.Manager] && c.Subresource != "scale"
		if best.Manager == "" || c.Time > best.Time || (c.Time == best.Time && c.Manager < best.Manager) {
			best = c
		}
	}
	return best
}

// autoscalerOf is the first ScaledObject, else HorizontalPodAutoscaler,
// of w's namespace whose spec.scaleTargetRef names w (a ScaledObject's
// kind defaults to Deployment).
func autoscalerOf(scalers []*bundle.Object, w *bundle.Object) *bundle.Object {
	for _, s := range scalers {
		if s.GetNamespace() != w.GetNamespace() {
			continue
		}
		ref := Map(s.Object, "spec", "scaleTargetRef")
		kind := String(ref, "kind")
		if kind == "" && s.GetKind() == "ScaledObject" {
			kind = "Deployment"
		}
		if kind == w.GetKind() && String(ref, "name") == w.GetName() {
			return s
		}
	}
	return nil
}

// renderedReplicas reads spec.replicas of the last object of a Git source
// that renders w (same kind and name, and namespace when it names one).
func renderedReplicas(sources []*bundle.GitSource, w *bundle.Object) *RenderedReplicas {
	var out *RenderedReplicas
	for _, s := range sources {
		for _, r := range s.Rendered {
			if r.GetKind() != w.GetKind() || r.GetName() != w.GetName() || (r.GetNamespace() != "" && r.GetNamespace() != w.GetNamespace()) {
				continue
			}
			out = &RenderedReplicas{Source: s.Name, Revision: s.Revision}
			if len(s.History) > 0 {
				out.Subject = s.History[0].Subject
			}
			out.Replicas, out.HasReplicas = Int64(r.Object, "spec", "replicas")
		}
	}
	return out
}
