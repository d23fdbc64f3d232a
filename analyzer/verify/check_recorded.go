package verify

import (
	"fmt"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/internal/words"
)

// collected is unknown when the collector could not read something: a
// verification cannot pass on data it did not see (Events, pods, endpoints
// that were forbidden are not "fine").
func collected(b *bundle.Bundle) Check {
	c := Check{Name: CheckCollected, Layer: layers.LayerApplied, Subject: "bundle"}
	var what []string
	for _, nc := range b.Meta.NotCollected {
		where := nc.Resource
		if nc.Namespace != "" {
			where += " in " + nc.Namespace
		}
		what = append(what, where)
		c.Evidence = append(c.Evidence, fmt.Sprintf("bundle.yaml notCollected: %s (%s)", where, nc.Reason))
	}
	for _, e := range b.Errors {
		c.Evidence = append(c.Evidence, "load error: "+e.Error())
	}
	switch {
	case len(what) > 0:
		c.Status, c.Summary = Unknown, "not collected: "+strings.Join(what, ", ")
	case len(b.Errors) > 0:
		c.Status, c.Summary = Unknown, words.Count(len(b.Errors), "part", "parts")+" of the bundle could not be loaded"
	default:
		c.Status, c.Summary = Pass, fmt.Sprintf("everything in scope was collected (%d objects)", len(b.Objects))
	}
	return c
}

// recorded: the user-visible checks recorded in checks/ all passed.
func recorded(b *bundle.Bundle) Check {
	c := Check{Name: CheckRecorded, Layer: layers.LayerExternal, Subject: "checks/"}
	var failed []string
	for _, ch := range b.Checks {
		line := fmt.Sprintf("%s %s ok=%v", ch.File, ch.Name, ch.OK)
		if ch.Detail != "" {
			line += ": " + ch.Detail
		}
		c.Evidence = append(c.Evidence, line)
		if !ch.OK {
			failed = append(failed, ch.Name)
		}
	}
	switch {
	case len(failed) > 0:
		c.Status, c.Summary = Fail, "failed: "+strings.Join(failed, ", ")
	case len(b.Checks) == 0:
		c.Status, c.Summary = Skipped, "no user-visible checks recorded in checks/"
	default:
		c.Status, c.Summary = Pass, words.Pick(len(b.Checks), "the recorded check passed", fmt.Sprintf("all %d recorded checks passed", len(b.Checks)))
	}
	return c
}
