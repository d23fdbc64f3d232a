package report

import (
	"compress/gzip"
	"encoding/base64"
	"fmt"
	"io"

	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/internal/words"
)

// htmlParts are the report's big parts, which the page embeds compressed,
// each under its JSON key, in the order they are written.
var htmlParts = []struct {
	key   string
	write func(e *jsonWriter, r *Report)
}{
	{"workloads", func(e *jsonWriter, r *Report) { e.workloads(r.Workloads) }},
	{"earliestPerWorkload", func(e *jsonWriter, r *Report) {
		if len(r.EarliestPerWorkload) == 0 {
			e.null() // the report leaves the key out
			return
		}
		e.earliestMap(r.EarliestPerWorkload)
	}},
	{"timeline", func(e *jsonWriter, r *Report) { e.entries(r.Timeline) }},
	{"hypotheses", func(e *jsonWriter, r *Report) { e.hypotheses(r.Hypotheses) }},
}

// htmlOpenBelow is the size of a section's parts, uncompressed, up to which
// the page opens (and so draws) the section as it loads; a larger one is
// drawn when the reader opens it. A variable so that tests can make every
// section wait.
var htmlOpenBelow int64 = 4 << 20

// htmlSection is one section of the page that draws compressed parts.
type htmlSection struct {
	id    string   // the <details> element's id
	parts []string // the htmlParts keys it draws
	open  bool     // drawn as the page loads
	count string   // what its summary line says
}

// htmlSectionsOf describes the page's big sections: the parts each draws,
// whether it opens as the page loads (its parts' sizes, in bytes of JSON,
// are at most htmlOpenBelow) and the counts its summary line shows.
func htmlSectionsOf(r *Report, sizes map[string]int64) []htmlSection {
	stuck := 0
	for _, w := range r.Workloads {
		if w.Convergence != layers.Converged {
			stuck++
		}
	}
	state := words.Count(len(r.Workloads), "workload", "workloads") + ", " + fmt.Sprintf("%d not converged", stuck)
	fails := 0
	for _, e := range r.Timeline {
		if e.Failure {
			fails++
		}
	}
	chron := words.Count(len(r.Timeline), "entry", "entries") + ", " + words.Count(fails, "failure", "failures")
	members := 0
	for _, h := range r.Hypotheses {
		members += len(h.Individuals())
	}
	ledger := words.Count(len(r.Hypotheses), "entry", "entries") + " for " + words.Count(members, "hypothesis", "hypotheses")
	if o := r.Omitted; o != nil {
		if o.WorkloadDetails > 0 {
			state += fmt.Sprintf(", %d converged listed by verdict only", o.WorkloadDetails)
		}
		if o.TimelineEntries > 0 {
			chron += fmt.Sprintf("; %d more left out of this report (--full keeps them)", o.TimelineEntries)
		}
	}
	out := []htmlSection{
		{id: "state", parts: []string{"workloads", "earliestPerWorkload"}, count: state},
		{id: "chronology", parts: []string{"timeline"}, count: chron},
		{id: "ledger", parts: []string{"hypotheses"}, count: ledger},
	}
	for i := range out {
		var n int64
		for _, p := range out[i].parts {
			n += sizes[p]
		}
		out[i].open = n <= htmlOpenBelow
	}
	return out
}

// sections writes the sections' descriptor for the page's script.
func (e *jsonWriter) sections(ss []htmlSection) {
	list(e, ss, func(s *htmlSection) {
		e.open('{')
		e.key("id")
		e.str(s.id)
		e.key("parts")
		e.strs(s.parts)
		e.key("open")
		e.bool(s.open)
		e.key("count")
		e.str(s.count)
		e.close('}')
	})
}

// reportCore writes the report without its htmlParts: what the page draws
// as it loads.
func (e *jsonWriter) reportCore(r *Report) { e.reportFields(r, false) }

// part writes one part as a data element: write's JSON (escaped as the
// report-data element is), gzip-compressed at the default level with no
// name or time in its header (so the same report gives the same bytes),
// base64-encoded. It returns the JSON's size.
func (e *jsonWriter) part(key string, write func(*jsonWriter)) (int64, error) {
	e.buf = append(e.buf, `<script type="application/gzip" data-encoding="base64" id="part-`+key+`">`...)
	e.flush()
	if e.err != nil {
		return 0, e.err
	}
	b64 := base64.NewEncoder(base64.StdEncoding, e.w)
	gz := gzip.NewWriter(b64)
	n := &countWriter{w: gz}
	pw := newJSONWriter(n, false, true)
	write(pw)
	for _, err := range []error{pw.finish(), gz.Close(), b64.Close()} {
		if err != nil {
			e.fail(err)
			return 0, err
		}
	}
	e.buf = append(e.buf, "</script>\n"...)
	return n.n, nil
}

// countWriter counts the bytes it passes on.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
