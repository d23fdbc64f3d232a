package layers

import (
	"fmt"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// gracePeriodSlack is how long past its deletion deadline a pod may linger
// before it is called stuck rather than terminating.
const gracePeriodSlack = 2 * time.Minute

// progressingReasons are Ready=False reasons that mean "still working".
// ProgressingWithRetry is not one: Flux uses it for a failure it retries.
var progressingReasons = map[string]bool{"Progressing": true, "DependencyNotReady": true}

// missingDependency reports a DependencyNotReady message that says the
// dependency does not exist at all (Flux: `referenced ImageRepository does
// not exist: ... not found`), as opposed to one that is not ready yet.
func missingDependency(msg string) bool {
	m := strings.ToLower(msg)
	return strings.Contains(m, "does not exist") || strings.Contains(m, "not found")
}

// fluxVerdict follows the kstatus conditions Flux objects carry, and then
// checks the revision chain: Ready at an older revision than the source
// has is not converged.
func (a *analysis) fluxVerdict(o *bundle.Object) verdict {
	m := o.Object
	if boolAt(m, "spec", "suspend") {
		return verdict{Blocked, "suspended (spec.suspend=true)", ""}
	}
	if o.GetKind() == "HelmRepository" && str(m, "spec", "type") == "oci" {
		// source-controller keeps no status for OCI Helm repositories:
		// the charts are pulled by the HelmCharts that use them.
		return verdict{Converged, "HelmRepository of type oci: nothing to reconcile, no status by design", ""}
	}
	conds := conditions(m, "status", "conditions")
	if len(conds) == 0 {
		if v, ok := generationLag(o); ok {
			return v
		}
		if _, hasStatus := m["status"]; hasStatus {
			return verdict{Progressing, "not reconciled yet: the status holds no conditions", ""}
		}
		return verdict{Unknown, "no status in the bundle", ""}
	}
	// Flux stamps each condition with the generation it describes; a
	// status.observedGeneration of -1 only means no artifact was stored yet.
	lag, lagging := generationLag(o)
	if rg, ok := readyGeneration(m); ok && rg == numOr(m, -1, "metadata", "generation") {
		lagging = false
	}
	if c, ok := findCond(conds, "Stalled"); ok && c.Status == "True" {
		return verdict{Failed, fmt.Sprintf("Stalled %s: %s", c.Reason, c.Message), ""}
	}
	c, ok := findCond(conds, "Ready")
	switch {
	case !ok:
		return verdict{Unknown, "no Ready condition", ""}
	case c.Status == "Unknown" || (lagging && c.Status == "True"):
		return verdict{Progressing, fmt.Sprintf("reconciling: %s: %s", c.Reason, c.Message), ""}
	case c.Status == "False" && c.Reason == "DependencyNotReady" && missingDependency(c.Message):
		// Flux retries, but nothing changes until someone creates what
		// the object refers to.
		return verdict{Blocked, fmt.Sprintf("%s: %s: the dependency does not exist", c.Reason, c.Message), ""}
	case c.Status == "False" && progressingReasons[c.Reason]:
		return verdict{Progressing, fmt.Sprintf("%s: %s", c.Reason, c.Message), ""}
	case c.Status == "False":
		r := fmt.Sprintf("Ready=False %s: %s", c.Reason, c.Message)
		// helm-controller mirrors Remediated into Ready once it rolled a
		// failed release back: Released keeps what failed.
		if rel, ok := findCond(conds, "Released"); ok && o.GetKind() == "HelmRelease" && rel.Status == "False" && rel.Reason != c.Reason {
			r += fmt.Sprintf("; what it remediated: Released=False %s: %s", rel.Reason, rel.Message)
		}
		if lagging {
			r += " (the last outcome; " + lag.reason + ")"
		}
		return verdict{Failed, r, ""}
	case lagging:
		return lag
	}
	if r, ok := findCond(conds, "Reconciling"); ok && r.Status == "True" {
		return verdict{Progressing, fmt.Sprintf("reconciling: %s: %s", r.Reason, r.Message), ""}
	}
	if lag := a.revisionLag(o); lag != "" {
		// A source that cannot fetch holds the new revision back: nothing
		// arrives until the source is repaired.
		if so, ok := a.g.sourceObject(o); ok {
			if sv := a.converge(&subject{obj: so}); sv.status == Failed || sv.status == Blocked {
				return verdict{Blocked, fmt.Sprintf("%s; %s cannot fetch, so the new revision cannot arrive: %s", lag, so.Ref(), sv.reason), ""}
			}
		}
		return verdict{Progressing, lag, ""}
	}
	return verdict{Converged, strings.TrimSpace("Ready=True " + c.Reason + ": " + c.Message), ""}
}

// revisionLag compares what a Kustomization applied with what its source
// and the bundle's Git checkout hold.
func (a *analysis) revisionLag(o *bundle.Object) string {
	if o.GetKind() != "Kustomization" {
		return ""
	}
	applied := str(o.Object, "status", "lastAppliedRevision")
	if applied == "" {
		return ""
	}
	if so, ok := a.g.sourceObject(o); ok {
		if art := str(so.Object, "status", "artifact", "revision"); art != "" && !sameRevision(art, applied) {
			return fmt.Sprintf("source %s has %s; lastAppliedRevision is %s", so.Ref(), shortRevision(art), shortRevision(applied))
		}
	}
	if s := a.g.sourceOf[o]; s != nil && s.Revision != "" && !sameRevision(s.Revision, applied) {
		return fmt.Sprintf("Git source %s is at %s; lastAppliedRevision is %s", s.Name, shortRevision(s.Revision), shortRevision(applied))
	}
	return ""
}

func (a *analysis) serviceVerdict(o *bundle.Object) verdict {
	m := o.Object
	if str(m, "spec", "type") == "LoadBalancer" && len(sliceAt(m, "status", "loadBalancer", "ingress")) == 0 {
		return verdict{Progressing, "LoadBalancer has no ingress address yet", ""}
	}
	pods := a.svcPods[o]
	if len(pods) == 0 {
		if routes := a.routeNames([]*bundle.Object{o}); len(routes) > 0 && !a.notCollected("pods", o.GetNamespace()) {
			return verdict{Failed, "selects no pod" + a.templateNote(o) + ", while " + strings.Join(routes, "; ") + " sends users to it", ""}
		}
		return verdict{Converged, "selects no pods in the bundle", ""}
	}
	eps, known := a.endpointsOf(o)
	if !known {
		return verdict{Unknown, "EndpointSlices of the Service are not in the bundle", ""}
	}
	ready, portless := 0, 0
	for _, p := range pods {
		switch st, _ := eps.state(p); st {
		case endpointReady:
			ready++
		case endpointPortless:
			portless++
		}
	}
	if ready == 0 && portless > 0 {
		return verdict{Failed, fmt.Sprintf("none of the %d selected pods is a ready endpoint: the EndpointSlice lists %d without a port (a named targetPort the pods do not declare)", len(pods), portless), ""}
	}
	if ready == 0 {
		return verdict{Failed, fmt.Sprintf("none of the %d selected pods is a ready endpoint", len(pods)), ""}
	}
	if ready < len(pods) {
		return verdict{Progressing, fmt.Sprintf("%d of %d selected pods are ready endpoints", ready, len(pods)), ""}
	}
	return verdict{Converged, fmt.Sprintf("%d of %d selected pods are ready endpoints", ready, len(pods)), ""}
}

// readyGeneration is the generation the Ready condition describes.
func readyGeneration(m map[string]any) (int64, bool) {
	for _, c := range maps(sliceAt(m, "status", "conditions")) {
		if str(c, "type") == "Ready" {
			return num(c, "observedGeneration")
		}
	}
	return 0, false
}

// driftVerdict keeps a controller's "converged" from hiding that the live
// object is not what Git declares: the controller converged on a spec that
// is not the desired one. Fields another manager owns (an HPA's replicas)
// are intended and do not count; a field Git removed that the applier
// still owns does.
func (a *analysis) driftVerdict(s *subject, divs []Divergence, v verdict) verdict {
	var paths []string
	for _, d := range divs {
		if d.Between[0] == LayerRendered && (d.Owner == "" || d.Removed) {
			paths = append(paths, d.Path)
		}
	}
	if len(paths) == 0 {
		return v
	}
	drift := fmt.Sprintf("the live object differs from Git at %d declared fields (%s)", len(paths), strings.Join(paths, ", "))
	for _, r := range s.owners {
		if ov := a.converge(&subject{obj: r}); ov.status == Failed || ov.status == Blocked || ov.status == Suspended {
			return verdict{Blocked, drift + "; " + r.Ref().String() + " cannot apply it: " + ov.reason, ""}
		}
	}
	if len(s.owners) == 0 {
		return verdict{Progressing, drift + "; no reconciler in the bundle applies it", ""}
	}
	return verdict{Progressing, drift + "; waiting for the next apply", ""}
}

// templateNote names, for a Service that selects no pod, the workload
// whose pod template it does select (facts.TemplateWorkloads): the pods
// it would route to, and why there are none.
func (a *analysis) templateNote(svc *bundle.Object) string {
	ws := facts.TemplateWorkloads(a.ix, a.b.Sources)[svc]
	if len(ws) == 0 {
		return ""
	}
	w := ws[0]
	if w.HasReplicas && w.Replicas == 0 {
		return fmt.Sprintf(" (%s %s, whose pod template it selects, is scaled to 0 replicas)", w.Workload.GetKind(), w.Workload.GetName())
	}
	return fmt.Sprintf(" (%s %s, whose pod template it selects, has no pod in the bundle)", w.Workload.GetKind(), w.Workload.GetName())
}
