package facts

import (
	"github.com/rift-dev/rift/analyzer/bundle"
)

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

// scalerKinds are the autoscalers whose scaleTargetRef names a workload,
// by API group and kind, the one that wins first: KEDA's ScaledObject owns
// the HorizontalPodAutoscaler it makes for its target.
var scalerKinds = [][2]string{{"keda.sh", "ScaledObject"}, {"autoscaling", "HorizontalPodAutoscaler"}}

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

// scaleTargets maps each workload (namespace, kind, name) that an
// autoscaler's spec.scaleTargetRef names to the first such autoscaler, in
// scalerKinds order and then bundle order (a ScaledObject's kind defaults
// to Deployment).
func scaleTargets(ix *bundle.Index) map[[3]string]*bundle.Object {
	out := map[[3]string]*bundle.Object{}
	for _, gk := range scalerKinds {
		for _, s := range ix.OfKind(gk[1]) {
			if bundle.APIGroup(s.GetAPIVersion()) != gk[0] {
				continue
			}
			ref := Map(s.Object, "spec", "scaleTargetRef")
			kind := String(ref, "kind")
			if kind == "" && gk[1] == "ScaledObject" {
				kind = "Deployment"
			}
			k := [3]string{s.GetNamespace(), kind, String(ref, "name")}
			if _, seen := out[k]; !seen {
				out[k] = s
			}
		}
	}
	return out
}

func objectKey(o *bundle.Object) [3]string {
	return [3]string{o.GetNamespace(), o.GetKind(), o.GetName()}
}

// renderedIndex holds the Git sources' rendered objects by kind and name.
type renderedIndex map[[2]string][]renderedObject

type renderedObject struct {
	source *bundle.GitSource
	obj    *bundle.Object
}

func newRenderedIndex(sources []*bundle.GitSource) renderedIndex {
	x := renderedIndex{}
	for _, s := range sources {
		for _, r := range s.Rendered {
			k := [2]string{r.GetKind(), r.GetName()}
			x[k] = append(x[k], renderedObject{s, r})
		}
	}
	return x
}

// replicas reads spec.replicas of the last rendered object that renders w
// (same kind and name, and namespace when it names one), or nil.
func (x renderedIndex) replicas(w *bundle.Object) *RenderedReplicas {
	var out *RenderedReplicas
	for _, r := range x[[2]string{w.GetKind(), w.GetName()}] {
		if ns := r.obj.GetNamespace(); ns != "" && ns != w.GetNamespace() {
			continue
		}
		out = &RenderedReplicas{Source: r.source.Name, Revision: r.source.Revision}
		if len(r.source.History) > 0 {
			out.Subject = r.source.History[0].Subject
		}
		out.Replicas, out.HasReplicas = Int64(r.obj.Object, "spec", "replicas")
	}
	return out
}
