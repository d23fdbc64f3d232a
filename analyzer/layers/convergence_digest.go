package layers

import (
	"fmt"
	"strings"
)

// digestOf returns the sha256 digest in an image reference or a
// containerStatus imageID ("repo@sha256:…", "docker-pullable://repo@sha256:…",
// or a bare "sha256:…"), or "".
func digestOf(ref string) string {
	i := strings.LastIndex(ref, "sha256:")
	if i < 0 {
		return ""
	}
	return ref[i:]
}

// wrongDigest finds a pod whose container runs another image digest than
// its spec pins with image@sha256:…. The template can agree with Git and
// every pod be Ready while a replica runs other bits (a tag re-pushed under
// a mutable reference, a node-local image), so a pinned digest that is not
// the one running is not convergence. Only pinned images are judged: a tag
// says nothing about which digest is right.
func wrongDigest(ps podSet) (string, bool) {
	for _, p := range ps.pods {
		want := map[string]string{}
		for _, list := range []string{"initContainers", "containers"} {
			for _, c := range maps(sliceAt(p.Object, "spec", list)) {
				if d := digestOf(str(c, "image")); d != "" && strings.Contains(str(c, "image"), "@") {
					want[str(c, "name")] = d
				}
			}
		}
		for _, cs := range containerStatuses(p) {
			name := str(cs, "name")
			w, got := want[name], digestOf(str(cs, "imageID"))
			if w != "" && got != "" && w != got {
				return fmt.Sprintf("Pod %s/%s container %s runs %s, but its spec pins %s", p.GetNamespace(), p.GetName(), name, got, w), true
			}
		}
	}
	return "", false
}

// settled returns the converged verdict unless a pod runs a digest other
// than the one pinned, which fails the workload.
func settled(ps podSet, reason string) verdict {
	if why, bad := wrongDigest(ps); bad {
		return verdict{Failed, "image digest mismatch: " + why, ""}
	}
	return verdict{Converged, reason, ""}
}
