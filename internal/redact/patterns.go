package redact

import "regexp"

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

// blockRE matches a YAML block scalar under a key (password: |) and
// captures its first line, where a single secret value sits.
var blockRE = regexp.MustCompile(`(?im)^[ \t]*-?[ \t]*([a-z0-9_.-]+)[ \t]*:[ \t]*[|>][-+]?[ \t]*\r?\n[ \t]+([^\r\n]+)`)

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
	{name: "arg-secret", hints: []string{"mysql", "mariadb"}, group: 1, valid: func(v string) bool { return worthRedacting(keyStrong, v) },
		re: regexp.MustCompile(`(?:mysql[a-z]*|mariadb[a-z-]*)[^\n;|&]*?[ \t]-p([^\s'"-][^\s'"]*)`)},
	{name: "generic-secret", hints: []string{": |", ": >", ":|", ":>"}, re: blockRE, pick: pickBlock, multiline: true},
	{name: "generic-secret", hints: []string{"pass", "pwd", "secret", "token", "key", "credential", "auth", "dsn", "salt", "signature", "cookie", "session", "hmac", "seed", "connectionstring"},
		re: assignRE, find: findAssignments, pick: pickAssignment},
}
