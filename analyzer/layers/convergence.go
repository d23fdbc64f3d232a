package layers

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// verdict is a convergence verdict and the reason for it.
// blocker names, for a blocked verdict, the controller setting that holds
// the rollout (Workload.Blocker); empty for any other verdict, and for a
// block whose cause is a failing pod or object rather than the controller's
// configuration.
type verdict struct{ status, reason, blocker string }

// converge decides whether a subject has converged. It reads controller
// semantics rather than summarising status: a StatefulSet that kstatus and
// Argo CD call "progressing" forever is blocked here, with the pod that
// blocks it named.
//
// The memo is keyed by object: the subjects built on the fly for
// reconcilers carry no pods, which their verdicts never read, so the
// verdict does not depend on which caller comes first. judge runs
// unlocked, because it may converge other objects; two callers racing on
// one object compute the same verdict.
func (a *analysis) converge(s *subject) verdict {
	a.verdictsMu.Lock()
	v, ok := a.verdicts[s.obj]
	a.verdictsMu.Unlock()
	if ok {
		return v
	}
	v = a.judge(s)
	a.verdictsMu.Lock()
	a.verdicts[s.obj] = v
	a.verdictsMu.Unlock()
	return v
}

// decideGo is the Go judgement of the kinds goHealth declares (judge
// calls it); converge memoises the verdict, since layers, stages and every
// workload a reconciler owns ask for the same one.
func (a *analysis) decideGo(s *subject) verdict {
	o := s.obj
	switch o.GetKind() {
	case "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "Application":
		if mapAt(o.Object, "status") == nil {
			return verdict{Unknown, "the bundle holds no status for this object", ""}
		}
	}
	if l, ok := a.lag(o); ok {
		return lagVerdict(o, l)
	}
	switch o.GetKind() {
	case "Deployment":
		return deploymentVerdict(a.ix, o, s.pods, a.now)
	case "StatefulSet":
		return statefulSetVerdict(a.ix, o, s.pods, a.now)
	case "DaemonSet":
		return daemonSetVerdict(a.ix, o, s.pods, a.now)
	case "ReplicaSet":
		return replicaSetVerdict(a.ix, o, s.pods, a.now)
	case "Job":
		return jobVerdict(o, s.pods)
	case "CronJob":
		return cronJobVerdict(a.ix, o, s.pods)
	case "Pod":
		return podVerdict(a, o)
	case "Service":
		return a.serviceVerdict(o)
	case "Application":
		return a.applicationVerdict(o)
	}
	return a.fluxVerdict(o)
}

// generationLag reports a controller that has not yet seen the latest
// spec, for an object that reports an older status.observedGeneration.
// The workloads of lagKinds are judged before it, with the capture time
// (analysis.lag).
func generationLag(o *bundle.Object) (verdict, bool) {
	gen, okG := num(o.Object, "metadata", "generation")
	obs, okO := num(o.Object, "status", "observedGeneration")
	if okG && okO && obs < gen {
		return lagVerdict(o, Lag{Observed: obs, Generation: gen}), true
	}
	return verdict{}, false
}

// lag is ControllerLag at the bundle's capture time.
func (a *analysis) lag(o *bundle.Object) (Lag, bool) { return ControllerLag(o, a.now) }

// firstFailing names the first pod (current template first) that cannot
// make progress by itself.
func firstFailing(ps podSet, onlyCurrent bool) (string, bool) {
	for _, pass := range []bool{true, false} {
		for _, p := range ps.pods {
			if ps.isCurrent(p) != pass || (onlyCurrent && !pass) {
				continue
			}
			if r := podFailing(p); r != "" {
				return fmt.Sprintf("Pod %s/%s: %s", p.GetNamespace(), p.GetName(), r), true
			}
		}
	}
	return "", false
}

// oldPods lists pods that run an older template revision than the current.
func oldPods(ps podSet) []*bundle.Object {
	var out []*bundle.Object
	for _, p := range ps.pods {
		if !ps.isCurrent(p) {
			out = append(out, p)
		}
	}
	return out
}

func podNames(ps []*bundle.Object) string {
	n := make([]string, 0, len(ps))
	for _, p := range ps {
		n = append(n, p.GetName())
	}
	sort.Strings(n)
	return strings.Join(n, ", ")
}

func readiness(ix *bundle.Index, ps podSet, ready, want int64, what string, now time.Time, deadline time.Duration) verdict {
	if r, ok := firstFailing(ps, false); ok {
		return verdict{Failed, fmt.Sprintf("%d of %d %s ready; %s", ready, want, what, r), ""}
	}
	for _, p := range ps.pods {
		if !podReady(p) && p.GetDeletionTimestamp() == nil && !facts.Finished(p) {
			if r, ok := unreadyStall(p, now, deadline); ok {
				if _, _, initing := runningInit(p); !initing {
					r += ": " + unreadyWhy(ix, p)
				}
				return verdict{Blocked, fmt.Sprintf("%d of %d %s ready; %s", ready, want, what, r), ""}
			}
		}
	}
	if p := firstUnready(ps, false); p != nil {
		return verdict{Progressing, fmt.Sprintf("%d of %d %s ready; Pod %s/%s: %s", ready, want, what, p.GetNamespace(), p.GetName(), unreadyWhy(ix, p)), ""}
	}
	return verdict{Progressing, fmt.Sprintf("%d of %d %s ready", ready, want, what), ""}
}

// scaledValue resolves an int-or-percent rolling update bound, or def when
// it is unset, as the controllers do (facts.Scaled): maxUnavailable rounds
// down, maxSurge rounds up. A value the API server would refuse ("25.5%",
// "3") reads 0: the controller cannot resolve it, so it replaces nothing.
func scaledValue(v any, total int64, def string, roundUp bool) int64 {
	n, _ := facts.Scaled(v, intstr.Parse(def), total, roundUp)
	return n
}
