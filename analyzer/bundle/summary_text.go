package bundle

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// WriteText prints the summary for people: a header, then one section per
// list, each sorted. Sections with nothing in them say so, so that "no
// events" is visibly different from "events not shown".
func (s Summary) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	p := func(format string, args ...any) { fmt.Fprintf(tw, format, args...) }
	p("Format:\t%s\n", s.Format)
	p("Capture time:\t%s\n", CaptureText(s.CaptureTime, s.CaptureTimeInferred))
	p("Collector:\t%s\n", orNone(strings.TrimSpace(s.Collector.Name+" "+s.Collector.Version)))
	p("Scope:\t%s\n", scopeText(s.Scope))
	p("Objects:\t%d\n", s.Objects)
	p("Events:\t%s\n", s.Events.text())
	p("Logs:\t%d\n", len(s.Logs))
	tw.Flush()

	section(w, "Kinds", len(s.Kinds), []string{"KIND", "GROUP", "COUNT"}, func(row func(...any)) {
		for _, k := range s.Kinds {
			row(k.Kind, orDash(k.Group), k.Count)
		}
	})
	section(w, "Namespaces", len(s.Namespaces), []string{"NAMESPACE", "OBJECTS"}, func(row func(...any)) {
		for _, n := range s.Namespaces {
			row(orValue(n.Namespace, "(cluster-scoped)"), n.Count)
		}
	})
	section(w, "Git sources", len(s.Sources), []string{"NAME", "URL", "REF", "REVISION", "COMMIT TIME", "RENDERER", "RENDERED", "FILES"}, func(row func(...any)) {
		for _, g := range s.Sources {
			row(g.Name, orDash(g.URL), orDash(g.Ref), orDash(g.Revision), timeText(g.CommitTime), orDash(g.Renderer), g.Rendered, g.Files)
		}
	})
	section(w, "Log files", len(s.Logs), []string{"NAMESPACE", "POD", "CONTAINER", "PREVIOUS", "LINES", "FILE"}, func(row func(...any)) {
		for _, l := range s.Logs {
			row(l.Namespace, l.Pod, l.Container, l.Previous, l.Lines, l.File)
		}
	})
	section(w, "Checks", len(s.Checks), []string{"NAME", "TARGET", "TIME", "OK", "FILE"}, func(row func(...any)) {
		for _, c := range s.Checks {
			row(c.Name, orDash(c.Target), timeText(c.Time), c.OK, c.File)
		}
	})
	section(w, "Not collected", len(s.NotCollected), []string{"RESOURCE", "NAMESPACE", "REASON"}, func(row func(...any)) {
		for _, n := range s.NotCollected {
			row(n.Resource, orDash(n.Namespace), n.Reason)
		}
	})
	section(w, "Unknown entries (kept, not read)", len(s.Unknown), nil, func(row func(...any)) {
		for _, u := range s.Unknown {
			row(u)
		}
	})
	section(w, "Load errors", len(s.Errors), nil, func(row func(...any)) {
		for _, e := range s.Errors {
			row(e.Error())
		}
	})
	return nil
}

// section prints a titled table, or "none".
func section(w io.Writer, title string, n int, header []string, rows func(row func(...any))) {
	fmt.Fprintf(w, "\n%s (%d):\n", title, n)
	if n == 0 {
		fmt.Fprintln(w, "  none")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if header != nil {
		fmt.Fprintln(tw, "  "+strings.Join(header, "\t"))
	}
	rows(func(cells ...any) {
		parts := make([]string, len(cells))
		for i, c := range cells {
			parts[i] = fmt.Sprint(c)
		}
		fmt.Fprintln(tw, "  "+strings.Join(parts, "\t"))
	})
	tw.Flush()
}

func (e EventSpan) text() string {
	if e.Count == 0 {
		return "0"
	}
	both := ""
	if e.BothAPIs > 0 {
		both = fmt.Sprintf(" (%d read through both Event APIs, counted once)", e.BothAPIs)
	}
	if e.First == nil {
		return fmt.Sprintf("%d (no event times)%s", e.Count, both)
	}
	return fmt.Sprintf("%d, from %s to %s%s", e.Count, e.First.Format(time.RFC3339), e.Last.Format(time.RFC3339), both)
}

func scopeText(s Scope) string {
	var parts []string
	add := func(k, v string) {
		if v != "" {
			parts = append(parts, k+"="+v)
		}
	}
	add("context", s.Context)
	add("cluster", s.Cluster)
	add("server", s.Server)
	add("user", s.Identity.Username)
	add("groups", strings.Join(s.Identity.Groups, ","))
	add("namespaces", strings.Join(s.Namespaces, ","))
	if len(parts) == 0 {
		return "not recorded"
	}
	return strings.Join(parts, " ")
}

func timeText(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}

func orDash(s string) string { return orValue(s, "-") }
func orNone(s string) string { return orValue(s, "none") }

func orValue(s, v string) string {
	if s == "" {
		return v
	}
	return s
}
