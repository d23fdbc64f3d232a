package report

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/internal/words"
)

// textState writes the state reconciliation: for each affected workload its
// verdict, rollout stages, layer table and divergences.
func textState(t *textOut, r *Report, opts RenderOptions) {
	t.heading("State reconciliation")
	shown, converged, more := affected(r, opts.Workload != nil, opts.Details)
	if len(shown) == 0 {
		t.para(2, "No workload is off its desired state.")
	}
	for i, w := range shown {
		if i > 0 {
			t.blank()
		}
		textWorkload(t, w, opts.Details)
	}
	if len(converged) > 0 {
		t.blank()
		t.kv(2, 9, "converged", styleGreen, strings.Join(converged, ", "))
	}
	if more != "" {
		t.blank()
		t.para(2, "("+more+".)")
	}
	t.blank()
}

func textWorkload(t *textOut, w layers.Workload, details bool) {
	t.printf("%s  %s\n", t.paint(styleBold, w.Ref.String()), t.paint(statusStyle(w.Convergence), w.Convergence))
	if w.ConvergenceReason != "" {
		t.para(2, elide(w.ConvergenceReason))
	}
	if len(w.Owners) > 0 {
		t.kv(2, 9, "owned by", styleNone, refList(w.Owners, bundle.Ref.String))
	}
	if len(w.WaitsOn) > 0 {
		t.kv(2, 9, "waits on", styleNone, refList(w.WaitsOn, bundle.Ref.String))
	}
	if len(w.Stages) > 0 {
		parts := make([]cell, len(w.Stages))
		for i, st := range w.Stages {
			parts[i] = cell{text: statusMark(st.Status) + " " + st.Name, style: statusStyle(st.Status)}
		}
		t.flow(2, 9, "stages", parts)
	}
	rows := make([][]cell, 0, len(w.Layers))
	for _, l := range w.Layers {
		rows = append(rows, []cell{
			{text: l.Name},
			{text: l.Status, style: statusStyle(l.Status)},
			{text: orDash(shortSHA(l.Revision))},
			{text: orDash(l.Identity)},
		})
	}
	if len(rows) > 0 {
		t.table(2, []string{"layer", "status", "revision", "identity"}, rows)
	}
	if details {
		for _, l := range w.Layers {
			for _, e := range l.Evidence {
				t.item(4, l.Name+":", styleDim, evidenceText(e))
			}
			if l.EvidenceOmitted > 0 {
				t.para(6, fmt.Sprintf("(%s: %s)", l.Name, moreLine(0, l.EvidenceOmitted)))
			}
		}
		for _, s := range w.Stages {
			for _, e := range s.Evidence {
				t.item(4, s.Name+":", styleDim, evidenceText(e))
			}
			if s.EvidenceOmitted > 0 {
				t.para(6, fmt.Sprintf("(%s: %s)", s.Name, moreLine(0, s.EvidenceOmitted)))
			}
		}
	}
	textDivergences(t, w)
	textPods(t, w)
}

// fullSHA matches a whole Git object id, which the layer table shortens to
// 12 characters (as git log --abbrev=12 does) to keep its columns readable;
// the scope section and the JSON keep the full id.
var fullSHA = regexp.MustCompile(`\b([0-9a-f]{12})[0-9a-f]{28}\b`)

func shortSHA(s string) string { return fullSHA.ReplaceAllString(s, "$1") }

func textDivergences(t *textOut, w layers.Workload) {
	if len(w.Divergences) == 0 {
		return
	}
	t.printf("  %s\n", t.paint(styleBold, "divergences"))
	for _, d := range groupDivergences(w.Divergences) {
		head := fmt.Sprintf("%s → %s  %s  %s", d.Between[0], d.Between[1], strings.Join(d.Objects, ", "), d.Path)
		t.item(4, "≠", styleAmber, head)
		t.kv(6, 8, "expected", styleGreen, compact(d.Expected))
		t.kv(6, 8, "observed", styleRed, compact(d.Observed))
		if d.Owner != "" {
			t.kv(6, 8, "owner", styleNone, d.Owner)
		}
	}
	if n := w.DivergencesOmitted; n > 0 {
		t.para(4, fmt.Sprintf("(%s left out of this report; --full keeps them)", words.Count(n, "more divergence", "more divergences")))
	}
}

func textPods(t *textOut, w layers.Workload) {
	if len(w.Pods) == 0 {
		return
	}
	rows := make([][]cell, 0, len(w.Pods))
	for _, p := range w.Pods {
		rev := orDash(p.Revision)
		if p.Revision != "" && !p.Current {
			rev += " (old)"
		}
		ready := cell{text: "no", style: styleRed}
		if p.Ready {
			ready = cell{text: "yes", style: styleGreen}
		}
		rows = append(rows, []cell{
			{text: p.Name}, {text: rev}, {text: orDash(p.Phase)}, ready,
			{text: fmt.Sprint(p.Restarts)}, {text: orDash(p.Reason)},
		})
	}
	t.table(2, []string{"pod", "revision", "phase", "ready", "restarts", "reason"}, rows)
	if n := w.PodsOmitted; n > 0 {
		t.para(2, fmt.Sprintf("(%s left out of this report; --full keeps them)", words.Count(n, "more pod", "more pods")))
	}
}

// refList joins refs, each as format writes it.
func refList(refs []bundle.Ref, format func(bundle.Ref) string) string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = format(r)
	}
	return strings.Join(out, ", ")
}
