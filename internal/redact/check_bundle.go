package redact

import (
	"errors"
	"slices"
	"strings"
)

// Skipped is a file that was not scanned, or not written, and why. A
// reason never holds a value from the file.
type Skipped struct {
	File   string `json:"file"`
	Reason string `json:"reason"`
}

// CheckBundle scans every regular file of the bundle at root (directory or
// archive) with every rule and returns the findings sorted by file, line and
// rule, plus the files it could not read (never silently passed). Files are
// opened as RedactBundle opens them: compressed files, archives inside the
// bundle (to any depth, members named archive/member) and UTF-16 text are
// decoded and scanned; whatever cannot be decoded all the way (an unknown
// binary, an encrypted or corrupt archive, a layer over a limit) is unread.
// A limit that ends the walk (WalkLimits) is one more unread entry, naming
// where the walk stopped: what lies beyond it was not scanned. err is for a
// bundle that cannot be read at all.
func CheckBundle(root string, lim WalkLimits) (findings []Finding, unread []Skipped, err error) {
	b := newBudget(lim)
	o := &opener{b: b, leaf: func(name, as string, text []byte) ([]byte, bool) {
		findings = append(findings, checkAs(name, as, text)...)
		return text, true
	}}
	err = walkBudget(root, b, func(name string, data []byte) error {
		_, _, err := o.open(name, name, data, 0)
		return err
	}, func(name, reason string) { unread = append(unread, Skipped{name, reason}) })
	unread = append(unread, o.skipped...)
	if le := (*LimitError)(nil); errors.As(err, &le) {
		unread = append(unread, Skipped{le.File, le.Reason})
		err = nil
	}
	sortFindings(findings)
	sortSkipped(unread)
	return findings, unread, err
}

func sortFindings(fs []Finding) {
	slices.SortFunc(fs, func(a, b Finding) int {
		switch {
		case a.File != b.File:
			return strings.Compare(a.File, b.File)
		case a.Line != b.Line:
			return a.Line - b.Line
		}
		return strings.Compare(a.Rule, b.Rule)
	})
}

func sortSkipped(s []Skipped) {
	slices.SortFunc(s, func(a, b Skipped) int {
		if a.File != b.File {
			return strings.Compare(a.File, b.File)
		}
		return strings.Compare(a.Reason, b.Reason)
	})
}
