package redact

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// Finding is one secret-looking value left in a file. It says where and
// which rule, never the value.
type Finding struct {
	File string `json:"file"`
	// Line is 1-based; 0 when the value could not be placed (it was found
	// only after decoding).
	Line int    `json:"line"`
	Rule string `json:"rule"`
}

// Check scans data read from file with every built-in rule and returns what
// a Redactor would redact, sorted by line then rule, one finding per line
// and rule. YAML and JSON files are checked as objects (as they are
// redacted); anything else, and structured files that do not decode, as
// text. Redacted output has no findings.
func Check(file string, data []byte) []Finding {
	return checkAs(file, file, data)
}

// checkAs is Check for a text read from file whose structure is judged by
// the name as (see Redactor.fileAs).
func checkAs(file, as string, data []byte) []Finding {
	var values []finding
	r := &Redactor{salt: []byte("check"), user: &userRules{}, counts: map[string]map[string]int{}}
	r.record = func(rule, v string) { values = append(values, finding{rule, v}) }
	docs, err := Documents(data)
	if Structured(as) && err == nil {
		for _, d := range docs {
			r.Object(file, d)
		}
	} else {
		r.Text(file, data)
	}
	return place(file, data, values)
}

type finding struct{ rule, value string }

// place turns recorded values into findings with line numbers.
func place(file string, data []byte, values []finding) []Finding {
	seen := map[Finding]bool{}
	lines := map[string]int{}
	starts := lineStarts(data)
	var out []Finding
	for _, v := range values {
		line, ok := lines[v.value]
		if !ok {
			line = lineOf(data, starts, v.value)
			lines[v.value] = line
		}
		f := Finding{File: file, Line: line, Rule: v.rule}
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(a, b Finding) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return strings.Compare(a.Rule, b.Rule)
	})
	return out
}

// lineOf returns the 1-based line where v (or its JSON-escaped form, or
// the longest of its first lines) first appears in data, or 0.
func lineOf(data []byte, starts []int, v string) int {
	if v == "" {
		return 0
	}
	cands := []string{v}
	if js, err := json.Marshal(v); err == nil {
		cands = append(cands, strings.Trim(string(js), `"`))
	}
	// Multi-line values (a PEM block, a kubeconfig) are re-indented in
	// YAML: look for their first distinctive line instead.
	best := ""
	for i, l := range strings.SplitN(v, "\n", 9) {
		if l = strings.TrimSpace(l); i < 8 && len(l) > len(best) {
			best = l
		}
	}
	if len(best) >= 8 {
		cands = append(cands, best)
	}
	if len(v) > 24 {
		cands = append(cands, v[:24])
	}
	for _, c := range cands {
		if i := bytes.Index(data, []byte(c)); i >= 0 {
			line, _ := slices.BinarySearch(starts, i+1)
			return line
		}
	}
	return 0
}

// lineStarts returns the offset of each line's first byte, so that a
// finding's line is a binary search rather than a count over the file.
func lineStarts(data []byte) []int {
	starts := []int{0}
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}
