package verify

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/layers"
)

// workload adds the controller, runtime and routing checks of one target.
func (v *verifier) workload(t target) {
	subject := t.ref.String()
	v.add(generation(t))
	if t.w == nil {
		v.add(Check{Name: CheckTemplate, Layer: layers.LayerRuntime, Subject: subject, Status: Unknown,
			Summary: "the analysis did not rebuild this workload's pods"})
		return
	}
	ps := v.pods(t)
	v.add(divergence(t), current(t, ps))
	if v.img != nil {
		v.add(v.imageCheck(subject, ps))
	}
	v.add(ready(subject, ps), v.restartCheck(t, ps), v.endpoints(t, ps))
}

// generation: the controller observed the latest spec.
func generation(t target) Check {
	c := Check{Name: CheckGeneration, Layer: layers.LayerController, Subject: t.ref.String()}
	gen := t.obj.GetGeneration()
	obs, ok, _ := unstructured.NestedInt64(t.obj.Object, "status", "observedGeneration")
	c.Evidence = []string{fmt.Sprintf("%s metadata.generation %d", t.ref, gen)}
	switch {
	case !ok:
		c.Status, c.Summary = Fail, "status.observedGeneration is not set: the controller has not reported on this spec"
	case obs != gen:
		c.Evidence = append(c.Evidence, fmt.Sprintf("%s status.observedGeneration %d", t.ref, obs))
		c.Status, c.Summary = Fail, fmt.Sprintf("the controller observed generation %d, the spec is at %d", obs, gen)
	default:
		c.Evidence = append(c.Evidence, fmt.Sprintf("%s status.observedGeneration %d", t.ref, obs))
		c.Status, c.Summary = Pass, fmt.Sprintf("observedGeneration = generation = %d", gen)
	}
	return c
}

// current: every pod runs the current template revision, and there are as
// many of them as the workload wants.
func current(t target, ps []pod) Check {
	c := Check{Name: CheckTemplate, Layer: layers.LayerRuntime, Subject: t.ref.String()}
	rev := controllerRevision(t.w)
	if rev != "" {
		c.Evidence = append(c.Evidence, fmt.Sprintf("%s current template %s", t.ref, rev))
	}
	var stale []string
	n := int64(0)
	for _, p := range ps {
		c.Evidence = append(c.Evidence, fmt.Sprintf("Pod/%s/%s revision %s", t.ref.Namespace, p.Name, p.Revision))
		if p.Current {
			n++
		} else {
			stale = append(stale, fmt.Sprintf("%s (%s)", p.Name, p.Revision))
		}
	}
	want, known := replicas(t.obj)
	switch {
	case len(stale) > 0:
		c.Status = Fail
		c.Summary = fmt.Sprintf("%s not on the current revision %s: %s", pods(len(stale)), rev, strings.Join(stale, ", "))
	case known && n < want:
		c.Status, c.Summary = Fail, fmt.Sprintf("%d of %d wanted pods run the current revision", n, want)
	case rev == "" && len(ps) > 0:
		c.Status, c.Summary = Unknown, "the current template revision is not recorded"
	default:
		c.Status, c.Summary = Pass, fmt.Sprintf("%s the current revision %s", allPods(int(n), "runs", "run"), rev)
	}
	return c
}

// controllerRevision is the controller layer's revision (the current
// pod-template-hash or update revision), as layers wrote it.
func controllerRevision(w *layers.Workload) string {
	for _, l := range w.Layers {
		if l.Name == layers.LayerController {
			return l.Revision
		}
	}
	return ""
}

// ready: every pod is Ready.
func ready(subject string, ps []pod) Check {
	c := Check{Name: CheckReady, Layer: layers.LayerRuntime, Subject: subject}
	var not []string
	for _, p := range ps {
		line := fmt.Sprintf("%s ready=%v phase=%s", p.Name, p.Ready, p.Phase)
		if p.Reason != "" {
			line += " reason=" + p.Reason
		}
		c.Evidence = append(c.Evidence, line)
		if !p.Ready {
			not = append(not, p.Name)
		}
	}
	switch {
	case len(not) > 0:
		c.Status, c.Summary = Fail, fmt.Sprintf("%s not Ready: %s", pods(len(not)), strings.Join(not, ", "))
	case len(ps) == 0:
		c.Status, c.Summary = Skipped, "the workload has no pods"
	default:
		c.Status, c.Summary = Pass, allPods(len(ps), "is", "are")+" Ready"
	}
	return c
}
