package layers

import (
	"fmt"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
)

// stages walks the rollout of a subject from acceptance to routing. Each
// later stage is judged on the pods of the current template when there are
// any, else on every pod, so an old pod that blocks a rollout is still seen.
func (a *analysis) stages(s *subject, divs []Divergence) []Stage {
	out := []Stage{a.acceptedStage(s, divs)}
	if !podKinds[s.obj.GetKind()] {
		out = append(out, a.actedOnOther(s))
		for _, n := range StageOrder[2:] {
			st := Stage{Name: n, Status: StatusNotApplicable, Evidence: []evidence.Evidence{}}
			if n == StageRouted && s.obj.GetKind() == "Service" {
				st = a.serviceRouted(s)
			}
			out = append(out, st)
		}
		return out
	}
	pods := stagePods(s.pods)
	out = append(out, a.actedOnStage(s))
	out = append(out, a.scheduledStage(s, pods), a.pulledStage(s, pods), a.startedStage(pods), a.readyStage(s, pods), a.routedStage(s, pods))
	return out
}

func stagePods(ps podSet) []*bundle.Object {
	var cur []*bundle.Object
	for _, p := range ps.pods {
		if ps.isCurrent(p) {
			cur = append(cur, p)
		}
	}
	if len(cur) > 0 {
		return cur
	}
	return ps.pods
}

func stage(name, status string, e ...evidence.Evidence) Stage {
	if e == nil {
		e = []evidence.Evidence{}
	}
	return Stage{Name: name, Status: status, Evidence: e}
}

func (a *analysis) acceptedStage(s *subject, divs []Divergence) Stage {
	o := s.obj
	msg := "stored"
	if gen, ok := num(o.Object, "metadata", "generation"); ok {
		msg = fmt.Sprintf("stored at generation %d", gen)
	}
	e := []evidence.Evidence{ev(o, "metadata.generation", msg, created(o))}
	drift := 0
	for _, d := range divs {
		if d.Between[0] == LayerRendered && d.Owner == "" {
			drift++
		}
	}
	if drift > 0 {
		e = append(e, evidence.Evidence{Object: refPtr(o), Message: fmt.Sprintf("%d declared fields differ from the rendered manifest: the desired generation is not applied", drift)})
		// The reconciler says whether the apply is still coming or was
		// refused (a webhook denial, an invalid manifest, a suspension).
		st := StatusProgressing
		for _, r := range s.owners {
			if v := a.converge(&subject{obj: r}); v.status == Failed || v.status == Blocked || v.status == Suspended {
				st = StatusFailed
				e = append(e, ev(r, "status.conditions", v.status+": "+v.reason, nil))
			}
		}
		return stage(StageAccepted, st, e...)
	}
	return stage(StageAccepted, StatusOK, e...)
}

func (a *analysis) actedOnOther(s *subject) Stage {
	if v, ok := generationLag(s.obj); ok {
		return stage(StageActedOn, StatusProgressing, ev(s.obj, "status.observedGeneration", v.reason, nil))
	}
	if s.obj.GetKind() == "Service" {
		return stage(StageActedOn, StatusNotApplicable)
	}
	v := a.converge(s)
	st := verdictStatus(v.status)
	return stage(StageActedOn, st, ev(s.obj, "status.conditions", v.reason, nil))
}

func (a *analysis) actedOnStage(s *subject) Stage {
	o := s.obj
	if o.GetKind() == "Pod" {
		return stage(StageActedOn, StatusNotApplicable, ev(o, "", "a bare Pod has no controller", nil))
	}
	if l, ok := a.lag(o); ok {
		st := StatusProgressing
		if l.Stalled {
			st = StatusFailed
		}
		return stage(StageActedOn, st, ev(o, "status.observedGeneration", lagVerdict(o, l).reason, l.Since))
	}
	if v, ok := generationLag(o); ok {
		return stage(StageActedOn, StatusProgressing, ev(o, "status.observedGeneration", v.reason, nil))
	}
	for _, t := range []string{"ReplicaFailure"} {
		if c, ok := statusCond(o.Object, t); ok && c.Status == "True" {
			return stage(StageActedOn, StatusFailed, ev(o, "status.conditions[type="+t+"]", c.Reason+": "+c.Message, c.Time))
		}
	}
	var e []evidence.Evidence
	for _, src := range append([]*bundle.Object{o}, s.pods.revisions...) {
		for _, fe := range eventsWithReason(a.ix, src, "FailedCreate") {
			e = append(e, evidence.Evidence{Object: refPtr(src), Event: "FailedCreate", Time: parseTime(eventTime(fe)), Message: eventNote(fe)})
		}
	}
	cur := 0
	for _, p := range s.pods.pods {
		if s.pods.isCurrent(p) {
			cur++
		}
	}
	switch {
	case cur > 0:
		return stage(StageActedOn, StatusOK, append(e, ev(o, "status.observedGeneration", fmt.Sprintf("observedGeneration matches; %d pods on the current template", cur), nil))...)
	case len(e) > 0:
		return stage(StageActedOn, StatusFailed, e...)
	case len(s.pods.pods) == 0 && a.notCollected("pods", o.GetNamespace()):
		return stage(StageActedOn, StatusUnknown, ev(o, "", "pods were not collected", nil))
	}
	v := a.converge(s)
	st := StatusProgressing
	if v.status == Blocked || v.status == Failed {
		st = StatusFailed
	}
	if v.status == Converged {
		st = StatusOK
	}
	msg := "no pod runs the current template: " + v.reason
	if len(s.pods.pods) == 0 {
		msg = "no pods in the bundle; from its status: " + v.reason
	}
	return stage(StageActedOn, st, ev(o, "status", msg, nil))
}
