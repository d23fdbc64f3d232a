package report

import (
	"github.com/rift-dev/rift/analyzer/layers"
)

func (e *jsonWriter) workloads(ws []layers.Workload) {
	e.array(len(ws), ws == nil, 16<<10, func(w *jsonWriter, i int) { w.workload(&ws[i]) })
}

func (e *jsonWriter) workload(w *layers.Workload) {
	e.open('{')
	e.key("ref")
	e.ref(&w.Ref)
	e.key("convergence")
	e.str(w.Convergence)
	e.key("convergenceReason")
	e.str(w.ConvergenceReason)
	e.optStr("blocker", w.Blocker)
	e.key("stages")
	list(e, w.Stages, func(s *layers.Stage) {
		e.open('{')
		e.key("name")
		e.str(s.Name)
		e.key("status")
		e.str(s.Status)
		e.key("evidence")
		e.evidence(s.Evidence)
		e.optInt("evidenceOmitted", s.EvidenceOmitted)
		e.close('}')
	})
	e.key("layers")
	e.layers(w.Layers)
	e.key("divergences")
	e.divergences(w.Divergences)
	if len(w.Owners) > 0 {
		e.key("owners")
		e.refs(w.Owners)
	}
	if len(w.Pods) > 0 {
		e.key("pods")
		e.pods(w.Pods)
	}
	if a := w.Apply; a != nil {
		e.key("apply")
		e.open('{')
		e.key("state")
		e.str(a.State)
		e.key("by")
		e.ref(&a.By)
		e.key("reason")
		e.str(a.Reason)
		e.optStr("setting", a.Setting)
		e.close('}')
	}
	if len(w.WaitsOn) > 0 {
		e.key("waitsOn")
		e.refs(w.WaitsOn)
	}
	e.optInt("divergencesOmitted", w.DivergencesOmitted)
	e.optInt("podsOmitted", w.PodsOmitted)
	if w.DetailOmitted {
		e.key("detailOmitted")
		e.bool(true)
	}
	e.close('}')
}

func (e *jsonWriter) layers(ls []layers.Layer) {
	list(e, ls, func(l *layers.Layer) {
		e.open('{')
		e.key("name")
		e.str(l.Name)
		e.key("status")
		e.str(l.Status)
		e.optStr("identity", l.Identity)
		e.optStr("revision", l.Revision)
		e.key("evidence")
		e.evidence(l.Evidence)
		e.optInt("evidenceOmitted", l.EvidenceOmitted)
		e.close('}')
	})
}

func (e *jsonWriter) divergences(ds []layers.Divergence) {
	list(e, ds, func(d *layers.Divergence) {
		e.open('{')
		e.key("between")
		e.strs(d.Between[:])
		e.key("object")
		e.ref(&d.Object)
		e.key("path")
		e.str(d.Path)
		e.key("expected")
		e.raw(d.Expected)
		e.key("observed")
		e.raw(d.Observed)
		e.optStr("owner", d.Owner)
		if d.Removed {
			e.key("removed")
			e.bool(true)
		}
		e.close('}')
	})
}

func (e *jsonWriter) pods(ps []layers.PodState) {
	e.open('[')
	for i := range ps {
		p := &ps[i]
		e.member()
		e.open('{')
		e.key("name")
		e.str(p.Name)
		e.optStr("revision", p.Revision)
		e.key("current")
		e.bool(p.Current)
		e.optStr("phase", p.Phase)
		e.key("ready")
		e.bool(p.Ready)
		e.key("restarts")
		e.int(p.Restarts)
		e.optStr("node", p.Node)
		e.optStr("reason", p.Reason)
		e.close('}')
	}
	e.close(']')
}
