package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
	"github.com/rift-dev/rift/internal/words"
)

// One-line forms of report values, shared by the text and Markdown
// renderers.

// loopText describes a collapsed retry loop, or returns "" for a single
// occurrence.
func loopText(e timeline.Entry) string {
	if e.Count <= 1 {
		return ""
	}
	s := fmt.Sprintf("×%d", e.Count)
	if e.FirstTime != nil && e.LastTime != nil {
		s += fmt.Sprintf(" from %s to %s", stamp(*e.FirstTime), stamp(*e.LastTime))
	}
	return s
}

// evidenceText formats one citation on one line: object and path, event,
// file, time, then the message.
func evidenceText(e evidence.Evidence) string {
	var where []string
	if e.Object != nil {
		where = append(where, e.Object.String())
	}
	if e.Path != "" {
		where = append(where, e.Path)
	}
	if e.Event != "" {
		where = append(where, "event "+e.Event)
	}
	if e.File != "" {
		where = append(where, "["+e.File+"]")
	}
	if e.Time != nil {
		where = append(where, "@"+stamp(*e.Time))
	}
	if len(where) == 0 {
		return elide(e.Message)
	}
	return strings.Join(where, " ") + ": " + elide(e.Message)
}

// ruleLine says which rule proposed h, at which layer, with what score.
func ruleLine(h hypothesis.Hypothesis) string {
	s := "rule " + h.Rule
	if h.Layer != "" {
		s += ", layer " + h.Layer
	}
	return s + fmt.Sprintf(", score %d", h.Score)
}

// earliestLine is the one-line account of the earliest failure, and how
// many later failures of its chain it explains.
func earliestLine(ef *timeline.EarliestFailure) string {
	s := "Earliest failure: " + ef.Entry.Object.String() + " " + ef.Entry.Reason + " at " + stamp(ef.Entry.Time)
	if ef.Workload != "" && ef.Workload != ef.Entry.Object.String() {
		s += ", in the chain of " + ef.Workload
	}
	if n := len(ef.Explains); n > 0 {
		s += "; it explains " + words.Count(n, "later failure", "later failures")
	}
	return s + "."
}

// stamp formats a time in UTC with second precision, the form every
// non-JSON format uses.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05Z") }

// captureStamp is the capture time in a title: its stamp, or "capture time
// unknown" when the bundle carries no time (bundle.CaptureText says why).
func captureStamp(t time.Time) string {
	if t.IsZero() {
		return "capture time unknown"
	}
	return stamp(t)
}

// yesNo formats mutationNeeded.
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// orDash returns s, or "-" for an empty value.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// compact renders a divergence's expected or observed JSON value on one
// line, "absent" when the field is missing on that side.
func compact(raw []byte) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		// Not JSON (a hand-built report): show it as it is, on one line.
		return strings.Join(strings.Fields(string(raw)), " ")
	}
	if s := b.String(); s != "" && s != "null" {
		return s
	}
	return "absent"
}

// divGroup is one divergence and every object that shows it identically
// (for example the same stale probe on each Pod of a StatefulSet).
type divGroup struct {
	layers.Divergence
	Objects []string
}

// groupDivergences merges divergences that differ only in their object, in
// order of first appearance.
func groupDivergences(ds []layers.Divergence) []divGroup {
	var out []divGroup
	at := make(map[string]int, len(ds))
	for _, d := range ds {
		key := d.Between[0] + "\x00" + d.Between[1] + "\x00" + d.Object.Kind + "\x00" + d.Path + "\x00" +
			compact(d.Expected) + "\x00" + compact(d.Observed) + "\x00" + d.Owner
		if i, ok := at[key]; ok {
			out[i].Objects = append(out[i].Objects, d.Object.String())
			continue
		}
		at[key] = len(out)
		out = append(out, divGroup{Divergence: d, Objects: []string{d.Object.String()}})
	}
	return out
}
