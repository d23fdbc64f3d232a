package verify

import (
	"fmt"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// imageCheck: every container of the promoted repository runs its digest,
// read from containerStatuses[].imageID (what the kubelet pulled, not what
// the spec asked for).
func (v *verifier) imageCheck(subject string, ps []pod) Check {
	c := Check{Name: CheckImage, Layer: layers.LayerRuntime, Subject: subject}
	var bad, unknown []string
	used := 0
	for _, p := range ps {
		if p.obj == nil {
			unknown = append(unknown, p.Name)
			continue
		}
		list, _, _ := nestedSlice(p.obj.Object, "status", "containerStatuses")
		for _, cs := range list {
			m, _ := cs.(map[string]any)
			img, _ := m["image"].(string)
			if normalizeRepo(img) != v.img.repo {
				continue
			}
			used++
			id, _ := m["imageID"].(string)
			name, _ := m["name"].(string)
			c.Evidence = append(c.Evidence, fmt.Sprintf("Pod/%s/%s container %s imageID %q", p.obj.GetNamespace(), p.Name, name, id))
			switch d := imageDigest(id); {
			case d == "":
				unknown = append(unknown, p.Name+"/"+name)
			case d != v.img.digest:
				bad = append(bad, fmt.Sprintf("%s/%s runs %s", p.Name, name, d))
			}
		}
	}
	switch {
	case len(bad) > 0:
		c.Status, c.Summary = Fail, "not on "+v.img.digest+": "+strings.Join(bad, ", ")
	case used == 0:
		c.Status, c.Summary = Fail, fmt.Sprintf("no running container of %s", v.img.repo)
	case len(unknown) > 0:
		c.Status, c.Summary = Unknown, "imageID not recorded for "+strings.Join(unknown, ", ")
	default:
		c.Status, c.Summary = Pass, fmt.Sprintf("%d container(s) run %s@%s", used, v.img.repo, v.img.digest)
	}
	return c
}

// restartCheck: no container restarted since the baseline. With --before,
// a pod the baseline holds (same UID) counts the restarts added since and a
// new pod all of its restarts. Without it, a container's restarts count
// unless they provably ended before the current revision began rolling out
// (see sinceRollout).
func (v *verifier) restartCheck(t target, ps []pod) Check {
	if v.cfg.Before == nil {
		return v.sinceRollout(t, ps)
	}
	c := Check{Name: CheckRestarts, Layer: layers.LayerRuntime, Subject: t.ref.String()}
	base := map[string]int64{}
	for _, o := range v.cfg.Before.Objects {
		if o.GetKind() == "Pod" && o.GroupVersionKind().Group == "" {
			base[string(o.GetUID())] = restarts(o)
		}
	}
	c.Evidence = append(c.Evidence, fmt.Sprintf("baseline: --before bundle captured %s", v.cfg.Before.CaptureTime.UTC().Format("2006-01-02T15:04:05Z")))
	var bad []string
	for _, p := range ps {
		now := p.Restarts
		if p.obj != nil {
			now = restarts(p.obj)
		}
		was := int64(0)
		if p.obj != nil {
			was = base[string(p.obj.GetUID())]
		}
		c.Evidence = append(c.Evidence, fmt.Sprintf("%s restarts %d (baseline %d)", p.Name, now, was))
		if now > was {
			bad = append(bad, fmt.Sprintf("%s +%d", p.Name, now-was))
		}
	}
	if len(bad) > 0 {
		c.Status, c.Summary = Fail, "restarts appeared: "+strings.Join(bad, ", ")
	} else {
		c.Status, c.Summary = Pass, "no new restarts in "+pods(len(ps))
	}
	return c
}

// sinceRollout is no-new-restarts without a baseline. The kubelet records
// one termination per container, the last (lastState.terminated), so a
// container's restarts are all older than the rollout start exactly when
// that one is. They are ignored only when that is proven:
//
//   - lastState.terminated.finishedAt is recorded and earlier than the
//     start (see provenBefore);
//   - the pod was created before the start too. A pod created after it
//     cannot have stopped before it: such a finishedAt means the node's
//     clock disagrees with the API server's, and nothing is proven.
//
// Everything else counts: a missing finishedAt, a pod the bundle does not
// hold, and every restart when no start was found (the summary says so).
func (v *verifier) sinceRollout(t target, ps []pod) Check {
	c := Check{Name: CheckRestarts, Layer: layers.LayerRuntime, Subject: t.ref.String()}
	ro := v.rolloutStart(t, ps)
	if ro.raw == "" {
		c.Evidence = append(c.Evidence, fmt.Sprintf("baseline: none (--before not given) and no rollout start found (%s): every restart counts", ro.from))
	} else {
		c.Evidence = append(c.Evidence, fmt.Sprintf("baseline: none (--before not given): restarts count unless they ended before revision %s began rolling out at %s (%s)", ro.revision, ro.raw, ro.from))
	}
	var bad, ignored []string
	for _, p := range ps {
		if p.obj == nil {
			c.Evidence = append(c.Evidence, fmt.Sprintf("%s restarts %d (pod not in the bundle: counted)", p.Name, p.Restarts))
			if p.Restarts > 0 {
				bad = append(bad, fmt.Sprintf("%s +%d", p.Name, p.Restarts))
			}
			continue
		}
		var counted, skipped int64
		for _, cr := range containerRestarts(p.obj) {
			line := fmt.Sprintf("Pod/%s/%s container %s restarts %d, ", p.obj.GetNamespace(), p.Name, cr.container, cr.count)
			if cr.finished == "" {
				line += "lastState.terminated.finishedAt not recorded: "
			} else {
				line += fmt.Sprintf("last terminated at %s (%s): ", cr.finished, orNotRecorded(cr.reason))
			}
			why, old := ro.judge(p.obj, cr)
			if old {
				skipped += cr.count
				ignored = append(ignored, fmt.Sprintf("%s/%s (%s, %s)", p.Name, cr.container, cr.finished, orNotRecorded(cr.reason)))
				line += "ignored: " + why
			} else {
				counted += cr.count
				line += "counted: " + why
			}
			c.Evidence = append(c.Evidence, line)
		}
		line := fmt.Sprintf("%s restarts %d", p.Name, counted+skipped)
		if skipped > 0 {
			line += fmt.Sprintf(" (%d ignored)", skipped)
		}
		c.Evidence = append(c.Evidence, line)
		if counted > 0 {
			bad = append(bad, fmt.Sprintf("%s +%d", p.Name, counted))
		}
	}
	switch {
	case len(bad) > 0 && ro.raw == "":
		c.Status, c.Summary = Fail, "restarts appeared: "+strings.Join(bad, ", ")
	case len(bad) > 0:
		c.Status, c.Summary = Fail, fmt.Sprintf("restarts since revision %s began rolling out at %s: %s", ro.revision, ro.raw, strings.Join(bad, ", "))
	default:
		c.Status, c.Summary = Pass, "no new restarts in "+pods(len(ps))
	}
	if len(ignored) > 0 {
		c.Summary += fmt.Sprintf("; ignored restarts that ended before revision %s began rolling out at %s: %s",
			ro.revision, ro.raw, strings.Join(ignored, ", "))
	}
	if ro.raw == "" {
		c.Summary += "; no rollout start found for the current revision, so every restart counts"
	}
	return c
}

// judge says whether cr's restarts are proven older than the rollout, and
// why or why not.
func (ro rollout) judge(p *bundle.Object, cr containerRestart) (string, bool) {
	switch {
	case ro.raw == "":
		return "no rollout start to compare with", false
	case cr.finished == "":
		return "it cannot be proven older than the rollout", false
	case !provenBefore(cr.finished, ro.at):
		not := "not"
		if t, _ := parseTime(cr.finished); t.Before(ro.at) {
			not = "not provably" // within the second the time was cut to
		}
		return fmt.Sprintf("terminated at %s, %s before revision %s began rolling out at %s", cr.finished, not, ro.revision, ro.raw), false
	}
	before := fmt.Sprintf("terminated at %s, before revision %s began rolling out at %s", cr.finished, ro.revision, ro.raw)
	switch created, _, _ := creation(p); {
	case created == "":
		return before + ", but the pod's creationTimestamp is not recorded: it may be newer than the rollout", false
	case !provenBefore(created, ro.at):
		return before + ", but the pod was created at " + created + ", not before it: the node's clock disagrees with the API server's", false
	}
	return before, true
}

// containerRestart is one restarted container of a pod and its last
// termination, as the kubelet recorded them.
type containerRestart struct {
	container string
	count     int64
	// finished and reason are lastState.terminated's finishedAt and
	// reason, "" when not recorded.
	finished, reason string
}

// containerRestarts lists the init and app containers of o that
// restarted, in status order (the containers restarts sums).
func containerRestarts(o *bundle.Object) []containerRestart {
	var out []containerRestart
	for _, field := range []string{"initContainerStatuses", "containerStatuses"} {
		list, _, _ := nestedSlice(o.Object, "status", field)
		for _, cs := range list {
			m, _ := cs.(map[string]any)
			n, _ := m["restartCount"].(int64)
			if n <= 0 {
				continue
			}
			cr := containerRestart{count: n}
			cr.container, _ = m["name"].(string)
			last, _ := m["lastState"].(map[string]any)
			term, _ := last["terminated"].(map[string]any)
			cr.finished, _ = term["finishedAt"].(string)
			cr.reason, _ = term["reason"].(string)
			out = append(out, cr)
		}
	}
	return out
}

func orNotRecorded(s string) string {
	if s == "" {
		return "not recorded"
	}
	return s
}
