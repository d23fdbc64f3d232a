package redact

import (
	"bytes"
	"encoding/json"
	"strings"
)

// jsonString redacts JSON held in a string one level deep; text that does
// not parse as JSON is treated as text.
func (r *Redactor) jsonString(sc *scope, v string) string {
	d := json.NewDecoder(strings.NewReader(v))
	d.UseNumber()
	var doc any
	if err := d.Decode(&doc); err != nil || d.More() {
		return r.text(sc, v)
	}
	inner := &scope{file: sc.file, depth: sc.depth + 1}
	if rule := blobString(v); rule != "" {
		return r.redactValue(sc, rule, v)
	}
	switch x := doc.(type) {
	case map[string]any:
		if _, keep := r.object(inner, x); !keep {
			return r.redactValue(sc, "json-blob", v)
		}
	default:
		doc = r.value(inner, "", x)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return r.text(sc, v)
	}
	out := strings.TrimSuffix(b.String(), "\n")
	if compactJSON(v) == out {
		return v // unchanged: keep the author's formatting
	}
	return out
}

func compactJSON(v string) string {
	var b bytes.Buffer
	if json.Compact(&b, []byte(v)) != nil {
		return v
	}
	return b.String()
}

// urlWithCredentials reports whether the pattern rules take v's password
// out of a URL or DSN, leaving the rest of it readable.
func (r *Redactor) urlWithCredentials(sc *scope, v string) bool {
	if !strings.Contains(v, "@") {
		return false
	}
	probe := &scope{file: sc.file, quiet: true, depth: sc.depth}
	r.text(probe, v)
	return probe.found == "url-userinfo" || probe.found == "dsn"
}
