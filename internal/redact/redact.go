// Package redact removes credentials from recorded cluster data before it is
// shared. It works in three passes over every value:
//
//  1. structural rules that know Kubernetes (Secret payloads, credential-named
//     env literals and container args, last-applied-configuration, Helm
//     release Secrets, docker configs, kubeconfig- and service-account-shaped
//     blobs);
//  2. pattern rules that find well-known credential formats anywhere, also
//     inside base64 and JSON-in-a-string one level deep;
//  3. user rules from a redaction config (literal values, regexes, field
//     paths per kind).
//
// Every redacted value becomes REDACTED-<rule>-<8 hex>, an HMAC-SHA256 of
// the value under a per-bundle salt, so one value always maps to one token
// within a bundle and correlation survives while the value does not. The
// salt lives only in the Redactor and is never written out.
//
// All matching uses Go's regexp (RE2), whose time is linear in the input.
package redact

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"regexp"
	"sync"
)

// Options configure a Redactor. The zero value is usable: random salt, Secret
// key names dropped, IP addresses kept, no user rules.
type Options struct {
	// Salt keys the HMAC that turns values into tokens. When empty, 32 bytes
	// are read from Rand. Tests set it to get stable tokens; production code
	// leaves it empty so tokens cannot be brute-forced from the output.
	Salt []byte
	// Rand supplies the salt when Salt is empty (crypto/rand when nil).
	Rand io.Reader
	// SecretKeys keeps the key names of Secret data/stringData (with empty
	// values) instead of dropping the maps entirely.
	SecretKeys bool
	// RedactIPs replaces IPv4 and IPv6 addresses with a consistent,
	// prefix-preserving mapping: addresses that share a /n prefix before
	// mapping share a /n prefix after it.
	RedactIPs bool
	// Config holds user rules; nil means none.
	Config *Config
}

// Redactor redacts the files of one bundle. It is safe for concurrent use.
type Redactor struct {
	salt    []byte
	opts    Options
	user    *userRules
	mu      sync.Mutex
	counts  map[string]map[string]int
	record  func(rule, value string) // set by Check; never writes values out
	ipCache sync.Map
}

// New returns a Redactor for one bundle. It fails when the salt cannot be
// read or the user config does not compile.
func New(opts Options) (*Redactor, error) {
	salt := opts.Salt
	if len(salt) == 0 {
		src := opts.Rand
		if src == nil {
			src = rand.Reader
		}
		salt = make([]byte, 32)
		if _, err := io.ReadFull(src, salt); err != nil {
			return nil, fmt.Errorf("redaction salt: %w", err)
		}
	}
	user, err := compileUser(opts.Config)
	if err != nil {
		return nil, err
	}
	return &Redactor{salt: salt, opts: opts, user: user, counts: map[string]map[string]int{}}, nil
}

// tokenRE matches a token this package wrote; such values are never
// redacted again, which makes redaction idempotent.
var tokenRE = regexp.MustCompile(`REDACTED-[a-z0-9-]+-[0-9a-f]{8}`)

var fullTokenRE = regexp.MustCompile(`^` + tokenRE.String() + `$`)

func isToken(v string) bool { return len(v) > 17 && fullTokenRE.MatchString(v) }

// token returns the token for value under rule and counts it for file.
func (r *Redactor) token(file, rule, value string) string {
	r.count(file, rule, value)
	m := hmac.New(sha256.New, r.salt)
	m.Write([]byte(value))
	return "REDACTED-" + rule + "-" + hex.EncodeToString(m.Sum(nil)[:4])
}

// count records one redaction of value under rule in file.
func (r *Redactor) count(file, rule, value string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.counts[rule] == nil {
		r.counts[rule] = map[string]int{}
	}
	r.counts[rule][file]++
	if r.record != nil {
		r.record(rule, value)
	}
}

// countDropped records one redaction under rule in file of a value the
// loader had already dropped: it is counted, and nothing is recorded.
func (r *Redactor) countDropped(file, rule string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.counts[rule] == nil {
		r.counts[rule] = map[string]int{}
	}
	r.counts[rule][file]++
}

// Report is redaction.yaml: how many values each rule redacted in each file.
// It has the shape of bundle.RedactionReport and holds no values and no
// hashes of values.
type Report struct {
	// Rules maps rule name to file path to count.
	Rules map[string]map[string]int `json:"rules,omitempty"`
}

// Report returns the counts of redactions per rule per file so far.
func (r *Redactor) Report() Report {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := Report{Rules: make(map[string]map[string]int, len(r.counts))}
	for rule, files := range r.counts {
		m := make(map[string]int, len(files))
		for f, n := range files {
			m[f] = n
		}
		out.Rules[rule] = m
	}
	return out
}
