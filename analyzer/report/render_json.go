package report

import (
	"fmt"
	"io"
)

// renderJSON writes the whole report as indented JSON followed by a
// newline: the bytes of encoding/json's Encoder with SetIndent("", "  ")
// and SetEscapeHTML(false), so struct fields come in declaration order and
// map keys sorted, and the bytes depend only on the report. HTML characters
// are kept as they are (no \u003c) because the JSON is read by pipelines
// and people, not embedded in a page; the HTML renderer escapes its own
// copy.
//
// It streams: the document goes to w in chunks of about 64 KiB as it is
// built, so memory stays bounded however large the report. A value
// encoding/json would refuse (a time outside RFC 3339) is an error, but
// what was written before it has reached w.
func renderJSON(w io.Writer, r *Report) error {
	e := newJSONWriter(w, true, false)
	e.report(r)
	e.buf = append(e.buf, '\n')
	if err := e.finish(); err != nil {
		return fmt.Errorf("report: encode json: %w", err)
	}
	return nil
}
