package report

import (
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
)

// evidence writes a list of citations; nil is null, as encoding/json has it.
func (e *jsonWriter) evidence(es []evidence.Evidence) {
	list(e, es, func(v *evidence.Evidence) {
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
	})
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
	list(e, rs, e.ref)
}
