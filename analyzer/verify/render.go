package verify

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteText prints one line per check (status, name, subject, summary)
// followed by its evidence, then the outcome.
func (r *Result) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, c := range r.Checks {
		fmt.Fprintf(&b, "%-7s %-16s %s: %s\n", strings.ToUpper(string(c.Status)), c.Name, c.Subject, c.Summary)
		for _, e := range c.Evidence {
			fmt.Fprintf(&b, "        - %s\n", e)
		}
	}
	counts := map[Status]int{}
	for _, c := range r.Checks {
		counts[c.Status]++
	}
	fmt.Fprintf(&b, "\nverify: %s (%d pass, %d fail, %d unknown, %d skipped)\n",
		strings.ToUpper(string(r.Status)), counts[Pass], counts[Fail], counts[Unknown], counts[Skipped])
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the result as indented JSON.
func (r *Result) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
