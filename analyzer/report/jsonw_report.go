package report

import (
	"maps"
	"slices"

	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// The encoders in jsonw_*.go write each report type's fields in declaration order
// with the names and omitempty rules of its json tags, as encoding/json
// does by reflection. A field added to a type must be added here too:
// TestJSONWriterMatchesStdlib fills every field of a report by reflection
// and fails until it is.

func (e *jsonWriter) report(r *Report) { e.reportFields(r, true) }

// reportFields writes the report, with its large sections (workloads,
// timeline, hypotheses) only when sections is set: the HTML page's core
// is the report without them (reportCore), in the same order.
func (e *jsonWriter) reportFields(r *Report, sections bool) {
	e.open('{')
	e.key("apiVersion")
	e.str(r.APIVersion)
	e.key("kind")
	e.str(r.Kind)
	e.key("bundle")
	e.bundleInfo(&r.Bundle)
	e.key("summary")
	e.summary(&r.Summary)
	if sections {
		e.key("workloads")
		e.workloads(r.Workloads)
		e.key("timeline")
		e.entries(r.Timeline)
	}
	e.key("earliestFailure")
	e.earliest(r.EarliestFailure)
	if sections {
		if len(r.EarliestPerWorkload) > 0 {
			e.key("earliestPerWorkload")
			e.earliestMap(r.EarliestPerWorkload)
		}
		e.key("hypotheses")
		e.hypotheses(r.Hypotheses)
	}
	e.key("verification")
	e.acceptances(r.Verification)
	e.key("residual")
	e.strs(r.Residual)
	if len(r.RuleErrors) > 0 {
		e.key("ruleErrors")
		e.strs(r.RuleErrors)
	}
	e.omitted(r.Omitted)
	e.close('}')
}

func (e *jsonWriter) omitted(o *Omitted) {
	if o == nil {
		return
	}
	e.key("omitted")
	e.open('{')
	e.optInt("timelineEntries", o.TimelineEntries)
	e.optInt("workloadDetails", o.WorkloadDetails)
	e.optInt("evidence", o.Evidence)
	e.optInt("divergences", o.Divergences)
	e.optInt("pods", o.Pods)
	e.close('}')
}

// earliestMap writes each workload's earliest failure, keys sorted.
func (e *jsonWriter) earliestMap(m map[string]*timeline.EarliestFailure) {
	e.open('{')
	for _, k := range slices.Sorted(maps.Keys(m)) {
		e.mapKey(k)
		e.earliest(m[k])
	}
	e.close('}')
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

// optInt writes an omitempty int field.
func (e *jsonWriter) optInt(k string, n int) {
	if n != 0 {
		e.key(k)
		e.int(int64(n))
	}
}
