package hypothesis

import (
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
	"github.com/rift-dev/rift/analyzer/layers"
)

// fallbackCause is the cause of the rule that names a blocked or failed
// workload (policies/not_converged.rego): the ledger never stays silent
// about a workload that will not get there, but it says so only where no
// specific cause does.
const fallbackCause = "not-converged"

// fallbackTier ranks the causes that only name what no more specific
// cause accounts for: custom-resource-failed names a failed custom
// resource unless a cause of its kind (external-secret-failed,
// certificate-not-ready) does; not-converged names any blocked or failed
// workload nothing else accounts for, custom-resource-failed included.
// A hypothesis is dropped when one of a lower tier (specific causes are
// 0) accounts for its subject.
var fallbackTier = map[string]int{"custom-resource-failed": 1, fallbackCause: 2}

// relatedOf maps each blocked or failed workload ("Kind/ns/name") to the
// references whose current hypotheses account for it: the workload, its
// pods, the GitOps objects that manage it, its controller owners and the
// objects it owns (a Deployment's ReplicaSets and their pods).
func relatedOf(b *bundle.Bundle, ws []layers.Workload) map[string][]string {
	out := map[string][]string{}
	for i := range ws {
		w := &ws[i]
		if w.Convergence != layers.Blocked && w.Convergence != layers.Failed {
			continue
		}
		rel := []string{w.Ref.String()}
		for _, o := range w.Owners {
			rel = append(rel, o.String())
		}
		for _, p := range w.Pods {
			rel = append(rel, bundle.Ref{Kind: "Pod", Namespace: w.Ref.Namespace, Name: p.Name}.String())
		}
		if b != nil && b.Index != nil {
			rel = append(rel, family(b.Index, w.Ref)...)
		}
		out[w.Ref.String()] = rel
	}
	// A reconciler that failed waiting for its workloads is accounted for
	// by what accounts for them (layers.Workload.WaitsOn), and so is a
	// workload it manages that is stuck behind that failure (a Deployment
	// an Argo CD sync never applied because its PreSync hook failed).
	// Waits chain: a Kustomization's health check waits on a HelmRelease
	// whose --wait waits on a Deployment.
	waitsOn := map[string][]bundle.Ref{}
	for i := range ws {
		if len(ws[i].WaitsOn) > 0 {
			waitsOn[ws[i].Ref.String()] = ws[i].WaitsOn
		}
	}
	waits := map[string][]string{}
	var reach func(k string) []string
	reach = func(k string) []string {
		if rel, ok := waits[k]; ok {
			return rel
		}
		waits[k] = nil // a cycle ends here
		var rel []string
		for _, r := range waitsOn[k] {
			rel = append(rel, out[r.String()]...)
			rel = append(rel, reach(r.String())...)
		}
		waits[k] = rel
		return rel
	}
	for k := range waitsOn {
		reach(k)
	}
	for k := range waitsOn {
		out[k] = append(out[k], waits[k]...)
	}
	for i := range ws {
		w := &ws[i]
		if _, stuck := out[w.Ref.String()]; !stuck {
			continue
		}
		for _, o := range w.Owners {
			out[w.Ref.String()] = append(out[w.Ref.String()], waits[o.String()]...)
		}
	}
	return out
}

// family lists the owners of r up the controller chain and the objects r
// owns, three levels down. Where the chain leaves the bundle, the
// controller the last object names is listed too: a rule names a pod's
// owner from its ownerReferences (lib.subject_of), and a pod whose
// ReplicaSet was not collected is its own workload, which that
// hypothesis accounts for all the same.
func family(ix *bundle.Index, r bundle.Ref) []string {
	o, ok := ix.Get(r.Key())
	if !ok {
		return nil
	}
	var out []string
	chain := facts.OwnerChain(ix, o)
	for _, x := range append(chain, facts.Owned(ix, o, 3)...) {
		out = append(out, x.Ref().String())
	}
	top := o
	if len(chain) > 0 {
		top = chain[len(chain)-1]
	}
	for _, ref := range top.GetOwnerReferences() {
		if ref.Controller != nil && *ref.Controller {
			out = append(out, bundle.Ref{Kind: ref.Kind, Namespace: top.GetNamespace(), Name: ref.Name}.String())
		}
	}
	return out
}

// dropAccounted removes the fallback hypotheses whose workload a current
// (supported or open) specific hypothesis accounts for: one that names
// the workload or a related object, or explains one. A fallback that a
// specific hypothesis explains by name stays, as that cause's effect: the
// rule said which workload it holds (an admission webhook that refuses a
// Deployment's pods names nothing of the Deployment), and the ledger shows
// the workload and what explains it.
func dropAccounted(cs []candidate, related map[string][]string) []candidate {
	// named[t] are the subjects that hypotheses of tier t name or explain.
	// A link counts only when the hypothesis it names exists, as the
	// report shows links: a rule that declares it explains a crash loop
	// the pod does not have accounts for nothing the reader can see.
	exists := map[string]bool{}
	for _, c := range cs {
		exists[c.h.Cause+"|"+c.h.Subject.String()] = true
	}
	named := map[int]map[string]bool{}
	explained := map[string]bool{} // fallbacks a specific hypothesis explains by name
	for _, c := range cs {
		if c.h.Status != Supported && c.h.Status != Open {
			continue
		}
		t := fallbackTier[c.h.Cause]
		if named[t] == nil {
			named[t] = map[string]bool{}
		}
		named[t][c.h.Subject.String()] = true
		for _, l := range c.links {
			id := l.Cause + "|" + l.Subject.String()
			if !exists[id] {
				continue
			}
			named[t][l.Subject.String()] = true
			if t < fallbackTier[l.Cause] {
				explained[id] = true
			}
		}
	}
	out := cs[:0]
	for _, c := range cs {
		t := fallbackTier[c.h.Cause]
		if t > 0 && !explained[c.h.Cause+"|"+c.h.Subject.String()] && accountedBelow(related[c.h.Subject.String()], named, t) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// accountedBelow reports whether a hypothesis of a tier below t names one
// of rel.
func accountedBelow(rel []string, named map[int]map[string]bool, t int) bool {
	for below := 0; below < t; below++ {
		if accountedFor(rel, named[below]) {
			return true
		}
	}
	return false
}

func accountedFor(rel []string, named map[string]bool) bool {
	for _, r := range rel {
		if named[r] {
			return true
		}
	}
	return false
}
