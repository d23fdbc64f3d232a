package redact

import (
	"encoding/base64"
	"regexp"
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

// base64Spans returns the maximal runs of base64 characters (with up to two
// "=" of padding) long enough to hide a credential: 16 bytes or more.
func base64Spans(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		if !isB64(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isB64(s[j]) {
			j++
		}
		for k := 0; k < 2 && j < len(s) && s[j] == '='; k++ {
			j++
		}
		if j-i >= 16 {
			out = append(out, [2]int{i, j})
		}
		i = j
	}
	return out
}

func isB64(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/'
}

// base64Runs decodes each printable base64 run and replaces the whole run
// when the decoded text holds a secret. The token is named for the rule that
// fired inside.
func (r *Redactor) base64Runs(sc *scope, s string) string {
	ms := base64Spans(s)
	if ms == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		run := s[m[0]:m[1]]
		if len(run)%4 != 0 {
			continue
		}
		dec, err := base64.StdEncoding.DecodeString(run)
		if err != nil || !printable(dec) {
			continue
		}
		inner := &scope{file: sc.file, quiet: true, depth: sc.depth + 1}
		r.text(inner, string(dec))
		if inner.found == "" {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(r.redactValue(sc, inner.found, run))
		last = m[1]
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

var (
	saTypeRE = regexp.MustCompile(`\\*"type\\*"\s*:\s*\\*"service_account\\*"`)
	authsRE  = regexp.MustCompile(`\\*"auths\\*"\s*:\s*\{`)
	kcKeyRE  = regexp.MustCompile(`(?m)(?:^[ \t]*|\\*")(clusters|users|contexts)(?:\\*")?[ \t]*:`)
)

// blobRule names the credential container s is shaped like, or "".
// Such blobs are removed whole: a kubeconfig or service-account key has too
// many secret parts to redact one by one.
func blobRule(s string) string {
	// Only a value that is the blob goes whole; a blob quoted inside a log
	// line is left to the pattern rules, which take its secret parts, so the
	// rest of the log survives.
	t := strings.TrimLeft(s, " \t\r\n")
	if !strings.HasPrefix(t, "{") && !startsWithAny(t, "apiVersion:", "kind:", "clusters:", "contexts:", "users:", "current-context:", "preferences:", "#") {
		return ""
	}
	switch {
	case strings.Contains(s, "service_account") && strings.Contains(s, "private_key") && saTypeRE.MatchString(s):
		return "gcp-service-account"
	case strings.Contains(s, "auths") && (strings.Contains(s, `auth"`) || strings.Contains(s, `auth\"`) || strings.Contains(s, "password")) && authsRE.MatchString(s):
		return "dockerconfigjson"
	case strings.Contains(s, "clusters") && strings.Contains(s, "users") && strings.Contains(s, "contexts") && kubeconfigKeys(s):
		return "kubeconfig"
	}
	return ""
}

// kubeconfigKeys reports whether s has clusters, users and contexts keys.
func kubeconfigKeys(s string) bool {
	seen := map[string]bool{}
	for _, m := range kcKeyRE.FindAllStringSubmatch(s, 64) {
		seen[m[1]] = true
	}
	return len(seen) == 3
}

func startsWithAny(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
