package report

import (
	"github.com/rift-dev/rift/analyzer/bundle"
)

func (e *jsonWriter) bundleInfo(b *BundleInfo) {
	e.open('{')
	e.key("format")
	e.str(string(b.Format))
	if !b.CaptureTime.IsZero() {
		e.key("captureTime")
		e.time(b.CaptureTime)
	}
	if b.Inferred {
		e.key("captureTimeInferred")
		e.bool(true)
	}
	if b.CaptureUnknown != "" {
		e.key("captureTimeUnknown")
		e.str(b.CaptureUnknown)
	}
	e.key("scope")
	e.scope(&b.Scope)
	e.key("collector")
	e.open('{')
	e.optStr("name", b.Collector.Name)
	e.optStr("version", b.Collector.Version)
	e.close('}')
	e.key("notCollected")
	e.notCollected(b.NotCollected)
	e.key("sources")
	e.sources(b.Sources)
	e.key("objects")
	e.int(int64(b.Objects))
	e.key("loadErrors")
	e.loadErrors(b.LoadErrors)
	e.key("gaps")
	e.strs(b.Gaps)
	e.close('}')
}

func (e *jsonWriter) scope(s *bundle.Scope) {
	e.open('{')
	e.optStr("context", s.Context)
	e.optStr("cluster", s.Cluster)
	e.optStr("server", s.Server)
	// omitempty never omits a struct.
	e.key("identity")
	e.open('{')
	e.optStr("username", s.Identity.Username)
	e.optStrs("groups", s.Identity.Groups)
	e.close('}')
	e.optStrs("namespaces", s.Namespaces)
	e.close('}')
}

func (e *jsonWriter) notCollected(ns []bundle.NotCollected) {
	list(e, ns, func(n *bundle.NotCollected) {
		e.open('{')
		e.key("resource")
		e.str(n.Resource)
		e.optStr("namespace", n.Namespace)
		e.key("reason")
		e.str(n.Reason)
		e.close('}')
	})
}

func (e *jsonWriter) sources(ss []SourceInfo) {
	list(e, ss, func(s *SourceInfo) {
		e.open('{')
		e.key("name")
		e.str(s.Name)
		e.optStr("url", s.URL)
		e.optStr("revision", s.Revision)
		if s.Commit != nil {
			e.key("commitTime")
			e.time(*s.Commit)
		}
		e.optStr("path", s.Path)
		e.close('}')
	})
}

func (e *jsonWriter) loadErrors(ls []bundle.LoadError) {
	list(e, ls, func(l *bundle.LoadError) {
		e.open('{')
		e.key("file")
		e.str(l.File)
		e.key("doc")
		e.int(int64(l.Doc))
		e.key("reason")
		e.str(l.Reason)
		e.close('}')
	})
}
