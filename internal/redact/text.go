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
		lower := strings.ToLower(s)
		for _, p := range patterns {
			if hinted(lower, p.hints) {
				s = r.applyPattern(sc, p, s)
			}
		}
		if sc.depth == 0 {
			s = r.base64Runs(sc, s)
		}
	}
	if r.opts.RedactIPs {
		s = r.mapIPs(sc, s)
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
	ms := p.re.FindAllStringSubmatchIndex(s, -1)
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

// base64RE finds base64 runs long enough to hide a credential.
var base64RE = regexp.MustCompile(`[A-Za-z0-9+/]{16,}={0,2}`)

// base64Runs decodes each printable base64 run and replaces the whole run
// when the decoded text holds a secret. The token is named for the rule that
// fired inside.
func (r *Redactor) base64Runs(sc *scope, s string) string {
	ms := base64RE.FindAllStringIndex(s, -1)
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
