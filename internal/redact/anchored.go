package redact

import (
	"regexp"
	"slices"
	"strings"
)

// Some patterns start with a run of key characters before the word that
// makes them interesting (db_password=, "name": "API_TOKEN"). Unanchored,
// Go's regexp must try every position of a big text. Instead the word is
// found with strings.Index, the key's start is found by walking back, and an
// anchored copy of the pattern runs from there: same matches, a fraction of
// the time.

var (
	assignAnchored   = regexp.MustCompile(`^` + assignRE.String())
	envPairAnchored  = regexp.MustCompile(`^` + envPairRE.String())
	userinfoAnchored = regexp.MustCompile(`^` + userinfoRE.String())
)

// findUserinfo returns userinfoRE's matches in s, starting from each "://".
func findUserinfo(s string) [][]int {
	var out [][]int
	for off := 0; ; {
		i := strings.Index(s[off:], "://")
		if i < 0 {
			break
		}
		i += off
		off = i + 3
		start := i
		for start > 0 && i-start <= 21 && isSchemeChar(s[start-1]) {
			start--
		}
		for start < i && !isLetter(s[start]) {
			start++ // a scheme starts with a letter
		}
		if start > 0 && isWordChar(s[start-1]) {
			continue // \b before the scheme
		}
		if m := userinfoAnchored.FindStringSubmatchIndex(s[start:]); m != nil {
			out = append(out, shift(m, start))
			off = max(off, m[1])
		}
	}
	return dropOverlaps(out)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isSchemeChar(c byte) bool {
	return isLetter(c) || c >= '0' && c <= '9' || c == '+' || c == '.' || c == '-'
}

func isWordChar(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' || c == '_' }

// assignWords are the words assignRE's key must contain (lower case).
var assignWords = []string{"pass", "pwd", "secret", "token", "key", "credential", "auth", "dsn", "salt",
	"signature", "cookie", "session", "hmac", "seed", "connectionstring"}

func isKeyChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-'
}

// findAssignments returns assignRE's matches in s, as
// FindAllStringSubmatchIndex would: candidates are tried left to right and
// none starts inside an earlier match, which keeps "password=password=..."
// linear.
func findAssignments(s string) [][]int {
	lower := asciiLower(s)
	seen := map[int]bool{}
	var starts []int
	for _, w := range assignWords {
		// runEnd is where the key-character run of the last occurrence
		// ends; later occurrences inside it share its start, so each byte
		// is walked over once per word and "keykeykey..." stays linear.
		runEnd := -1
		for off := 0; ; {
			i := strings.Index(lower[off:], w)
			if i < 0 {
				break
			}
			i += off
			off = i + len(w)
			if i < runEnd {
				continue
			}
			start := i
			for start > 0 && isKeyChar(s[start-1]) {
				start--
			}
			for runEnd = off; runEnd < len(s) && isKeyChar(s[runEnd]); runEnd++ {
			}
			if !seen[start] {
				seen[start] = true
				starts = append(starts, start)
			}
		}
	}
	slices.Sort(starts)
	var out [][]int
	end := 0
	for _, start := range starts {
		if start < end {
			continue
		}
		if m := assignAnchored.FindStringSubmatchIndex(s[start:]); m != nil {
			m = shift(m, start)
			out = append(out, m)
			end = m[1]
			// A value that is itself a list of key=value pairs (a
			// connection string under dsn=) is not one secret: the pairs
			// inside it are tried on their own, and pickAssignment
			// drops the outer match.
			if lo := assignValueStart(m); lo >= 0 && conninfo(s[m[2]:m[3]], s[lo:m[1]]) {
				end = lo
			}
		}
	}
	return out
}

// findEnvPairs returns envPairRE's matches in s.
func findEnvPairs(s string) [][]int {
	lower := asciiLower(s)
	var out [][]int
	for off := 0; ; {
		i := strings.Index(lower[off:], "name")
		if i < 0 {
			break
		}
		i += off
		off = i + 4
		start := i
		for start > 0 && (s[start-1] == '"' || s[start-1] == '\\') {
			start--
		}
		if m := envPairAnchored.FindStringSubmatchIndex(s[start:]); m != nil {
			out = append(out, shift(m, start))
			off = max(off, m[1])
		}
	}
	return dropOverlaps(out)
}

func shift(m []int, by int) []int {
	for j := range m {
		if m[j] >= 0 {
			m[j] += by
		}
	}
	return m
}

// dropOverlaps sorts matches by start and keeps the leftmost of any that
// overlap, as a left-to-right regexp scan would.
func dropOverlaps(ms [][]int) [][]int {
	slices.SortFunc(ms, func(a, b []int) int { return a[0] - b[0] })
	out := ms[:0]
	end := -1
	for _, m := range ms {
		if m[0] >= end {
			out = append(out, m)
			end = m[1]
		}
	}
	return out
}

// asciiLower lower-cases ASCII letters only, so byte offsets stay valid.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
