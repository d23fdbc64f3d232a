package verify

import (
	"slices"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// stray says why a routed pod that is not the workload's is left over
// outside the desired state: it belongs to no Deployment, StatefulSet or
// DaemonSet (a bare pod, or one of an orphaned ReplicaSet), or, when the
// verified workload is GitOps-managed, to a workload no reconciler manages
// (a hand-made hotfix or canary). Pods of another managed workload the
// Service also selects are legitimate and return "".
func (v *verifier) stray(t target, ns, name string) string {
	o, ok := v.b.Index.Get(bundle.Key{Kind: "Pod", Namespace: ns, Name: name})
	if !ok {
		return "that is not in the bundle (deleted, or not collected)"
	}
	cur := o
	for range 4 { // Pod → ReplicaSet → Deployment is the longest chain.
		owner, ok := v.b.Index.Owner(cur)
		if !ok {
			break
		}
		if slices.Contains(podControllers, owner.GetKind()) {
			if t.w != nil && len(t.w.Owners) > 0 && !v.managed(owner) {
				return "of " + owner.Ref().String() + ", which no GitOps reconciler manages"
			}
			return ""
		}
		cur = owner
	}
	if cur == o {
		return "that no controller owns"
	}
	return "outside any workload (owned by " + cur.Ref().String() + ", which no workload owns)"
}

// managed reports whether the report lists GitOps owners for o. The set is
// built once, so routing checks stay linear.
func (v *verifier) managed(o *bundle.Object) bool {
	if v.managedKeys == nil {
		v.managedKeys = map[bundle.Key]bool{}
		for _, w := range v.r.Workloads {
			if len(w.Owners) > 0 {
				v.managedKeys[w.Ref.Key()] = true
			}
		}
	}
	return v.managedKeys[o.Key()]
}
