package redact

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"
)

// Config holds user redaction rules, read from --redact-config.
//
//	literals: ["corp-internal-passphrase"]       # exact values, redacted anywhere
//	regexes: ['acct-[0-9]{8}']                    # RE2; group 1 when present, else the match
//	fields:
//	- kind: Deployment                            # "" or "*" means any kind
//	  path: spec.template.metadata.annotations.example\.com/owner
//
// Literal values are never written anywhere, not even to the report: their
// redactions are counted under the rule "user-literal".
type Config struct {
	Literals []string `json:"literals,omitempty"`
	Regexes  []string `json:"regexes,omitempty"`
	Fields   []Field  `json:"fields,omitempty"`
}

// Field names a field to redact in objects of one kind. Path is dotted, with
// "\." for a dot inside a key and "*" for any key or list element.
type Field struct {
	Kind string `json:"kind,omitempty"`
	Path string `json:"path"`
}

// LoadConfig reads and parses a redaction config file. Errors name the file
// and the rule but never a literal's value.
func LoadConfig(file string) (*Config, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var c Config
	if err := yaml.UnmarshalStrict(data, &c); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if _, err := compileUser(&c); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return &c, nil
}

type userRules struct {
	literals []string // longest first, so a literal inside another goes too
	regexes  []*regexp.Regexp
	fields   []fieldRule
}

type fieldRule struct {
	kind string
	path []string
}

func compileUser(c *Config) (*userRules, error) {
	u := &userRules{}
	if c == nil {
		return u, nil
	}
	for i, l := range c.Literals {
		if len(l) < 4 {
			// Short literals would shred ordinary text and their count would
			// hint at the value.
			return nil, fmt.Errorf("literals[%d]: shorter than 4 characters", i)
		}
		u.literals = append(u.literals, l)
	}
	slices.SortFunc(u.literals, func(a, b string) int { return len(b) - len(a) })
	for i, s := range c.Regexes {
		re, err := regexp.Compile(s)
		if err != nil {
			return nil, fmt.Errorf("regexes[%d]: %w", i, err)
		}
		u.regexes = append(u.regexes, re)
	}
	for i, f := range c.Fields {
		p := splitPath(f.Path)
		if len(p) == 0 {
			return nil, fmt.Errorf("fields[%d]: empty path", i)
		}
		k := f.Kind
		if k == "*" {
			k = ""
		}
		u.fields = append(u.fields, fieldRule{kind: k, path: p})
	}
	return u, nil
}

// splitPath splits a dotted path, honouring "\." escapes.
func splitPath(p string) []string {
	var out []string
	var cur strings.Builder
	for i := 0; i < len(p); i++ {
		switch {
		case p[i] == '\\' && i+1 < len(p) && p[i+1] == '.':
			cur.WriteByte('.')
			i++
		case p[i] == '.':
			out = append(out, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(p[i])
		}
	}
	if cur.Len() > 0 || len(out) > 0 {
		out = append(out, cur.String())
	}
	return out
}

// apply replaces user literals and regex matches in s.
func (u *userRules) apply(r *Redactor, sc *scope, s string) string {
	for _, l := range u.literals {
		if !strings.Contains(s, l) {
			continue
		}
		tok := r.redactValue(sc, "user-literal", l)
		n := strings.Count(s, l)
		s = strings.ReplaceAll(s, l, tok)
		if !sc.quiet {
			for range n - 1 {
				r.count(sc.file, "user-literal", l)
			}
		}
	}
	for _, re := range u.regexes {
		g := 0
		if re.NumSubexp() > 0 {
			g = 1
		}
		s = r.applyPattern(sc, &pattern{name: "user-regex", re: re, group: g}, s)
	}
	return s
}

// keys renames map keys that contain a user literal (a label or data key can
// carry a customer name as well as a value can).
func (u *userRules) keys(r *Redactor, sc *scope, m map[string]any) {
	var renames []string
	for k := range m {
		for _, l := range u.literals {
			if strings.Contains(k, l) {
				renames = append(renames, k)
				break
			}
		}
	}
	for _, k := range renames {
		v := m[k]
		delete(m, k)
		m[u.apply(r, sc, k)] = v
	}
}
