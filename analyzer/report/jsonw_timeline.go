package report

import (
	"github.com/rift-dev/rift/analyzer/timeline"
)

func (e *jsonWriter) entries(es []timeline.Entry) {
	e.array(len(es), es == nil, 1<<10, func(w *jsonWriter, i int) { w.entry(&es[i]) })
}

func (e *jsonWriter) entry(x *timeline.Entry) {
	e.open('{')
	e.key("time")
	e.time(x.Time)
	e.key("precision")
	e.str(x.Precision)
	e.key("object")
	e.ref(&x.Object)
	e.optStr("uid", x.UID)
	e.key("layer")
	e.str(x.Layer)
	e.key("type")
	e.str(x.Type)
	e.key("reason")
	e.str(x.Reason)
	e.key("message")
	e.str(x.Message)
	if x.Failure {
		e.key("failure")
		e.bool(true)
	}
	if x.Count != 0 {
		e.key("count")
		e.int(x.Count)
	}
	if x.FirstTime != nil {
		e.key("firstTime")
		e.time(*x.FirstTime)
	}
	if x.LastTime != nil {
		e.key("lastTime")
		e.time(*x.LastTime)
	}
	if len(x.Workloads) > 0 {
		e.key("workloads")
		e.refs(x.Workloads)
	}
	e.key("source")
	e.str(x.Source)
	e.optStr("confidence", x.Confidence)
	e.optStr("file", x.File)
	e.optStr("container", x.Container)
	e.optStr("revision", x.Revision)
	e.optStr("clock", x.Clock)
	e.close('}')
}

// earliest writes an earliest failure, or null when f is nil.
func (e *jsonWriter) earliest(f *timeline.EarliestFailure) {
	if f == nil {
		e.null()
		return
	}
	e.open('{')
	e.key("entry")
	e.entry(&f.Entry)
	e.key("index")
	e.int(int64(f.Index))
	e.optStr("why", f.Why)
	e.optStr("skewWarning", f.SkewWarning)
	if len(f.Explains) > 0 {
		e.key("explains")
		e.open('[')
		for _, n := range f.Explains {
			e.member()
			e.int(int64(n))
		}
		e.close(']')
	}
	e.optStr("workload", f.Workload)
	e.close('}')
}
