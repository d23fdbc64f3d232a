package compare

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteJSON writes the diff as indented JSON.
func (d *Diff) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(d)
}

// WriteText writes the diff for a terminal.
func (d *Diff) WriteText(w io.Writer) error { return d.write(w, false) }

// WriteMarkdown writes the diff for a postmortem.
func (d *Diff) WriteMarkdown(w io.Writer) error { return d.write(w, true) }

// write renders both text and Markdown: they differ only in headings and
// code spans.
func (d *Diff) write(w io.Writer, md bool) error {
	var b strings.Builder
	head := func(level int, s string) {
		if md {
			fmt.Fprintf(&b, "\n%s %s\n\n", strings.Repeat("#", level), s)
		} else if level == 1 {
			fmt.Fprintf(&b, "%s\n", s)
		} else {
			fmt.Fprintf(&b, "\n%s\n", s)
		}
	}
	code := func(s string) string {
		if md {
			return "`" + s + "`"
		}
		return s
	}
	item := func(indent int, format string, args ...any) {
		fmt.Fprintf(&b, "%s- %s\n", strings.Repeat("  ", indent), fmt.Sprintf(format, args...))
	}
	head(1, "rift diff")
	item(0, "before: captured %s, verdict %s, revisions %s", d.Before.CaptureTime, d.Before.Verdict, code(strings.Join(d.Before.Revisions, " ")))
	item(0, "after:  captured %s, verdict %s, revisions %s", d.After.CaptureTime, d.After.Verdict, code(strings.Join(d.After.Revisions, " ")))
	head(2, "Workloads")
	if len(d.Workloads) == 0 {
		item(0, "no changes")
	}
	for _, wd := range d.Workloads {
		switch wd.Presence {
		case "before":
			item(0, "%s: gone", code(wd.Ref))
			continue
		case "after":
			item(0, "%s: new", code(wd.Ref))
			continue
		}
		item(0, "%s", code(wd.Ref))
		if c := wd.Convergence; c != nil {
			item(1, "convergence: %s → %s", c.Before, c.After)
		}
		for _, l := range wd.Layers {
			var parts []string
			if l.Status != nil {
				parts = append(parts, fmt.Sprintf("status %s → %s", l.Status.Before, l.Status.After))
			}
			if l.Revision != nil {
				parts = append(parts, fmt.Sprintf("revision %s → %s", code(l.Revision.Before), code(l.Revision.After)))
			}
			item(1, "layer %s: %s", l.Name, strings.Join(parts, ", "))
		}
		for _, s := range wd.Stages {
			item(1, "stage %s: %s → %s", s.Name, s.Before, s.After)
		}
		for _, p := range wd.PodsReplaced {
			item(1, "pod replaced: %s (%s, ready=%v) → %s (%s, ready=%v)", code(p.Old.Name), p.Old.Revision, p.Old.Ready, code(p.New.Name), p.New.Revision, p.New.Ready)
		}
		for _, p := range wd.PodsRemoved {
			item(1, "pod removed: %s (%s)", code(p.Name), p.Revision)
		}
		for _, p := range wd.PodsAdded {
			item(1, "pod added: %s (%s, ready=%v)", code(p.Name), p.Revision, p.Ready)
		}
		for _, r := range wd.Restarts {
			item(1, "restarts %s: %s → %s", code(r.Name), r.Before, r.After)
		}
		for _, s := range wd.DivergencesResolved {
			item(1, "divergence resolved: %s", code(s))
		}
		for _, s := range wd.DivergencesNew {
			item(1, "divergence new: %s", code(s))
		}
	}
	head(2, "Hypotheses")
	list := func(label string, xs []string) {
		for _, x := range xs {
			item(0, "%s: %s", label, x)
		}
	}
	if len(d.Hypotheses.Resolved)+len(d.Hypotheses.Persisting)+len(d.Hypotheses.New) == 0 {
		item(0, "none on either side")
	}
	list("resolved", d.Hypotheses.Resolved)
	list("persisting", d.Hypotheses.Persisting)
	list("new", d.Hypotheses.New)
	head(2, "Objects")
	objs := func(label string, xs []string) {
		if len(xs) > 0 {
			item(0, "%s (%d): %s", label, len(xs), code(strings.Join(xs, ", ")))
		}
	}
	if len(d.Objects.Appeared)+len(d.Objects.Disappeared)+len(d.Objects.Recreated) == 0 {
		item(0, "the same objects on both sides")
	}
	objs("appeared", d.Objects.Appeared)
	objs("disappeared", d.Objects.Disappeared)
	objs("recreated", d.Objects.Recreated)
	_, err := io.WriteString(w, b.String())
	return err
}
