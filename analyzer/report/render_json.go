package report

import (
	"encoding/json"
	"fmt"
	"io"
)

// renderJSON writes the whole report as indented JSON followed by a newline.
// encoding/json writes struct fields in declaration order and map keys
// sorted, so the bytes depend only on the report. HTML characters are kept
// as they are (no \u003c) because the JSON is read by pipelines and people,
// not embedded in a page; the HTML renderer escapes its own copy.
func renderJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("report: encode json: %w", err)
	}
	return nil
}
