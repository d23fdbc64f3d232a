package report

import (
	"maps"
	"slices"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
)

// The encoders below write each report type's fields in declaration order
// with the names and omitempty rules of its json tags, as encoding/json
// does by reflection. A field added to a type must be added here too:
// TestJSONWriterMatchesStdlib fills every field of a report by reflection
// and fails until it is.

func (e *jsonWriter) report(r *Report) {
	e.open('{')
	e.key("apiVersion")
	e.str(r.APIVersion)
	e.key("kind")
	e.str(r.Kind)
	e.key("bundle")
	e.bundleInfo(&r.Bundle)
	e.key("summary")
	e.summary(&r.Summary)
	e.key("workloads")
	e.workloads(r.Workloads)
	e.key("timeline")
	e.entries(r.Timeline)
	e.key("earliestFailure")
	e.earliest(r.EarliestFailure)
	if len(r.EarliestPerWorkload) > 0 {
		e.key("earliestPerWorkload")
		e.open('{')
		for _, k := range slices.Sorted(maps.Keys(r.EarliestPerWorkload)) {
			e.mapKey(k)
			e.earliest(r.EarliestPerWorkload[k])
		}
		e.close('}')
	}
	e.key("hypotheses")
	e.hypotheses(r.Hypotheses)
	e.key("verification")
	e.acceptances(r.Verification)
	e.key("residual")
	e.strs(r.Residual)
	e.close('}')
}

func (e *jsonWriter) bundleInfo(b *BundleInfo) {
	e.open('{')
	e.key("format")
	e.str(string(b.Format))
	e.key("captureTime")
	e.time(b.CaptureTime)
	if b.Inferred {
		e.key("captureTimeInferred")
		e.bool(true)
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
	if ns == nil {
		e.null()
		return
	}
	e.open('[')
	for i := range ns {
		n := &ns[i]
		e.member()
		e.open('{')
		e.key("resource")
		e.str(n.Resource)
		e.optStr("namespace", n.Namespace)
		e.key("reason")
		e.str(n.Reason)
		e.close('}')
	}
	e.close(']')
}

func (e *jsonWriter) sources(ss []SourceInfo) {
	if ss == nil {
		e.null()
		return
	}
	e.open('[')
	for i := range ss {
		s := &ss[i]
		e.member()
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
	}
	e.close(']')
}

func (e *jsonWriter) loadErrors(ls []bundle.LoadError) {
	if ls == nil {
		e.null()
		return
	}
	e.open('[')
	for i := range ls {
		l := &ls[i]
		e.member()
		e.open('{')
		e.key("file")
		e.str(l.File)
		e.key("doc")
		e.int(int64(l.Doc))
		e.key("reason")
		e.str(l.Reason)
		e.close('}')
	}
	e.close(']')
}

func (e *jsonWriter) summary(s *hypothesis.Summary) {
	e.open('{')
	e.key("verdict")
	e.str(s.Verdict)
	e.key("impact")
	e.str(s.Impact)
	e.key("earliestCause")
	e.str(s.EarliestCause)
	e.key("mutationNeeded")
	e.bool(s.MutationNeeded)
	e.close('}')
}

// optStr writes an omitempty string field.
func (e *jsonWriter) optStr(k, s string) {
	if s != "" {
		e.key(k)
		e.str(s)
	}
}

// optStrs writes an omitempty string slice field.
func (e *jsonWriter) optStrs(k string, ss []string) {
	if len(ss) > 0 {
		e.key(k)
		e.strs(ss)
	}
}
