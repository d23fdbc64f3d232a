// Package pendingbeforemigrationafter records a Deployment whose new pods
// never scheduled, as a before/after pair: hack/scenarios/pending-before-migration
// (web 2.0's pod Pending on CPU, 1.9 pods failing readiness after the
// migration) collected once as the baseline and again after half a minute
// in which nobody repaired it. rift verify fails on both.
package pendingbeforemigrationafter

import (
	"time"

	"github.com/rift-dev/rift/hack/scenarios"
	pendingbeforemigration "github.com/rift-dev/rift/hack/scenarios/pending-before-migration"
)

// Scenario returns the recorder entry for fixtures/pending-before-migration-after.
func Scenario() scenarios.Scenario {
	return scenarios.StillStuck(pendingbeforemigration.Scenario(), "pending-before-migration-after",
		"has web 2.0 scheduled half a minute later?", 30*time.Second)
}
