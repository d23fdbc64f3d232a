package collector

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"regexp"
	"strings"
	"sync"
)

// Redactor cleans data before anything is written. Implementations must be
// safe for concurrent use and never keep values in their report.
type Redactor interface {
	// Object redacts obj in place; file is the bundle path it goes to.
	Object(file string, obj map[string]any)
	// Text redacts a log tail or a Git file.
	Text(file string, b []byte) []byte
	// Report returns the number of redactions per rule per file.
	Report() map[string]map[string]int
}

const lastApplied = "kubectl.kubernetes.io/last-applied-configuration"

// credentialName matches env var and config key names that name a credential.
var credentialName = regexp.MustCompile(`(?i)(passw|passwd|secret|token|key|credential|auth|private|dsn|connection_?string)`)

var (
	reUserinfo = regexp.MustCompile(`([a-zA-Z][a-zA-Z0-9+.\-]*://)[^\s/@:]+:[^\s/@]+@`)
	rePEM      = regexp.MustCompile(`-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----`)
	reAssign   = regexp.MustCompile(`(?i)\b(password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|client[_-]?secret)(["']?\s*[:=]\s*["']?)([^\s"',;&}]{3,})`)
	reAuthz    = regexp.MustCompile(`(?i)\b(bearer|basic)\s+([A-Za-z0-9._~+/=-]{8,})`)
)

// basicRedactor is the collector's built-in redaction: Secret values,
// credential-named env literals and config keys, URL userinfo, private keys,
// password-style assignments and Authorization values. Each value becomes a
// REDACTED-<rule>-<8 hex> token, an HMAC under a per-run random key, so equal
// values stay correlated inside a bundle and nothing can be reversed.
type basicRedactor struct {
	key []byte

	mu     sync.Mutex
	counts map[string]map[string]int
}

func newBasicRedactor() *basicRedactor {
	k := make([]byte, 32)
	rand.Read(k) // never fails on supported platforms (crypto/rand contract)
	return &basicRedactor{key: k, counts: map[string]map[string]int{}}
}

func (r *basicRedactor) token(file, rule, value string) string {
	m := hmac.New(sha256.New, r.key)
	m.Write([]byte(value))
	r.mu.Lock()
	if r.counts[rule] == nil {
		r.counts[rule] = map[string]int{}
	}
	r.counts[rule][file]++
	r.mu.Unlock()
	return "REDACTED-" + rule + "-" + hex.EncodeToString(m.Sum(nil))[:8]
}

func (r *basicRedactor) Report() map[string]map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[string]map[string]int, len(r.counts))
	for rule, files := range r.counts {
		out[rule] = make(map[string]int, len(files))
		for f, n := range files {
			out[rule][f] = n
		}
	}
	return out
}

func (r *basicRedactor) Object(file string, obj map[string]any) {
	kind, _ := obj["kind"].(string)
	meta, _ := obj["metadata"].(map[string]any)
	if kind == "Secret" {
		for _, f := range []string{"data", "stringData"} {
			if d, ok := obj[f].(map[string]any); ok {
				for k := range d {
					d[k] = r.token(file, "secret-data", "")
				}
			}
		}
	}
	if ann, ok := meta["annotations"].(map[string]any); ok {
		if la, ok := ann[lastApplied].(string); ok {
			ann[lastApplied] = r.lastApplied(file, kind, la)
		}
	}
	if kind == "ConfigMap" {
		if d, ok := obj["data"].(map[string]any); ok {
			r.credentialMap(file, "configmap-credential", d)
		}
		if d, ok := obj["binaryData"].(map[string]any); ok {
			for k, v := range d {
				s, _ := v.(string)
				d[k] = r.token(file, "configmap-binary", s)
			}
		}
	}
	r.walk(file, obj)
}

// lastApplied redacts the JSON copy kubectl keeps of what was applied, which
// holds a Secret's values in clear. On Secrets it goes altogether.
func (r *basicRedactor) lastApplied(file, kind, la string) string {
	var inner map[string]any
	if kind == "Secret" || json.Unmarshal([]byte(la), &inner) != nil {
		return r.token(file, "last-applied", la)
	}
	r.Object(file, inner)
	b, err := json.Marshal(inner)
	if err != nil {
		return r.token(file, "last-applied", la)
	}
	return string(b)
}

func (r *basicRedactor) credentialMap(file, rule string, d map[string]any) {
	for k, v := range d {
		if s, ok := v.(string); ok && credentialName.MatchString(k) && s != "" {
			d[k] = r.token(file, rule, s)
		}
	}
}

// walk redacts env literals by name and scans every string for patterns.
func (r *basicRedactor) walk(file string, v any) {
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			if s, ok := c.(string); ok {
				x[k] = r.scan(file, s)
				continue
			}
			if k == "env" {
				r.env(file, c)
			}
			r.walk(file, c)
		}
	case []any:
		for i, c := range x {
			if s, ok := c.(string); ok {
				x[i] = r.scan(file, s)
				continue
			}
			r.walk(file, c)
		}
	}
}

func (r *basicRedactor) env(file string, v any) {
	list, _ := v.([]any)
	for _, e := range list {
		m, _ := e.(map[string]any)
		name, _ := m["name"].(string)
		if val, ok := m["value"].(string); ok && val != "" && credentialName.MatchString(name) {
			m["value"] = r.token(file, "env-credential", val)
		}
	}
}

func (r *basicRedactor) Text(file string, b []byte) []byte { return []byte(r.scan(file, string(b))) }

// scan applies the pattern rules. Cheap substring checks come first so the
// regexes run only on the few strings that could match.
func (r *basicRedactor) scan(file, s string) string {
	if len(s) < 8 {
		return s
	}
	if strings.Contains(s, "-----BEGIN") {
		s = rePEM.ReplaceAllStringFunc(s, func(m string) string { return r.token(file, "private-key", m) })
	}
	if strings.Contains(s, "://") && strings.Contains(s, "@") {
		s = reUserinfo.ReplaceAllStringFunc(s, func(m string) string {
			i := strings.Index(m, "://") + 3
			return m[:i] + r.token(file, "url-userinfo", m[i:len(m)-1]) + "@"
		})
	}
	if strings.ContainsAny(s, "=:") {
		s = replaceGroup(reAssign, s, 3, func(v string) string { return r.token(file, "assignment", v) })
	}
	if strings.Contains(s, "earer ") || strings.Contains(s, "asic ") || strings.Contains(s, "EARER ") || strings.Contains(s, "ASIC ") {
		s = replaceGroup(reAuthz, s, 2, func(v string) string { return r.token(file, "authorization", v) })
	}
	return s
}

// replaceGroup replaces submatch g of every match of re in s with f(value).
func replaceGroup(re *regexp.Regexp, s string, g int, f func(string) string) string {
	idx := re.FindAllStringSubmatchIndex(s, -1)
	if idx == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range idx {
		if m[2*g] < 0 || strings.HasPrefix(s[m[2*g]:m[2*g+1]], "REDACTED-") {
			continue
		}
		b.WriteString(s[last:m[2*g]])
		b.WriteString(f(s[m[2*g]:m[2*g+1]]))
		last = m[2*g+1]
	}
	b.WriteString(s[last:])
	return b.String()
}
