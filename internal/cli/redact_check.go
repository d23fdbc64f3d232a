package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/rift-dev/rift/internal/redact"
)

// checkResult is what --check prints.
type checkResult struct {
	Findings []redact.Finding `json:"findings"`
	Unread   []redact.Skipped `json:"unread,omitempty"`
}

func (o *redactOptions) runCheck(out io.Writer, target string) error {
	return o.runCheckAs(out, target, target)
}

// runCheckAs checks the bundle at p and reports it as target: a staged
// output is checked before it gets its name.
func (o *redactOptions) runCheckAs(out io.Writer, p, target string) error {
	fs, unread, err := redact.CheckBundle(p, o.opts.Load)
	if err != nil {
		return usageError(err)
	}
	res := checkResult{Findings: fs, Unread: unread}
	if res.Findings == nil {
		res.Findings = []redact.Finding{}
	}
	if err := printCheck(out, o.output.value, target, res); err != nil {
		return err
	}
	if len(fs) > 0 || len(unread) > 0 {
		return &ExitError{Code: ExitFindings, Err: fmt.Errorf("%s: %s, %s not scanned", target,
			plural(len(fs), "secret-looking value", "secret-looking values"), plural(len(unread), "file", "files"))}
	}
	return nil
}

func printCheck(out io.Writer, format Format, target string, res checkResult) error {
	if format != FormatText {
		return writeData(out, format, res)
	}
	// Names come from the bundle: quoted, a name with a newline cannot
	// forge a finding line, nor one with escape codes reach the terminal.
	for _, f := range res.Findings {
		fmt.Fprintf(out, "%q:%d: %s\n", f.File, f.Line, f.Rule)
	}
	for _, u := range res.Unread {
		fmt.Fprintf(out, "not scanned: %s\n", skipped(u))
	}
	if len(res.Findings) == 0 && len(res.Unread) == 0 {
		fmt.Fprintf(out, "%s: no secrets found\n", target)
	}
	return nil
}

// skipped formats a file left unscanned or unwritten for a terminal: the
// name quoted, the reason too if it holds anything unprintable. A limit
// that ended the walk may name no file.
func skipped(s redact.Skipped) string {
	reason := s.Reason
	if strings.IndexFunc(reason, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 {
		reason = strconv.Quote(reason)
	}
	if s.File == "" {
		return reason
	}
	return strconv.Quote(s.File) + ": " + reason
}

func total(r redact.Report) int {
	n := 0
	for _, files := range r.Rules {
		for _, c := range files {
			n += c
		}
	}
	return n
}
