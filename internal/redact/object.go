package redact

import (
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

const lastApplied = "kubectl.kubernetes.io/last-applied-configuration"

// Object redacts one decoded object read from file, in place, and returns
// it. keep is false when the whole object must be dropped: a kubeconfig,
// service-account key or docker config decoded as a document of its own.
// A List's items are redacted one by one and dropped items are removed.
// Numbers, booleans and the object's shape are left alone.
func (r *Redactor) Object(file string, obj map[string]any) (map[string]any, bool) {
	return r.object(&scope{file: file}, obj)
}

func (r *Redactor) object(sc *scope, obj map[string]any) (map[string]any, bool) {
	if rule := blobMap(obj); rule != "" {
		r.count(sc.file, rule, blobFirstValue(obj))
		return nil, false
	}
	if items, ok := obj["items"].([]any); ok && strings.HasSuffix(str(obj["kind"]), "List") {
		kept := items[:0]
		for _, it := range items {
			m, ok := it.(map[string]any)
			if !ok {
				kept = append(kept, r.value(sc, "", it))
				continue
			}
			if m, keep := r.object(sc, m); keep {
				kept = append(kept, m)
			}
		}
		obj["items"] = kept
		return obj, true
	}
	kind := str(obj["kind"])
	// A Secret without apiVersion (hand-written, or trimmed by a tool) is
	// still a Secret: err on the side of dropping its payload.
	av := str(obj["apiVersion"])
	isSecret := kind == "Secret" && (av == "v1" || av == "")
	if isSecret {
		r.secret(sc, obj)
	}
	if ann, ok := dig(obj, "metadata", "annotations").(map[string]any); ok {
		if v, ok := ann[lastApplied].(string); ok {
			if isSecret {
				r.count(sc.file, "last-applied", v)
				delete(ann, lastApplied)
			} else if sc.depth == 0 {
				ann[lastApplied] = r.jsonString(sc, v)
			}
		}
	}
	r.user.fieldsFor(r, sc, kind, obj)
	r.walk(sc, obj)
	return obj, true
}

// secret applies the Secret rules: payloads go, key names stay only with
// Options.SecretKeys, and Helm release and docker-config payloads never stay.
func (r *Redactor) secret(sc *scope, obj map[string]any) {
	typ := str(obj["type"])
	name := str(dig(obj, "metadata", "name"))
	rule, keepKeys := "secret-data", r.opts.SecretKeys
	switch {
	case typ == "helm.sh/release.v1" || strings.HasPrefix(name, "sh.helm.release.v1."):
		rule, keepKeys = "helm-release", false
	case typ == "kubernetes.io/dockerconfigjson" || typ == "kubernetes.io/dockercfg":
		rule = "dockerconfigjson"
	}
	for _, field := range []string{"data", "stringData"} {
		m, ok := obj[field].(map[string]any)
		if !ok {
			delete(obj, field)
			continue
		}
		for k, v := range m {
			// "REDACTED" is what rift's loader leaves of a Secret value it
			// read (bundle.RedactedValue): a value dropped all the same, so
			// it counts, but there is no value to remember.
			switch s, ok := v.(string); {
			case !ok || s == "" || isToken(s):
			case s == bundle.RedactedValue:
				r.countDropped(sc.file, rule)
			default:
				r.count(sc.file, rule, s)
			}
			if keepKeys && k != ".dockerconfigjson" && k != ".dockercfg" {
				m[k] = ""
			} else {
				delete(m, k)
			}
		}
		if len(m) == 0 {
			delete(obj, field)
		}
	}
}

// walk redacts every value under m, applying key-aware rules.
func (r *Redactor) walk(sc *scope, m map[string]any) {
	if len(r.user.literals) > 0 {
		r.user.keys(r, sc, m)
	}
	for k, v := range m {
		if k == ".dockerconfigjson" || k == ".dockercfg" {
			r.count(sc.file, "dockerconfigjson", str(v))
			delete(m, k)
			continue
		}
		switch x := v.(type) {
		case string:
			m[k] = r.field(sc, k, x)
		case []any:
			switch k {
			case "env":
				r.env(sc, x)
			case "args", "command":
				r.args(sc, x)
			default:
				m[k] = r.value(sc, k, x)
			}
		default:
			m[k] = r.value(sc, k, x)
		}
	}
}

// value redacts any decoded value found under key.
func (r *Redactor) value(sc *scope, key string, v any) any {
	switch x := v.(type) {
	case string:
		return r.field(sc, key, x)
	case map[string]any:
		r.walk(sc, x)
	case []any:
		for i, e := range x {
			x[i] = r.value(sc, key, e)
		}
	}
	return v
}

// field redacts a string value stored under key.
func (r *Redactor) field(sc *scope, key, v string) string {
	// A multi-line value under a secret key is a file (an INI, a PEM, a
	// YAML document): its parts go through the pattern rules instead. A
	// single value with a trailing newline (kubectl create --from-file) is
	// still a single value.
	if c := classifyKey(key); c != keyPlain && worthRedacting(c, v) && !strings.Contains(strings.TrimSpace(v), "\n") && !secretReference(key, v) {
		if r.urlWithCredentials(sc, v) {
			// dsn: postgres://u:p@host/db keeps its host for analysis.
			return r.text(sc, v)
		}
		rule := "generic-secret"
		if c == keyWeak {
			rule = "high-entropy"
		}
		return r.redactValue(sc, rule, v)
	}
	if sc.depth == 0 && len(v) > 1 && (v[0] == '{' || v[0] == '[') {
		return r.jsonString(sc, v)
	}
	return r.text(sc, v)
}
