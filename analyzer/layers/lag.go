package layers

import (
	"fmt"
	"sort"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// StallAfter is how long a workload controller may leave the latest
// generation unobserved before the layers call the workload blocked rather
// than in flight. A running controller observes a change within seconds
// (its informer's event, one queue pass); five minutes is far past any
// queue delay, and earlier than the ten minutes of the default
// progressDeadlineSeconds, which a controller that never observes the
// change never reports.
const StallAfter = 5 * time.Minute

// Lag is a workload whose controller has not observed its latest
// generation (ControllerLag).
type Lag struct {
	// Observed is status.observedGeneration, 0 when the controller never
	// wrote one.
	Observed int64 `json:"observed"`
	// Generation is metadata.generation.
	Generation int64 `json:"generation"`
	// Since is the newest time the unobserved spec is known to be no
	// older than: the latest of creationTimestamp, the Progressing
	// condition's lastUpdateTime and the newest managedFields entry that
	// writes spec. Nil when none is readable.
	Since *time.Time `json:"since,omitempty"`
	// Stalled is set when Since is more than StallAfter before the
	// capture: the controller is not acting, the change is not in flight.
	Stalled bool `json:"stalled"`
}

// lagKinds are the workload kinds whose controllers (kube-controller-
// manager's) write status.observedGeneration whenever they act, so that a
// missing one means "never observed", keyed by group and kind. Other kinds
// lag only when they report an older observedGeneration.
var lagKinds = map[[2]string]bool{
	{"apps", "Deployment"}:  true,
	{"apps", "StatefulSet"}: true,
	{"apps", "DaemonSet"}:   true,
	{"apps", "ReplicaSet"}:  true,
	// Bundles from clusters older than 1.16 serve them here too.
	{"extensions", "Deployment"}: true,
	{"extensions", "DaemonSet"}:  true,
	{"extensions", "ReplicaSet"}: true,
}

// LagKinds is the kinds ControllerLag judges (in any of their groups),
// sorted, for callers that look objects up by kind.
func LagKinds() []string {
	seen := map[string]bool{}
	var out []string
	for gk := range lagKinds {
		if !seen[gk[1]] {
			seen[gk[1]] = true
			out = append(out, gk[1])
		}
	}
	sort.Strings(out)
	return out
}

// ControllerLag reports whether o, a workload of kube-controller-manager
// (Deployment, StatefulSet, DaemonSet, ReplicaSet) with a status, has a
// generation its controller has not observed, and whether at capture time (now; zero when unknown) the lag
// is older than StallAfter. It is the one judgement of a stall: the layers'
// verdicts and the rule input's controller_lags both read it.
func ControllerLag(o *bundle.Object, now time.Time) (Lag, bool) {
	if !lagKinds[[2]string{apiGroup(o), o.GetKind()}] || mapAt(o.Object, "status") == nil {
		return Lag{}, false
	}
	gen, okG := num(o.Object, "metadata", "generation")
	obs, _ := num(o.Object, "status", "observedGeneration")
	if !okG || obs >= gen {
		return Lag{}, false
	}
	l := Lag{Observed: obs, Generation: gen}
	since := o.GetCreationTimestamp().Time
	for _, v := range sliceAt(o.Object, "status", "conditions") {
		if c, ok := v.(map[string]any); ok && str(c, "type") == "Progressing" {
			if t := facts.Time(str(c, "lastUpdateTime")); t.After(since) {
				since = t
			}
		}
	}
	if t := specWritten(o); t.After(since) {
		since = t
	}
	if !since.IsZero() {
		since = since.UTC()
		l.Since = &since
		l.Stalled = !now.IsZero() && now.Sub(since) > StallAfter
	}
	return l, true
}

// specWritten is the newest time a field manager wrote o's spec, from
// metadata.managedFields; zero when none says so (collectors often drop
// managedFields).
func specWritten(o *bundle.Object) time.Time {
	var newest time.Time
	for _, v := range sliceAt(o.Object, "metadata", "managedFields") {
		e, ok := v.(map[string]any)
		if !ok || str(e, "subresource") != "" {
			continue
		}
		if !bundle.FieldsV1Owns(e, "f:spec") {
			continue
		}
		if t := facts.Time(str(e, "time")); t.After(newest) {
			newest = t
		}
	}
	return newest
}

// lagVerdict is the verdict of a lagging workload: blocked once stalled,
// progressing while the change may be in flight.
func lagVerdict(o *bundle.Object, l Lag) verdict {
	if !l.Stalled {
		return verdict{Progressing, fmt.Sprintf("controller has observed generation %d of %d", l.Observed, l.Generation), ""}
	}
	return verdict{Blocked, fmt.Sprintf("the %s controller has not observed generation %d (observed %d) since %s, more than %s: it is not acting on this %s", o.GetKind(), l.Generation, l.Observed, l.Since.Format(time.RFC3339), StallAfter, o.GetKind()), ""}
}
