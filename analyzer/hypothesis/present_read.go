package hypothesis

import (
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// readyState is an object's own ready condition, when it reports one:
// whether it is True, and since when.
func readyState(o *bundle.Object) (ready bool, since time.Time, ok bool) {
	c, ok := facts.ReadyCondition(o)
	if !ok {
		return false, time.Time{}, false
	}
	if c.Status != "True" {
		return false, time.Time{}, true
	}
	return true, c.At, true
}
