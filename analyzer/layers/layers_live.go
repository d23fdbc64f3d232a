package layers

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/evidence"
)

func (a *analysis) appliedLayer(s *subject, divs []Divergence) Layer {
	o := s.obj
	l := Layer{Name: LayerApplied, Status: StatusOK, Identity: o.Ref().String()}
	gen, hasGen := num(o.Object, "metadata", "generation")
	if hasGen {
		l.Revision = "generation " + itoa(gen)
	}
	var managers []string
	// The latest spec write is when the live object last changed.
	at := created(o)
	for _, mf := range maps(sliceAt(o.Object, "metadata", "managedFields")) {
		if n := str(mf, "manager"); n != "" && str(mf, "subresource") == "" {
			managers = append(managers, n+" ("+str(mf, "operation")+")")
			if t := parseTime(str(mf, "time")); t != nil && (at == nil || t.After(*at)) {
				at = t
			}
		}
	}
	sort.Strings(managers)
	msg := "live object present"
	if len(managers) > 0 {
		msg += "; field managers: " + strings.Join(managers, ", ")
	}
	l.Evidence = []evidence.Evidence{ev(o, "metadata.generation", msg, at)}
	drift := 0
	for _, d := range divs {
		if d.Between[0] == LayerRendered {
			drift++
			owner := ""
			if d.Owner != "" {
				owner = " (owned by " + d.Owner + ")"
			}
			l.Evidence = append(l.Evidence, evidence.Evidence{Object: &d.Object, Path: d.Path, Message: "differs from the rendered manifest" + owner})
		}
	}
	if drift > 0 {
		l.Status = StatusFailed
	}
	return l
}

func (a *analysis) controllerLayer(s *subject) Layer {
	o := s.obj
	l := Layer{Name: LayerController, Identity: o.Ref().String()}
	switch o.GetKind() {
	case "Pod", "Service":
		l.Status = StatusNotApplicable
		l.Evidence = []evidence.Evidence{{Message: "no workload controller"}}
		return l
	}
	if mapAt(o.Object, "status") == nil {
		l.Status = StatusUnknown
		l.Evidence = []evidence.Evidence{ev(o, "status", "the object has no status in the bundle", nil)}
		return l
	}
	v := a.converge(s)
	l.Status = verdictStatus(v.status)
	if obs, ok := num(o.Object, "status", "observedGeneration"); ok {
		l.Revision = "observedGeneration " + itoa(obs)
		l.Evidence = append(l.Evidence, ev(o, "status.observedGeneration", fmt.Sprintf("observedGeneration %d, generation %d", obs, numOr(o.Object, -1, "metadata", "generation")), nil))
	}
	if s.pods.current != "" {
		l.Revision = s.pods.revLabel + " " + s.pods.current
	}
	if u := str(o.Object, "status", "updateRevision"); u != "" {
		l.Evidence = append(l.Evidence, ev(o, "status.updateRevision", fmt.Sprintf("updateRevision %s, currentRevision %s", u, orNone(str(o.Object, "status", "currentRevision"))), nil))
	}
	for _, c := range conditions(o.Object, "status", "conditions") {
		l.Evidence = append(l.Evidence, ev(o, "status.conditions[type="+c.Type+"]", fmt.Sprintf("%s=%s %s: %s", c.Type, c.Status, c.Reason, c.Message), c.Time))
	}
	for _, r := range s.pods.revisions {
		msg := fmt.Sprintf("ReplicaSet %s: %d of %d replicas ready", r.GetName(), numOr(r.Object, 0, "status", "readyReplicas"), numOr(r.Object, 0, "spec", "replicas"))
		if r.GetKind() == "ControllerRevision" {
			msg = fmt.Sprintf("ControllerRevision %s: revision %d", r.GetName(), numOr(r.Object, 0, "revision"))
		}
		l.Evidence = append(l.Evidence, ev(r, "metadata.name", msg, created(r)))
	}
	l.Evidence = append(l.Evidence, a.verdictEvidence(o, v))
	return l
}
