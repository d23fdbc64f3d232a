package layers

import (
	"fmt"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
)

func noPods(name string) Stage {
	return stage(name, StatusUnknown, evidence.Evidence{Message: "no pods in the bundle"})
}

func eventEv(p *bundle.Object, e *bundle.Object) evidence.Evidence {
	return evidence.Evidence{Object: refPtr(p), Event: str(e.Object, "reason"), Time: parseTime(eventTime(e)), Message: eventNote(e)}
}

func (a *analysis) scheduledStage(s *subject, pods []*bundle.Object) Stage {
	if len(pods) == 0 {
		return noPods(StageScheduled)
	}
	st := StatusOK
	var e []evidence.Evidence
	for _, p := range pods {
		node := str(p.Object, "spec", "nodeName")
		c, hasCond := statusCond(p.Object, "PodScheduled")
		switch {
		case node != "":
			e = append(e, ev(p, "spec.nodeName", "scheduled to "+node, c.Time))
		case hasCond && c.Status == "False":
			st = worse(st, StatusFailed)
			e = append(e, ev(p, "status.conditions[type=PodScheduled]", c.Reason+": "+c.Message, c.Time))
			for _, fe := range eventsWithReason(a.ix, p, "FailedScheduling") {
				e = append(e, eventEv(p, fe))
			}
		default:
			st = worse(st, StatusProgressing)
			e = append(e, ev(p, "spec.nodeName", "not scheduled yet", nil))
		}
	}
	return stage(StageScheduled, st, e...)
}

func (a *analysis) pulledStage(s *subject, pods []*bundle.Object) Stage {
	if len(pods) == 0 {
		return noPods(StagePulled)
	}
	st := StatusOK
	var e []evidence.Evidence
	for _, p := range pods {
		css := containerStatuses(p)
		if len(css) == 0 {
			st = worse(st, StatusProgressing)
			e = append(e, ev(p, "status.containerStatuses", "no container status yet", nil))
		}
		for _, cs := range css {
			name := str(cs, "name")
			path := "status.containerStatuses[name=" + name + "]"
			switch w := str(cs, "state", "waiting", "reason"); {
			case pullWaits[w]:
				st = worse(st, StatusFailed)
				e = append(e, ev(p, path+".state.waiting", w+": "+str(cs, "state", "waiting", "message"), nil))
			case str(cs, "imageID") != "":
				e = append(e, ev(p, path+".imageID", "pulled "+str(cs, "imageID"), nil))
			default:
				st = worse(st, StatusProgressing)
				e = append(e, ev(p, path, "image not pulled yet ("+orNone(w)+")", nil))
			}
		}
		for _, pe := range eventsWithReason(a.ix, p, "Failed", "BackOff", "Pulled") {
			e = append(e, eventEv(p, pe))
		}
	}
	return stage(StagePulled, st, e...)
}

func (a *analysis) startedStage(pods []*bundle.Object) Stage {
	if len(pods) == 0 {
		return noPods(StageStarted)
	}
	st := StatusOK
	var e []evidence.Evidence
	for _, p := range pods {
		for _, cs := range containerStatuses(p) {
			path := "status.containerStatuses[name=" + str(cs, "name") + "]"
			w := str(cs, "state", "waiting", "reason")
			term := mapAt(cs, "state", "terminated")
			restarts := numOr(cs, 0, "restartCount")
			last := str(cs, "lastState", "terminated", "reason")
			switch {
			case failingWaits[w] && !pullWaits[w]:
				st = worse(st, StatusFailed)
				e = append(e, ev(p, path+".state.waiting", fmt.Sprintf("%s (restarts %d, last termination %s): %s", w, restarts, orNone(last), str(cs, "state", "waiting", "message")), nil))
			case mapAt(cs, "state", "running") != nil:
				msg := fmt.Sprintf("running since %s, restarts %d", str(cs, "state", "running", "startedAt"), restarts)
				if last != "" {
					msg += ", last termination " + last
				}
				e = append(e, ev(p, path+".state.running", msg, parseTime(str(cs, "state", "running", "startedAt"))))
			case term != nil && (str(term, "reason") == "Completed" || numOr(term, 1, "exitCode") == 0):
				e = append(e, ev(p, path+".state.terminated", "completed", nil))
			case term != nil:
				st = worse(st, StatusFailed)
				e = append(e, ev(p, path+".state.terminated", fmt.Sprintf("terminated %s, exit code %d", str(term, "reason"), numOr(term, -1, "exitCode")), nil))
			default:
				st = worse(st, StatusProgressing)
				e = append(e, ev(p, path, "not started ("+orNone(w)+")", nil))
			}
		}
		// A container that cannot start because its volume or sandbox
		// cannot be set up waits as ContainerCreating; the events say why.
		if fe, n := dominantEvent(a.ix, p, "FailedMount", "FailedAttachVolume", "FailedCreatePodSandBox"); fe != nil && str(p.Object, "status", "phase") == "Pending" {
			st = worse(st, StatusFailed)
			ee := eventEv(p, fe)
			ee.Message = fmt.Sprintf("%s (%d times)", ee.Message, n)
			e = append(e, ee)
		}
	}
	if len(e) == 0 {
		// A pod that is still Pending has no container status yet; only
		// a running one without it means the bundle lacks the data.
		for _, p := range pods {
			if str(p.Object, "status", "phase") != "Pending" {
				return stage(StageStarted, StatusUnknown, evidence.Evidence{Message: "no container status in the bundle"})
			}
		}
		return stage(StageStarted, StatusProgressing, evidence.Evidence{Message: "no container has started: the pods are Pending"})
	}
	return stage(StageStarted, st, e...)
}
