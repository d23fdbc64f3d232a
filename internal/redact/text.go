package redact

import (
	"strings"
)

// scope carries where a value is being redacted.
type scope struct {
	file string
	// quiet detects without counting or recording; found is the first rule
	// that fired. Used to look inside base64 before deciding to redact it.
	quiet bool
	found string
	// depth counts decodings (base64, JSON-in-a-string) already applied;
	// only one level is looked into.
	depth int
}

// Text redacts free text (a log, a Git file, a check detail) read from file
// and returns the result. It returns data itself when nothing was redacted.
// Whole kubeconfig-, service-account- and docker-config-shaped texts are
// replaced by a single token.
func (r *Redactor) Text(file string, data []byte) []byte {
	s := string(data)
	out := r.text(&scope{file: file}, s)
	if out == s {
		return data
	}
	return []byte(out)
}

// redactValue returns the token for v (a placeholder token when quiet).
func (r *Redactor) redactValue(sc *scope, rule, v string) string {
	if sc.quiet {
		if sc.found == "" {
			sc.found = rule
		}
		return "REDACTED-" + rule + "-00000000"
	}
	return r.token(sc.file, rule, v)
}

// text applies user rules, blob rules, pattern rules, base64 one level deep
// and the optional IP mapping to s.
func (r *Redactor) text(sc *scope, s string) string {
	s = r.user.apply(r, sc, s)
	if rule := blobRule(s); rule != "" {
		return r.redactValue(sc, rule, s)
	}
	// Nothing shorter than 8 bytes matches a pattern; skipping them keeps
	// the millions of short field values in a big bundle cheap.
	if len(s) >= 8 {
		s = r.patterns(sc, s)
		if sc.depth == 0 {
			s = r.base64Runs(sc, s)
		}
	}
	if r.opts.RedactIPs {
		s = r.mapIPs(sc, s)
	}
	return s
}

// patterns applies the pattern rules: multi-line ones to the whole of s,
// the others line by line. Short inputs keep Go's regexp on its
// backtracking matcher, several times faster than its NFA on big texts.
func (r *Redactor) patterns(sc *scope, s string) string {
	lower := asciiLower(s)
	for _, p := range patterns {
		if p.multiline && hinted(lower, p.hints) && (p.pre == nil || p.pre(lower)) {
			s = r.applyPattern(sc, p, s)
		}
	}
	if len(s) < 1024 || !strings.Contains(s, "\n") {
		return r.linePatterns(sc, s, asciiLower(s))
	}
	var b strings.Builder
	changed := false
	for rest := s; rest != ""; {
		line, tail, found := strings.Cut(rest, "\n")
		out := r.linePatterns(sc, line, asciiLower(line))
		changed = changed || out != line
		b.WriteString(out)
		if found {
			b.WriteByte('\n')
		}
		rest = tail
	}
	if !changed {
		return s
	}
	return b.String()
}

func (r *Redactor) linePatterns(sc *scope, s, lower string) string {
	for _, p := range patterns {
		if !p.multiline && hinted(lower, p.hints) {
			s = r.applyPattern(sc, p, s)
		}
	}
	return s
}

func hinted(lower string, hints []string) bool {
	for _, h := range hints {
		if strings.Contains(lower, h) {
			return true
		}
	}
	return len(hints) == 0
}

// applyPattern replaces every secret p finds in s by its token.
func (r *Redactor) applyPattern(sc *scope, p *pattern, s string) string {
	var ms [][]int
	if p.find != nil {
		ms = p.find(s)
	} else {
		ms = p.re.FindAllStringSubmatchIndex(s, -1)
	}
	if ms == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		lo, hi, rule := m[2*p.group], m[2*p.group+1], p.name
		if p.pick != nil {
			lo, hi, rule = p.pick(s, m)
		}
		if lo < last || hi <= lo {
			continue
		}
		v := s[lo:hi]
		if isToken(v) || strings.HasPrefix(v, "REDACTED-") || p.valid != nil && !p.valid(v) {
			continue
		}
		b.WriteString(s[last:lo])
		b.WriteString(r.redactValue(sc, rule, v))
		last = hi
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}
