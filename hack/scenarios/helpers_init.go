package scenarios

import "github.com/rift-dev/rift/internal/testcluster"

// InitHeldForPods is the hold that keeps kwok from completing the init
// containers of the named pods: its own pod-init-container-completed
// stage with one more selector requirement, so those pods stay Pending
// with their init container running, as a pod whose init container waits
// for a dependency that never answers. Every other pod initialises as
// usual.
func InitHeldForPods(names ...string) testcluster.StageHold {
	return testcluster.StageHold{Stage: "pod-init-container-completed", Key: ".metadata.name", Operator: "NotIn", Values: names}
}
