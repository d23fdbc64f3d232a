package report

import (
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/layers"
)

func (e *jsonWriter) workloads(ws []layers.Workload) {
	if ws == nil {
		e.null()
		return
	}
	e.open('[')
	for i := range ws {
		e.member()
		e.workload(&ws[i])
	}
	e.close(']')
}

func (e *jsonWriter) workload(w *layers.Workload) {
	e.open('{')
	e.key("ref")
	e.ref(&w.Ref)
	e.key("convergence")
	e.str(w.Convergence)
	e.key("convergenceReason")
	e.str(w.ConvergenceReason)
	e.key("stages")
	if w.Stages == nil {
		e.null()
	} else {
		e.open('[')
		for i := range w.Stages {
			s := &w.Stages[i]
			e.member()
			e.open('{')
			e.key("name")
			e.str(s.Name)
			e.key("status")
			e.str(s.Status)
			e.key("evidence")
			e.evidence(s.Evidence)
			e.close('}')
		}
		e.close(']')
	}
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
	e.close('}')
}

func (e *jsonWriter) layers(ls []layers.Layer) {
	if ls == nil {
		e.null()
		return
	}
	e.open('[')
	for i := range ls {
		l := &ls[i]
		e.member()
		e.open('{')
		e.key("name")
		e.str(l.Name)
		e.key("status")
		e.str(l.Status)
		e.optStr("identity", l.Identity)
		e.optStr("revision", l.Revision)
		e.key("evidence")
		e.evidence(l.Evidence)
		e.close('}')
	}
	e.close(']')
}

func (e *jsonWriter) divergences(ds []layers.Divergence) {
	if ds == nil {
		e.null()
		return
	}
	e.open('[')
	for i := range ds {
		d := &ds[i]
		e.member()
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
		e.close('}')
	}
	e.close(']')
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

// evidence writes a list of citations; nil is null, as encoding/json has it.
func (e *jsonWriter) evidence(es []evidence.Evidence) {
	if es == nil {
		e.null()
		return
	}
	e.open('[')
	for i := range es {
		v := &es[i]
		e.member()
		e.open('{')
		if v.Object != nil {
			e.key("object")
			e.ref(v.Object)
		}
		e.optStr("path", v.Path)
		e.optStr("event", v.Event)
		e.optStr("file", v.File)
		if v.Time != nil {
			e.key("time")
			e.time(*v.Time)
		}
		e.key("message")
		e.str(v.Message)
		e.close('}')
	}
	e.close(']')
}

func (e *jsonWriter) ref(r *bundle.Ref) {
	e.open('{')
	e.optStr("apiVersion", r.APIVersion)
	e.key("kind")
	e.str(r.Kind)
	e.optStr("namespace", r.Namespace)
	e.key("name")
	e.str(r.Name)
	e.close('}')
}

func (e *jsonWriter) refs(rs []bundle.Ref) {
	if rs == nil {
		e.null()
		return
	}
	e.open('[')
	for i := range rs {
		e.member()
		e.ref(&rs[i])
	}
	e.close(']')
}
