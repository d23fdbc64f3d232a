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
// rule, plus the files it could not read (never silently passed). A limit
// that ends the walk (WalkLimits) is one more unread entry, naming where the
// walk stopped: what lies beyond it was not scanned. err is for a bundle
// that cannot be read at all.
func CheckBundle(root string, lim WalkLimits) (findings []Finding, unread []Skipped, err error) {
	err = Walk(root, lim, func(name string, data []byte) error {
		findings = append(findings, Check(name, data)...)
		return nil
	}, func(name, reason string) { unread = append(unread, Skipped{name, reason}) })
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
