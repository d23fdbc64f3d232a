// Package imagepullfailedafter records an image update that reached only
// part of the replicas, as a before/after pair: hack/scenarios/image-pull-failed
// (one 4.8.0 pod in ImagePullBackOff, three 4.7.2 pods serving) collected
// once as the baseline and again after half a minute in which nobody
// repaired it. rift verify fails on both.
package imagepullfailedafter

import (
	"time"

	"github.com/rift-dev/rift/hack/scenarios"
	imagepullfailed "github.com/rift-dev/rift/hack/scenarios/image-pull-failed"
)

// Scenario returns the recorder entry for fixtures/image-pull-failed-after.
func Scenario() scenarios.Scenario {
	return scenarios.StillStuck(imagepullfailed.Scenario(), "image-pull-failed-after",
		"has invoice-api 4.8.0 reached every replica half a minute later?", 30*time.Second)
}
