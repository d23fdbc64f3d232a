package redact

import "slices"

// CheckBundle scans every regular file of the bundle at root (directory or
// archive) with every rule and returns the findings sorted by file, line and
// rule, plus the files it could not read (never silently passed).
func CheckBundle(root string, lim WalkLimits) (findings []Finding, unread []string, err error) {
	err = Walk(root, lim, func(name string, data []byte) error {
		findings = append(findings, Check(name, data)...)
		return nil
	}, func(name, reason string) { unread = append(unread, name+": "+reason) })
	slices.SortFunc(findings, func(a, b Finding) int {
		switch {
		case a.File != b.File:
			return compareStrings(a.File, b.File)
		case a.Line != b.Line:
			return a.Line - b.Line
		}
		return compareStrings(a.Rule, b.Rule)
	})
	slices.Sort(unread)
	return findings, unread, err
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
