package redact

import (
	"encoding/base64"
	"regexp"
	"strings"
	"unicode/utf8"
)

// pattern is one rule that finds a credential in free text.
type pattern struct {
	name string
	re   *regexp.Regexp
	// hints are lower-case substrings of which at least one must occur for
	// the regexp to run; they keep the common case cheap.
	hints []string
	// group is the submatch that holds the secret (0: the whole match).
	group int
	// valid, when set, vets the secret before it is redacted.
	valid func(string) bool
	// pick, when set, replaces group/valid: it returns the secret's span and
	// the rule to name it by, or lo < 0 to leave the match alone.
	pick func(s string, m []int) (lo, hi int, rule string)
	// find, when set, replaces re's FindAllStringSubmatchIndex.
	find func(s string) [][]int
	// pre, when set, must also accept the lower-cased text.
	pre func(lower string) bool
	// multiline patterns run on the whole text; the others run line by
	// line, which lets Go's regexp use its faster backtracking matcher.
	multiline bool
}

// assignRE matches key = value, key: value, "key": "value" and \"key\":
// \"value\" (escaped JSON in a string), with the value quoted or bare.
var assignRE = regexp.MustCompile(`(?i)([a-z0-9_.-]*(?:pass|pwd|secret|token|key|credential|auth|dsn|salt|signature|cookie|session|hmac|seed|connectionstring)[a-z0-9_.-]*)(?:\\*["'])?[ \t]*[:=][ \t]*(?:(\\*["'])([^"'\\\r\n]+)|([^\s"'\\,;&<>(){}\[\]]+))`)

// envPairRE matches an env entry written out as YAML (name: X / value: Y on
// consecutive lines) or JSON ({"name":"X","value":"Y"}).
var envPairRE = regexp.MustCompile(`(?i)(?:\\*")?name(?:\\*")?[ \t]*:[ \t]*(?:\\*["'])?([a-z0-9_.-]+)(?:\\*["'])?[ \t]*(?:,[ \t]*|\r?\n[ \t]*-?[ \t]*)(?:\\*")?value(?:\\*")?[ \t]*:[ \t]*(?:\\*["']([^"'\\\r\n]*)\\*["']|([^\s"'\\,}]+))`)

// userinfoRE matches scheme://user:password@ and captures the password.
var userinfoRE = regexp.MustCompile(`\b[A-Za-z][A-Za-z0-9+.-]{1,20}://[^\s:@/?#'"\\]*:([^\s@/?#'"\\]+)@`)

var patterns = []*pattern{
	{name: "pem-private-key", hints: []string{"private key-----"}, multiline: true,
		re: regexp.MustCompile(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----|(?:(?:\r?\n|\\n)[ \t]*[A-Za-z0-9+/=:, -]{1,100})*)`)},
	{name: "jwt", hints: []string{"eyj"},
		re: regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*`)},
	{name: "aws-access-key-id", hints: []string{"akia", "asia", "abia", "acca", "agpa", "aida", "aroa", "aipa", "anpa", "anva", "apka"},
		re: regexp.MustCompile(`\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[A-Z2-7]{16}\b`)},
	{name: "aws-secret-key", hints: []string{"aws"}, group: 1,
		re: regexp.MustCompile(`(?i)aws[a-z0-9_.-]{0,24}(?:secret|sk)[a-z0-9_.-]{0,24}(?:\\*["'])?[ \t]*[:=][ \t]*(?:\\*["'])?([A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+]|$)`)},
	{name: "gcp-api-key", hints: []string{"aiza"},
		re: regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{35}`)},
	{name: "google-oauth-token", hints: []string{"ya29."},
		re: regexp.MustCompile(`\bya29\.[0-9A-Za-z_-]{20,}`)},
	{name: "azure-storage-key", hints: []string{"accountkey", "sharedaccesskey"}, group: 1,
		re: regexp.MustCompile(`(?i)(?:AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{40,88}={0,2})`)},
	{name: "azure-sas", hints: []string{"sig="}, group: 1,
		re: regexp.MustCompile(`(?i)[?&]sig=([A-Za-z0-9%+/=]{30,})`)},
	{name: "azure-client-secret", hints: []string{"q~"},
		re: regexp.MustCompile(`(?:^|[^A-Za-z0-9_~.-])([A-Za-z0-9_~.-]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34})(?:[^A-Za-z0-9_~.-]|$)`), group: 1},
	{name: "github-token", hints: []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"},
		re: regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})`)},
	{name: "gitlab-token", hints: []string{"glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "gloas-", "glft-", "glimt-", "glsoat-", "glagent-"},
		re: regexp.MustCompile(`\bgl(?:pat|dt|rt|ptt|cbt|oas|ft|imt|soat|agent)-[A-Za-z0-9_-]{20,}`)},
	{name: "slack-token", hints: []string{"xox"},
		re: regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{10,}`)},
	{name: "slack-webhook", hints: []string{"hooks.slack.com"},
		re: regexp.MustCompile(`https://hooks\.slack\.com/(?:services|workflows)/[A-Za-z0-9/_-]+`)},
	{name: "stripe-key", hints: []string{"k_live_", "k_test_"},
		re: regexp.MustCompile(`\b[rs]k_(?:live|test)_[0-9A-Za-z]{20,}`)},
	{name: "npm-token", hints: []string{"npm_"},
		re: regexp.MustCompile(`\bnpm_[A-Za-z0-9]{36}\b`)},
	{name: "sendgrid-key", hints: []string{"sg."},
		re: regexp.MustCompile(`\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}`)},
	{name: "bearer-auth", hints: []string{"bearer"}, group: 1, valid: hasDigit,
		re: regexp.MustCompile(`(?i)\bbearer[ \t]+([A-Za-z0-9._~+/-]{16,}=*)`)},
	{name: "basic-auth", hints: []string{"basic"}, group: 1, valid: isBasicCredential,
		re: regexp.MustCompile(`(?i)\bbasic[ \t]+([A-Za-z0-9+/]{8,}={0,2})`)},
	{name: "url-userinfo", hints: []string{"://"}, group: 1, re: userinfoRE, find: findUserinfo},
	{name: "dsn", hints: []string{"@tcp(", "@unix(", "@udp("}, group: 1,
		re: regexp.MustCompile(`[A-Za-z0-9_.-]+:([^\s:@/'"\\]+)@(?:tcp|unix|udp)\(`)},
	{name: "env-secret", hints: []string{"value"}, re: envPairRE, find: findEnvPairs, pick: pickEnvPair, multiline: true, pre: envPrefilter},
	{name: "arg-secret", hints: []string{"--"}, group: 1, valid: func(v string) bool { return worthRedacting(keyStrong, v) },
		re: regexp.MustCompile(`(?i)(?:^|[\s"'])--[a-z0-9-]*(?:password|passwd|secret|token|api-?key|credentials?)[ \t]+([^\s"'-][^\s"']*)`)},
	{name: "generic-secret", hints: []string{"pass", "pwd", "secret", "token", "key", "credential", "auth", "dsn", "salt", "signature", "cookie", "session", "hmac", "seed", "connectionstring"},
		re: assignRE, find: findAssignments, pick: pickAssignment},
}

// pickAssignment vets a key/value match of assignRE.
func pickAssignment(s string, m []int) (int, int, string) {
	key := s[m[2]:m[3]]
	lo, hi := m[8], m[9]
	if m[6] >= 0 {
		lo, hi = m[6], m[7]
	}
	if lo < 0 {
		return -1, -1, ""
	}
	c := classifyKey(key)
	v := s[lo:hi]
	if !worthRedacting(c, v) {
		return -1, -1, ""
	}
	// "failed to watch *v1.Secret: connection refused" is prose, not an
	// assignment: a key followed by ": " in running text, neither quoted nor
	// at the start of a line, only counts when the value looks generated.
	sep := s[m[3]:lo]
	if m[8] >= 0 && strings.ContainsAny(sep, "\"'") && strings.Contains(sep, ":") {
		// "key": bare — in JSON a bare value is a number, bool or object,
		// and in a log it is prose after a quoted name.
		return -1, -1, ""
	}
	if c == keyStrong && !strings.ContainsAny(sep, "=\"'") && !lineStart(s, m[2]) && !credentialLike(v) {
		return -1, -1, ""
	}
	if c == keyWeak {
		return lo, hi, "high-entropy"
	}
	return lo, hi, "generic-secret"
}

// pickEnvPair vets a name/value match of envPairRE.
func pickEnvPair(s string, m []int) (int, int, string) {
	lo, hi := m[6], m[7]
	if m[4] >= 0 {
		lo, hi = m[4], m[5]
	}
	if lo < 0 || !secretEnvName(s[m[2]:m[3]]) || !worthRedacting(keyStrong, s[lo:hi]) {
		return -1, -1, ""
	}
	return lo, hi, "env-secret"
}

var envWords = []string{"PASSWORD", "PASSWD", "PWD", "SECRET", "TOKEN", "KEY", "CREDENTIAL", "AUTH",
	"PRIVATE", "DSN", "CONNECTION_STRING", "CONNECTIONSTRING"}

// envPlainSuffixes end env names that point at a credential (a file, a
// Secret's name, an endpoint) rather than hold one.
var envPlainSuffixes = []string{"_FILE", "_PATH", "_DIR", "_NAME", "_URL", "_ID", "_HOST", "_PORT", "_ENDPOINT", "_REF", "_ENABLED"}

// secretEnvName reports whether an environment variable name suggests a
// credential.
func secretEnvName(name string) bool {
	// OAUTH names an OAuth server or image far more often than a secret;
	// OAUTH_TOKEN and OAUTH_CLIENT_SECRET still match on their other word.
	u := strings.ReplaceAll(strings.ToUpper(name), "OAUTH", "")
	for _, s := range envPlainSuffixes {
		if strings.HasSuffix(u, s) {
			return false
		}
	}
	for _, w := range envWords {
		if strings.Contains(u, w) {
			return true
		}
	}
	return false
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// isBasicCredential reports whether s is base64 of a printable user:password.
func isBasicCredential(s string) bool {
	b, err := base64.StdEncoding.DecodeString(s)
	return err == nil && strings.Contains(string(b), ":") && printable(b)
}

// printable reports whether b is UTF-8 text with few control characters.
func printable(b []byte) bool {
	if len(b) == 0 || !utf8.Valid(b) {
		return false
	}
	bad := 0
	for _, c := range b {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c == 0x7f {
			bad++
		}
	}
	return bad*20 <= len(b)
}

// lineStart reports whether only indentation, a list dash or an escaped
// newline precede position i on its line: YAML-style "key: value".
func lineStart(s string, i int) bool {
	for i > 0 {
		switch c := s[i-1]; {
		case c == ' ' || c == '\t' || c == '-':
			i--
		case c == '\n':
			return true
		case c == 'n' && i > 1 && s[i-2] == '\\':
			return true
		default:
			return false
		}
	}
	return true
}

// credentialLike reports whether v mixes letters with digits or symbols
// the way passwords and keys do, unlike words and lower-case resource names.
func credentialLike(v string) bool {
	if len(v) < 8 {
		return false
	}
	var lower, upper, digit, other bool
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= '0' && c <= '9':
			digit = true
		case c != '-' && c != '.' && c != '/' && c != '_' && c != ':':
			other = true
		}
	}
	nameLike := !upper && !other && strings.ContainsAny(v, "-./") // prometheus-k8s-tls
	return (lower || upper) && (digit || other) && !nameLike
}

// envPrefilter keeps the two-line env pattern off texts that cannot hold a
// credential-named variable.
func envPrefilter(lower string) bool {
	if !strings.Contains(lower, "name") {
		return false
	}
	for _, w := range envWords {
		if strings.Contains(lower, strings.ToLower(w)) {
			return true
		}
	}
	return false
}
