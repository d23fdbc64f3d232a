package redact

import (
	"encoding/base64"
	"regexp"
	"strings"
)

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
