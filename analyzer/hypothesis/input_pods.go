package hypothesis

import (
	"github.com/rift-dev/rift/analyzer/bundle"
)

// podIndexes indexes pods ("ns/name") by phase and by the reasons their
// containers report (state.waiting, state.terminated and
// lastState.terminated, init containers included), so a rule about
// CrashLoopBackOff or Pending pods reads only those pods instead of
// scanning every pod of the bundle. Lists are sorted.
func podIndexes(ix *bundle.Index) (byPhase, byReason map[string]any) {
	phase, reason := listMap{}, listMap{}
	for _, p := range ix.OfKind("Pod") {
		if p.GroupVersionKind().Group != "" {
			continue
		}
		key := p.GetNamespace() + "/" + p.GetName()
		if ph := str(p.Object, "status", "phase"); ph != "" {
			phase[ph] = append(phase[ph], key)
		}
		seen := map[string]bool{}
		for _, field := range []string{"initContainerStatuses", "containerStatuses"} {
			for _, s := range list(p.Object, "status", field) {
				sm, _ := s.(map[string]any)
				for _, r := range []string{
					str(sm, "state", "waiting", "reason"),
					str(sm, "state", "terminated", "reason"),
					str(sm, "lastState", "terminated", "reason"),
				} {
					if r != "" && !seen[r] {
						seen[r] = true
						reason[r] = append(reason[r], key)
					}
				}
			}
		}
	}
	return phase.sortStrings().plain(), reason.sortStrings().plain()
}
