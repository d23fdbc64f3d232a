package report

import (
	"fmt"
	"io"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// Format is an output format of Render.
type Format string

// Output formats. They are the values of `rift analyze -o`.
const (
	FormatText     Format = "text"
	FormatJSON     Format = "json"
	FormatMarkdown Format = "markdown"
	FormatHTML     Format = "html"
)

// Formats lists the output formats in the order the CLI documents them.
var Formats = []Format{FormatText, FormatJSON, FormatMarkdown, FormatHTML}

// DefaultWidth is the text width used when RenderOptions.Width is not set.
const DefaultWidth = 80

// minWidth is the narrowest text layout rift attempts; narrower widths are
// raised to it because tables below it stop being readable at all.
const minWidth = 40

// RenderOptions says how Render writes a report. The zero value renders
// plain text at DefaultWidth without colour.
type RenderOptions struct {
	// Format is text (the default when empty), json, markdown or html.
	Format Format
	// Width is the terminal width in columns for the text format. Zero
	// means DefaultWidth; values below 40 are raised to 40. Other formats
	// ignore it.
	Width int
	// Color adds ANSI colours to the text format. Callers set it only when
	// writing to a terminal and NO_COLOR is unset; other formats ignore it.
	Color bool
	// Details expands evidence in the text and Markdown formats: every
	// evidence item of every layer, stage and hypothesis the report holds,
	// and its whole chronology instead of its first entries. JSON and
	// HTML always carry all the report holds.
	Details bool
	// Full renders the whole report: no list bounded, every group
	// member's own evidence and links (rift analyze --full, for machines).
	// Without it, the report is Brief's: bounded so that a person can open
	// it at any size, with what was left out counted.
	Full bool
	// Workload, when set, focuses the report on one workload: the other
	// workloads, and timeline entries and hypotheses that do not concern it,
	// are left out. It matches by kind, namespace and name (the API version
	// is ignored, since users type Kind/namespace/name). A workload that is
	// not in the report is an error.
	Workload *bundle.Ref
}

// Render writes r to w in the format opts asks for. It does not modify r.
// Output is deterministic: the same report and options give the same bytes.
// JSON and HTML stream to w in chunks as they are built, so memory does not
// grow with the report; when Render fails after it started writing, w holds
// part of the report (the CLI removes a partial --output file).
func Render(w io.Writer, r *Report, opts RenderOptions) error {
	if r == nil {
		return fmt.Errorf("render: nil report")
	}
	if opts.Format == "" {
		opts.Format = FormatText
	}
	if opts.Width == 0 {
		opts.Width = DefaultWidth
	}
	if opts.Width < minWidth {
		opts.Width = minWidth
	}
	view := r.Normalized()
	if opts.Workload != nil {
		var err error
		if view, err = Focus(view, *opts.Workload); err != nil {
			return err
		}
	}
	if !opts.Full {
		view = Brief(view)
	}
	switch opts.Format {
	case FormatText:
		return renderText(w, view, opts)
	case FormatJSON:
		return renderJSON(w, view)
	case FormatMarkdown:
		return renderMarkdown(w, view, opts)
	case FormatHTML:
		return renderHTML(w, view)
	}
	return fmt.Errorf("render: unknown format %q: want one of %v", opts.Format, Formats)
}
