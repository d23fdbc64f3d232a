package report

import (
	"fmt"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/internal/words"
)

func mdState(m *mdOut, r *Report, opts RenderOptions) {
	m.printf("## State reconciliation\n\n")
	shown, converged, more := affected(r, opts.Workload != nil, opts.Details)
	if len(shown) == 0 {
		m.printf("No workload is off its desired state.\n\n")
	}
	for _, w := range shown {
		mdWorkload(m, w, opts.Details)
	}
	if len(converged) > 0 {
		m.printf("Converged: %s\n\n", esc(strings.Join(converged, ", ")))
	}
	if more != "" {
		m.printf("%s.\n\n", esc(strings.ToUpper(more[:1])+more[1:]))
	}
}

func mdWorkload(m *mdOut, w layers.Workload, details bool) {
	m.printf("### %s: %s\n\n", esc(w.Ref.String()), esc(w.Convergence))
	if w.ConvergenceReason != "" {
		m.printf("%s\n\n", esc(elide(w.ConvergenceReason)))
	}
	codeRef := func(r bundle.Ref) string { return code(r.String()) }
	if len(w.Owners) > 0 {
		m.printf("Owned by %s.\n\n", refList(w.Owners, codeRef))
	}
	if len(w.WaitsOn) > 0 {
		m.printf("Waits on %s.\n\n", refList(w.WaitsOn, codeRef))
	}
	if len(w.Stages) > 0 {
		parts := make([]string, len(w.Stages))
		for i, s := range w.Stages {
			parts[i] = mdIcon(s.Status) + " " + esc(s.Name)
		}
		m.printf("Rollout stages: %s\n\n", strings.Join(parts, " → "))
	}
	header := []string{"Layer", "Status", "Revision", "Identity"}
	if details {
		header = append(header, "Evidence")
	}
	var rows [][]string
	for _, l := range w.Layers {
		row := []string{esc(l.Name), mdStatus(l.Status), code(l.Revision), esc(l.Identity)}
		if details {
			row = append(row, mdEvidence(l.Evidence, l.EvidenceOmitted, true))
		}
		rows = append(rows, row)
	}
	if len(rows) > 0 {
		m.table(header, rows)
	}
	if len(w.Divergences) > 0 {
		rows = rows[:0]
		for _, d := range groupDivergences(w.Divergences) {
			objs := make([]string, len(d.Objects))
			for i, o := range d.Objects {
				objs[i] = code(o)
			}
			rows = append(rows, []string{
				esc(d.Between[0] + " → " + d.Between[1]), strings.Join(objs, "<br>"), code(d.Path),
				code(compact(d.Expected)), code(compact(d.Observed)), esc(d.Owner),
			})
		}
		m.printf("**Divergences**\n\n")
		m.table([]string{"Between", "Object", "Field", "Expected", "Observed", "Owner"}, rows)
		if n := w.DivergencesOmitted; n > 0 {
			m.printf("%s left out of this report; `--full` keeps them.\n\n", words.Count(n, "more divergence", "more divergences"))
		}
	}
	if len(w.Pods) > 0 {
		rows = rows[:0]
		for _, p := range w.Pods {
			rev := p.Revision
			if p.Revision != "" && !p.Current {
				rev += " (old)"
			}
			rows = append(rows, []string{code(p.Name), esc(rev), esc(p.Phase), yesNo(p.Ready), fmt.Sprint(p.Restarts), esc(p.Reason)})
		}
		m.table([]string{"Pod", "Revision", "Phase", "Ready", "Restarts", "Reason"}, rows)
		if n := w.PodsOmitted; n > 0 {
			m.printf("%s left out of this report; `--full` keeps them.\n\n", words.Count(n, "more pod", "more pods"))
		}
	}
}

// mdEvidence joins citations into one table cell, one per line; omitted
// is what the report itself left out (Brief).
func mdEvidence(evs []evidence.Evidence, omitted int, details bool) string {
	shown, more := limitEvidence(evs, details)
	parts := make([]string, 0, len(shown)+1)
	for _, e := range shown {
		parts = append(parts, esc(evidenceText(e)))
	}
	switch {
	case omitted > 0:
		parts = append(parts, esc(moreLine(more, omitted)))
	case more > 0:
		parts = append(parts, fmt.Sprintf("(%d more)", more))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, "<br>")
}
