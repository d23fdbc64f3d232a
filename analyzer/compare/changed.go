package compare

import (
	"fmt"
	"slices"
)

// Changed reports whether the two sides differ in anything the diff
// lists: a workload, a hypothesis resolved or new, an object appeared,
// disappeared or recreated, the verdict or the Git revisions. `rift diff`
// exits 1 when it does, as `kubectl diff` does.
func (d *Diff) Changed() bool {
	return len(d.Workloads) > 0 ||
		len(d.Hypotheses.Resolved) > 0 || len(d.Hypotheses.New) > 0 ||
		len(d.Objects.Appeared) > 0 || len(d.Objects.Disappeared) > 0 || len(d.Objects.Recreated) > 0 ||
		d.Before.Verdict != d.After.Verdict || !slices.Equal(d.Before.Revisions, d.After.Revisions)
}

// Warnings says why the two sides may not be before and after of one
// system: they name different clusters, contexts or API servers, or
// "after" was captured before "before". Each warning is one line; a
// field either side did not record is not compared.
func Warnings(before, after Side) []string {
	var out []string
	bs, as := before.Bundle.Meta.Scope, after.Bundle.Meta.Scope
	for _, f := range []struct{ what, b, a string }{
		{"cluster", bs.Cluster, as.Cluster},
		{"context", bs.Context, as.Context},
		{"API server", bs.Server, as.Server},
	} {
		if f.b != "" && f.a != "" && f.b != f.a {
			out = append(out, fmt.Sprintf("the bundles come from different %ss: before %s, after %s", f.what, f.b, f.a))
		}
	}
	bt, at := before.Bundle.CaptureTime, after.Bundle.CaptureTime
	if !bt.IsZero() && !at.IsZero() && at.Before(bt) {
		out = append(out, fmt.Sprintf("AFTER was captured at %s, before BEFORE at %s: are the arguments reversed?",
			at.UTC().Format("2006-01-02T15:04:05Z"), bt.UTC().Format("2006-01-02T15:04:05Z")))
	}
	return out
}
