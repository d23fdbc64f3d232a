package timeline

import (
	"strings"

	"k8s.io/apimachinery/pkg/types"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// probeKinds maps the kubelet's Unhealthy message prefix
// (pkg/kubelet/prober: "%s probe failed: %s") to the container field.
var probeKinds = map[string]string{
	"Readiness": "readinessProbe",
	"Liveness":  "livenessProbe",
	"Startup":   "startupProbe",
}

// probeNeverTripped reports whether an Unhealthy event records fewer probe
// failures in all than the probe's failureThreshold. The kubelet acts on a
// probe (marks the container unready, restarts it) only after
// failureThreshold consecutive failures, so such an event is the ordinary
// noise of a container that was still starting: connection refused for a
// second or two. It is kept on the timeline but is not a failure, so it
// cannot become the earliest failure of a rollout.
func (bd *builder) probeNeverTripped(oc occurrence) bool {
	if oc.reason != "Unhealthy" || oc.container == "" || oc.involved.Kind != "Pod" {
		return false
	}
	prefix, _, ok := strings.Cut(oc.message, " probe failed")
	field := probeKinds[prefix]
	if !ok || field == "" {
		return false
	}
	pod, found := bd.ix.ByUID(types.UID(oc.uid))
	if !found {
		pod, found = bd.ix.Get(bundle.Key{Kind: "Pod", Namespace: oc.involved.Namespace, Name: oc.involved.Name})
	}
	if !found {
		return false
	}
	threshold := int64(3) // the API default for failureThreshold
	seen := false
	for _, list := range []string{"containers", "initContainers"} {
		cs, _ := mapAt(pod.Object, "spec")[list].([]any)
		for _, c := range cs {
			cm, _ := c.(map[string]any)
			if str(cm, "name") != oc.container {
				continue
			}
			probe := mapAt(cm, field)
			if probe == nil {
				return false
			}
			seen = true
			if t := num(probe, "failureThreshold"); t > 0 {
				threshold = t
			}
		}
	}
	count := oc.count
	if count < 1 {
		count = 1
	}
	return seen && count < threshold
}
