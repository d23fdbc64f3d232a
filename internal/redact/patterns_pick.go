package redact

import (
	"encoding/base64"
	"strings"
	"unicode/utf8"
)

// pickBlock vets a block scalar match of blockRE: only a strong key's
// one-line block is a value; longer blocks are files the other rules scan.
func pickBlock(s string, m []int) (int, int, string) {
	lo, hi := m[4], m[5]
	v := s[lo:hi]
	indent := lo - (strings.LastIndexByte(s[:lo], '\n') + 1)
	if rest := s[hi:]; len(rest) > 1 {
		next, _, _ := strings.Cut(rest[1:], "\n")
		trimmed := strings.TrimLeft(next, " \t")
		if trimmed != "" && len(next)-len(trimmed) >= indent {
			return -1, -1, "" // a second line in the block: a file, not a value
		}
	}
	if classifyKey(s[m[2]:m[3]]) != keyStrong || !worthRedacting(keyStrong, v) {
		return -1, -1, ""
	}
	return lo, hi, "generic-secret"
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
	if conninfo(key, v) {
		return -1, -1, "" // its password=... is a match of its own
	}
	if !worthRedacting(c, v) || secretReference(key, v) {
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
	if lo < 0 || !secretEnv(s[m[2]:m[3]], s[lo:hi]) {
		return -1, -1, ""
	}
	return lo, hi, "env-secret"
}

var envWords = []string{"PASSWORD", "PASSWD", "PWD", "SECRET", "TOKEN", "CREDENTIAL", "AUTH",
	"PRIVATE", "DSN", "CONNECTION_STRING", "CONNECTIONSTRING", "API_KEY", "APIKEY", "ACCESS_KEY",
	"ENCRYPTION_KEY", "SIGNING_KEY", "MASTER_KEY", "LICENSE_KEY", "HMAC_KEY", "KEY"}

// envPlainSuffixes end env names that point at a credential (a file, a
// Secret's name, an endpoint) rather than hold one.
var envPlainSuffixes = []string{"_FILE", "_PATH", "_DIR", "_NAME", "_URL", "_ID", "_HOST", "_PORT", "_ENDPOINT", "_REF", "_ENABLED"}

// secretEnv reports whether an environment variable with this name and
// literal value is a credential. KEY alone (DISCOVER_TOLERATION_KEY,
// CACHE_KEY_PREFIX) names keys of every sort, so a KEY-only name needs a
// value that looks generated; the other words need only a real value.
func secretEnv(name, v string) bool {
	if !worthRedacting(keyStrong, v) {
		return false
	}
	// OAUTH names an OAuth server or image far more often than a secret;
	// OAUTH_TOKEN and OAUTH_CLIENT_SECRET still match on their other word.
	u := strings.ReplaceAll(strings.ToUpper(name), "OAUTH", "")
	for _, s := range envPlainSuffixes {
		if strings.HasSuffix(u, s) {
			return false
		}
	}
	keyOnly := false
	for _, w := range envWords {
		if strings.Contains(u, w) {
			if w != "KEY" {
				return true
			}
			keyOnly = true
		}
	}
	return keyOnly && (credentialLike(v) || highEntropy(v))
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

// assignValueStart is where the value of an assignRE match starts, quoted
// (group 3) or bare (group 4); -1 if it has none.
func assignValueStart(m []int) int {
	if m[6] >= 0 {
		return m[6]
	}
	return m[8]
}

// conninfoKeys are the keywords a connection string starts with: libpq's
// host=... dbname=..., ODBC's and ADO.NET's Server=...;Database=....
var conninfoKeys = []string{"host", "hostaddr", "port", "dbname", "database", "user", "username", "uid",
	"server", "data source", "sslmode", "application_name", "connect_timeout", "driver", "provider"}

// conninfo reports whether v, the value of key, is a connection string of
// keyword=value pairs ("dsn=host=db user=app password=..."): only the
// credential pairs inside it are secret, and they match on their own. The
// key must name a connection string (dsn, connection, conn) and the value
// start with a connection keyword, so that a password that merely holds
// "=" (base64 padding, "host=x" as a password) is still redacted whole.
func conninfo(key, v string) bool {
	lk := strings.ToLower(key)
	if !strings.Contains(lk, "dsn") && !strings.Contains(lk, "conn") {
		return false
	}
	k, _, ok := strings.Cut(v, "=")
	if !ok {
		return false
	}
	k = strings.ToLower(strings.TrimSpace(k))
	for _, c := range conninfoKeys {
		if k == c {
			return true
		}
	}
	return false
}
