package redact

import (
	"math"
	"strings"
)

// keyClass says how secret a key name looks.
type keyClass int

const (
	keyPlain  keyClass = iota
	keyWeak            // redact only high-entropy values (signingKey, salt)
	keyStrong          // redact any real value (password, apiKey, token)
)

var strongWords = []string{"password", "passwd", "passphrase", "pwd", "secret", "token",
	"apikey", "accesskey", "privatekey", "credential", "dsn", "connectionstring"}

var weakWords = []string{"key", "salt", "signature", "cookie", "session", "hmac", "seed"}

// plainSuffixes end key names that name, point to or describe a credential
// rather than hold one: secretName, tokenSecretRef, --service-account-key-file,
// tokenExpirationSeconds. Their values are needed for analysis.
var plainSuffixes = []string{"name", "names", "ref", "refs", "namespace", "file", "files", "path", "paths",
	"dir", "mode", "seconds", "ttl", "type", "kind", "enabled", "expiration", "length", "count", "id", "ids",
	"url", "uri", "endpoint", "issuer", "audience", "source", "provider", "policy", "format", "header",
	"field", "version", "required", "generation", "reference", "selector", "store", "template", "hash",
	"status", "phase", "age", "webhook", "limit", "timeout", "size", "strategy", "method", "algorithm",
	"duration", "period", "interval", "secrets", "keys", "usages", "usage", "resource", "resources",
	"data", "ca", "cert", "certificate", "crt", "pem", "public", "publickey", "fingerprint", "annotations",
	"labels", "rotation", "retries", "enable", "disable", "disabled", "prefix", "suffix", "location",
	"config", "configs", "image"}

// classifyKey classifies a map key, env name, argument name or assignment
// left-hand side. Only the last dotted segment counts, so
// spring.datasource.password is a password and token.ttl is not a token.
func classifyKey(key string) keyClass {
	if strings.HasPrefix(key, "REDACTED-") {
		// rift's own marker ("REDACTED-aws-access-key-id-ed59f187") names
		// the rule that replaced a value, not a secret-holding key: read
		// as one, a second pass would redact what follows it, and
		// redaction would not be idempotent.
		return keyPlain
	}
	if i := strings.LastIndexByte(key, '.'); i >= 0 && i < len(key)-1 {
		key = key[i+1:]
	}
	k := normalizeKey(key)
	if k == "" {
		return keyPlain
	}
	for _, s := range plainSuffixes {
		if strings.HasSuffix(k, s) {
			return keyPlain
		}
	}
	if k == "auth" || strings.HasSuffix(k, "auth") && !strings.HasSuffix(k, "oauth") {
		return keyStrong
	}
	for _, w := range strongWords {
		if strings.Contains(k, w) {
			return keyStrong
		}
	}
	for _, w := range weakWords {
		if strings.Contains(k, w) {
			return keyWeak
		}
	}
	return keyPlain
}

// normalizeKey lower-cases key and drops separators and leading dashes.
func normalizeKey(key string) string {
	var b strings.Builder
	b.Grow(len(key))
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c >= 'A' && c <= 'Z':
			b.WriteByte(c + 'a' - 'A')
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			b.WriteByte(c)
		}
	}
	return b.String()
}

// placeholderValues are values of secret-named keys that hold no secret.
var placeholderValues = map[string]bool{"true": true, "false": true, "null": true, "nil": true,
	"none": true, "yes": true, "no": true, "on": true, "off": true, "bearer": true, "basic": true,
	"required": true, "optional": true, "redacted": true, "empty": true,
	"enabled": true, "disabled": true, "token": true, "secret": true, "password": true, "string": true}

// worthRedacting reports whether value, found next to a key of class c, is
// a credential rather than a placeholder, reference or flag.
func worthRedacting(c keyClass, value string) bool {
	v := strings.TrimSpace(value)
	// A value holding a token was redacted already (a DSN with its password
	// taken out): redacting it again would lose what was kept on purpose.
	if v == "" || strings.Contains(v, "REDACTED-") && tokenRE.MatchString(v) || placeholderValues[strings.ToLower(v)] {
		return false
	}
	if (v[0] == '|' || v[0] == '>') && len(v) <= 2 {
		return false // a YAML block scalar indicator; the value is on the next line
	}
	switch v[0] {
	case '$', '<', '{', '[', '/', '%':
		// ${VAR}, $(VAR), <placeholder>, {{ template }}, file paths.
		return false
	}
	// Image references with digests must survive for analysis.
	if strings.Trim(v, "*xX.-_#") == "" || allDigits(v) && len(v) < 6 || strings.Contains(v, "@sha256:") {
		return false
	}
	if c == keyWeak {
		return highEntropy(v)
	}
	return c == keyStrong
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// highEntropy reports whether s looks machine-generated: at least 16
// characters, upper and lower case and a digit or symbol, Shannon entropy of at least 3.5
// bits per character, and not plain hex (Git SHAs and digests must survive).
func highEntropy(s string) bool {
	if len(s) < 16 || len(s) > 4096 {
		return false
	}
	var lower, upper, digit, other, hexOnly = 0, 0, 0, 0, true
	var freq [256]int
	for i := 0; i < len(s); i++ {
		c := s[i]
		freq[c]++
		switch {
		case c >= 'a' && c <= 'z':
			lower = 1
			hexOnly = hexOnly && c <= 'f'
		case c >= 'A' && c <= 'Z':
			upper = 1
			hexOnly = hexOnly && c <= 'F'
		case c >= '0' && c <= '9':
			digit = 1
		case c == ' ':
			return false // prose, not a key
		default:
			other = 1
			hexOnly = false
		}
	}
	// Generated keys mix cases and digits; resource names, paths and hex
	// digests (which must survive) do not.
	if hexOnly || lower == 0 || upper == 0 || digit+other == 0 {
		return false
	}
	var h float64
	for _, n := range freq {
		if n > 0 {
			p := float64(n) / float64(len(s))
			h -= p * math.Log2(p)
		}
	}
	return h >= 3.5
}

// secretReference reports whether v under key names a Secret rather than
// holds one: {"secret": "tls-secret"} is how Kubernetes tools refer to a
// Secret by name. Only the bare key "secret" with a lower-case DNS name
// containing a dash qualifies.
func secretReference(key, v string) bool {
	if normalizeKey(key) != "secret" || !strings.Contains(v, "-") || len(v) > 253 {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
			return false
		}
	}
	return v[0] != '-' && v[len(v)-1] != '-'
}
