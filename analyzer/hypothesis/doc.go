package hypothesis

import (
	"fmt"
	"strings"
)

// RulesMarkdown renders rule metadata as a Markdown table followed by one
// section per rule, in the order given (Rules returns them by id). It is
// what `rift policy doc` prints.
func RulesMarkdown(rules []Rule) string {
	var b strings.Builder
	b.WriteString("# rift rules\n\n")
	b.WriteString("| id | cause | layer | stage | weight | origin |\n|---|---|---|---|---|---|\n")
	for _, r := range rules {
		fmt.Fprintf(&b, "| [%s](#%s) | %s | %s | %s | %d | %s |\n", r.ID, r.ID, r.Cause, r.Layer, r.Stage, r.Weight, origin(r))
	}
	for _, r := range rules {
		fmt.Fprintf(&b, "\n## %s\n\n**%s** (package `%s`, %s)\n\n%s\n", r.ID, r.Title, r.Package, r.File, strings.TrimSpace(r.Description))
	}
	return b.String()
}

func origin(r Rule) string {
	if r.Builtin {
		return "built-in"
	}
	return "user"
}
