package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// renderMarkdown writes the report as GitHub/GitLab-flavoured Markdown for
// postmortems: headings per section, pipe tables whose cells never contain
// a raw pipe or newline, and every value from the bundle escaped so that it
// renders as the text it is.
func renderMarkdown(w io.Writer, r *Report, opts RenderOptions) error {
	m := &mdOut{w: w}
	mdLead(m, r, opts)
	mdScope(m, r)
	mdState(m, r, opts)
	mdChronology(m, r, opts.Details)
	mdLedger(m, r, opts.Details)
	mdRepair(m, r)
	mdVerification(m, r)
	mdResidual(m, r)
	return m.err
}

// mdOut writes Markdown and remembers the first write error.
type mdOut struct {
	w   io.Writer
	err error
}

func (m *mdOut) printf(format string, args ...any) {
	if m.err != nil {
		return
	}
	_, m.err = fmt.Fprintf(m.w, format, args...)
}

// table writes a pipe table. Cells must already be escaped (esc or code).
func (m *mdOut) table(header []string, rows [][]string) {
	m.printf("| %s |\n|%s\n", strings.Join(header, " | "), strings.Repeat("---|", len(header)))
	for _, r := range rows {
		m.printf("| %s |\n", strings.Join(r, " | "))
	}
	m.printf("\n")
}

// mdEscaper escapes the characters that Markdown or the HTML it allows would
// otherwise interpret, and the table pipe. Newlines become <br> so a cell
// stays on its row.
var mdEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", "&lt;", ">", "&gt;", "|", `\|`, "#", `\#`, "~", `\~`,
	"\r\n", "<br>", "\n", "<br>",
)

// esc escapes s for Markdown text and table cells; "" becomes "-".
func esc(s string) string {
	if s == "" {
		return "-"
	}
	if !strings.ContainsAny(s, mdEscaped) {
		return s // most text has nothing to escape; Replace would copy it
	}
	return mdEscaper.Replace(s)
}

// mdEscaped holds every byte that starts one of mdEscaper's patterns.
const mdEscaped = "\\`*_[]<>|#~\r\n"

// mdCodeEscaper escapes a code span's text; it is built once because
// building a Replacer costs far more than using one.
var mdCodeEscaper = strings.NewReplacer("|", `\|`, "\r\n", " ", "\n", " ")

// code wraps s in a code span. Inside code spans only the pipe needs
// escaping (GFM tables split on it first); a backtick in s lengthens the
// fence instead.
func code(s string) string {
	if s == "" {
		return "-"
	}
	if strings.ContainsAny(s, "|\r\n") {
		s = mdCodeEscaper.Replace(s)
	}
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || fence != "`" {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// mdIcon is a coloured circle for a status, so tables read without colour
// support in the forge.
func mdIcon(s string) string {
	switch statusMark(s) {
	case "✓":
		return "🟢"
	case "✗":
		return "🔴"
	case "…":
		return "🟡"
	case "-":
		return "⚪"
	case "‖":
		return "⏸️"
	}
	return "⚫"
}

// mdStatus is a status with its icon.
func mdStatus(s string) string { return mdIcon(s) + " " + esc(s) }

func mdLead(m *mdOut, r *Report, opts RenderOptions) {
	s := r.Summary
	m.printf("# rift report: %s\n\n", esc(orDash(s.Verdict)))
	m.printf("**Impact:** %s  \n", esc(s.Impact))
	m.printf("**Earliest supported cause:** %s  \n", esc(elide(s.EarliestCause)))
	mut := yesNo(s.MutationNeeded)
	if h, ok := topHypothesis(r); ok && s.MutationNeeded {
		mut += " (owner: " + h.Repair.Owner + ")"
	}
	if opts.Workload != nil {
		m.printf("**Mutation needed:** %s  \n**Focus:** %s\n\n", esc(mut), esc(focusLine(r)))
		return
	}
	m.printf("**Mutation needed:** %s\n\n", esc(mut))
}

func mdScope(m *mdOut, r *Report) {
	b := r.Bundle
	m.printf("## Scope and identity\n\n")
	id := b.Scope.Identity.Username
	if len(b.Scope.Identity.Groups) > 0 {
		id += " (" + strings.Join(b.Scope.Identity.Groups, ", ") + ")"
	}
	ns := "all"
	if len(b.Scope.Namespaces) > 0 {
		ns = strings.Join(b.Scope.Namespaces, ", ")
	}
	capt := bundle.CaptureText(b.CaptureTime, b.Inferred)
	rows := [][]string{
		{"Context", esc(b.Scope.Context)},
		{"Cluster", esc(strings.TrimSpace(b.Scope.Cluster + " " + b.Scope.Server))},
		{"Identity", esc(id)},
		{"Namespaces", esc(ns)},
		{"Captured", esc(capt)},
		{"Bundle", esc(bundleLine(r))},
	}
	for _, s := range b.Sources {
		rows = append(rows, []string{"Git source", esc(sourceLine(s))})
	}
	for _, nc := range b.NotCollected {
		rows = append(rows, []string{"Not collected", esc(notCollectedLine(nc.Resource, nc.Namespace, nc.Reason))})
	}
	for _, e := range b.LoadErrors {
		rows = append(rows, []string{"Load error", esc(e.Error())})
	}
	if s := omittedLine(r); s != "" {
		rows = append(rows, []string{"Left out", esc(s)})
	}
	m.table([]string{"Item", "Value"}, rows)
}
