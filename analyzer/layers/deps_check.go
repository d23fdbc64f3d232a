package layers

import (
	"fmt"
	"sort"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/facts"
)

func (a *analysis) checkDep(ns string, d dep) (string, []evidence.Evidence) {
	o, ok := a.ix.Get(bundle.Key{Kind: d.kind, Namespace: ns, Name: d.name})
	label := fmt.Sprintf("%s %s", d.kind, d.name)
	if !ok {
		switch {
		case d.kind == "Secret":
			if st, e, found := a.externalSecretFor(ns, d.name); found {
				return st, append(e, evidence.Evidence{Path: d.path, Message: label + " is not in the bundle"})
			}
		}
		if a.notCollected(depResource[d.kind], ns) || len(a.ix.OfKind(d.kind)) == 0 {
			return StatusUnknown, []evidence.Evidence{{Path: d.path, Message: label + ": not collected in the bundle"}}
		}
		if d.optional {
			return StatusOK, []evidence.Evidence{{Path: d.path, Message: label + " is absent (optional)"}}
		}
		return StatusFailed, []evidence.Evidence{{Path: d.path, Message: label + " does not exist"}}
	}
	if d.key != "" && d.kind == "Secret" && !keysCollected(o) {
		// rift's collector records Secrets as metadata only unless asked
		// for key names: the key may well be there.
		return StatusUnknown, []evidence.Evidence{ev(o, "data", fmt.Sprintf("%s exists; its keys were not collected, so key %q cannot be checked", label, d.key), nil)}
	}
	if d.key != "" && !hasKey(o, d.key) {
		if d.optional {
			return StatusOK, []evidence.Evidence{ev(o, "data", fmt.Sprintf("%s has no key %q (optional)", label, d.key), nil)}
		}
		return StatusFailed, []evidence.Evidence{ev(o, "data", fmt.Sprintf("%s has no key %q", label, d.key), nil)}
	}
	if d.kind == "PersistentVolumeClaim" {
		return a.checkClaim(o)
	}
	return StatusOK, []evidence.Evidence{ev(o, "", label+" exists", nil)}
}

// keysCollected reports whether the bundle holds a Secret's key names.
func keysCollected(o *bundle.Object) bool {
	for _, f := range []string{"data", "binaryData", "stringData"} {
		if _, ok := o.Object[f]; ok {
			return true
		}
	}
	return false
}

// hasKey looks at key names only: a Secret's values are never read.
func hasKey(o *bundle.Object, key string) bool {
	for _, f := range []string{"data", "binaryData", "stringData"} {
		if _, ok := mapAt(o.Object, f)[key]; ok {
			return true
		}
	}
	return false
}

func (a *analysis) checkClaim(pvc *bundle.Object) (string, []evidence.Evidence) {
	phase := str(pvc.Object, "status", "phase")
	if r, ok := facts.ClaimBlocked(a.ix, pvc); ok {
		return StatusFailed, []evidence.Evidence{ev(pvc, "spec.storageClassName", r, nil)}
	}
	if phase != "Bound" {
		return StatusProgressing, []evidence.Evidence{ev(pvc, "status.phase", "PersistentVolumeClaim "+pvc.GetName()+" is "+orNone(phase), nil)}
	}
	out := []evidence.Evidence{ev(pvc, "status.phase", "PersistentVolumeClaim "+pvc.GetName()+" is Bound", nil)}
	st := StatusOK
	if pv, ok := a.ix.Get(bundle.Key{Kind: "PersistentVolume", Name: str(pvc.Object, "spec", "volumeName")}); ok {
		out = append(out, ev(pv, "status.phase", "PersistentVolume "+pv.GetName()+" is "+orNone(str(pv.Object, "status", "phase")), nil))
	}
	if sc := str(pvc.Object, "spec", "storageClassName"); sc != "" {
		if o, ok := a.ix.Get(bundle.Key{Group: "storage.k8s.io", Kind: "StorageClass", Name: sc}); ok {
			out = append(out, ev(o, "provisioner", "StorageClass "+sc+" ("+str(o.Object, "provisioner")+")", nil))
		}
	}
	return st, out
}

// externalSecretFor finds the ExternalSecret whose target is the Secret.
func (a *analysis) externalSecretFor(ns, name string) (string, []evidence.Evidence, bool) {
	found := append([]*bundle.Object(nil), a.externalSecrets()[[2]string{ns, name}]...)
	sort.Slice(found, func(i, j int) bool { return found[i].GetName() < found[j].GetName() })
	for _, es := range found {
		c, ok := statusCond(es.Object, "Ready")
		if !ok {
			return StatusUnknown, []evidence.Evidence{ev(es, "status.conditions", "ExternalSecret "+es.GetName()+" has no Ready condition", nil)}, true
		}
		st := StatusOK
		if c.Status != "True" {
			st = StatusFailed
		}
		return st, []evidence.Evidence{ev(es, "status.conditions[type=Ready]", fmt.Sprintf("ExternalSecret %s Ready=%s %s: %s", es.GetName(), c.Status, c.Reason, c.Message), c.Time)}, true
	}
	return "", nil, false
}

// checkRouting judges the Service as a dependency: it is broken when a
// Ready pod it selects is not among its ready endpoints. Unready pods that
// are not routed are the runtime's problem, not the Service's.
func (a *analysis) checkRouting(svc *bundle.Object, pods []*bundle.Object) (string, evidence.Evidence) {
	eps, known := a.endpointsOf(svc)
	if !known {
		return StatusUnknown, ev(svc, "", "Service "+svc.GetName()+": endpoints not in the bundle", nil)
	}
	routed, readyPods := 0, 0
	var missing []*bundle.Object
	for _, p := range pods {
		st, _ := eps.state(p)
		if st == endpointReady {
			routed++
		}
		if podReady(p) {
			readyPods++
			if st != endpointReady {
				missing = append(missing, p)
			}
		}
	}
	msg := fmt.Sprintf("Service %s routes to %d of %d pods (%d Ready)", svc.GetName(), routed, len(pods), readyPods)
	if len(missing) > 0 {
		return StatusFailed, ev(svc, "", msg+"; Ready but not routed: "+podNames(missing), nil)
	}
	return StatusOK, ev(svc, "", msg, nil)
}

// externalSecrets indexes ExternalSecrets by the namespace and name of the
// Secret they produce, once per Build.
func (a *analysis) externalSecrets() map[[2]string][]*bundle.Object {
	if a.esByTarget != nil {
		return a.esByTarget
	}
	a.esByTarget = map[[2]string][]*bundle.Object{}
	for _, es := range a.ix.OfKind("ExternalSecret") {
		target := str(es.Object, "spec", "target", "name")
		if target == "" {
			target = es.GetName()
		}
		k := [2]string{es.GetNamespace(), target}
		a.esByTarget[k] = append(a.esByTarget[k], es)
	}
	return a.esByTarget
}
