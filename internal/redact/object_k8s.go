package redact

import (
	"fmt"
	"path"
	"strings"
)

// env redacts literal values of credential-named variables in a container's
// env list. valueFrom references are kept: they name a Secret, they are not
// one.
func (r *Redactor) env(sc *scope, list []any) {
	for i, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			list[i] = r.value(sc, "env", e)
			continue
		}
		name := str(m["name"])
		if v, ok := m["value"].(string); ok && secretEnv(name, v) {
			m["value"] = r.redactValue(sc, "env-secret", v)
		}
		r.walk(sc, m)
	}
}

// args redacts credential arguments in a command or args list:
// --password=VALUE, --password VALUE and -p VALUE.
func (r *Redactor) args(sc *scope, list []any) {
	mysql := mysqlCommand(list)
	for i := 0; i < len(list); i++ {
		a, ok := list[i].(string)
		if !ok {
			list[i] = r.value(sc, "args", list[i])
			continue
		}
		// mysql -pSECRET: the MySQL clients take the password glued to -p.
		if mysql && len(a) > 2 && strings.HasPrefix(a, "-p") && worthRedacting(keyStrong, a[2:]) {
			list[i] = "-p" + r.redactValue(sc, "arg-secret", a[2:])
			continue
		}
		if strings.HasPrefix(a, "-") {
			if k, v, ok := strings.Cut(a, "="); ok {
				if c := classifyKey(k); c != keyPlain && worthRedacting(c, v) {
					list[i] = k + "=" + r.redactValue(sc, "arg-secret", v)
					continue
				}
			} else if i+1 < len(list) && takesSecret(a, list[i+1]) {
				list[i+1] = r.redactValue(sc, "arg-secret", list[i+1].(string))
				i++
				continue
			}
		}
		list[i] = r.text(sc, a)
	}
}

// mysqlCommand reports whether a command or args list runs a MySQL or
// MariaDB client.
func mysqlCommand(list []any) bool {
	for _, e := range list {
		if s, ok := e.(string); ok {
			b := path.Base(s)
			if strings.HasPrefix(b, "mysql") || strings.HasPrefix(b, "mariadb") {
				return true
			}
		}
	}
	return false
}

// takesSecret reports whether flag (without "=") is followed by a secret
// in next: --password VALUE, --token VALUE, or -p VALUE where VALUE is not a
// port number.
func takesSecret(flag string, next any) bool {
	v, ok := next.(string)
	if !ok || strings.HasPrefix(v, "-") || !worthRedacting(keyStrong, v) {
		return false
	}
	if flag == "-p" {
		return !strings.Contains(v, ":") // -p 8080:80 is a port mapping
	}
	return strings.HasPrefix(flag, "--") && classifyKey(flag) == keyStrong
}

// blobMap names the credential container m is, or "".
func blobMap(m map[string]any) string {
	switch {
	case str(m["type"]) == "service_account" && m["private_key"] != nil:
		return "gcp-service-account"
	case m["auths"] != nil && m["kind"] == nil:
		return "dockerconfigjson"
	case m["clusters"] != nil && m["users"] != nil && m["contexts"] != nil:
		return "kubeconfig"
	}
	return ""
}

// blobFirstValue returns a value of m for Check to locate the blob by.
func blobFirstValue(m map[string]any) string {
	for _, k := range []string{"private_key_id", "private_key", "current-context"} {
		if s := str(m[k]); s != "" {
			return s
		}
	}
	return ""
}

// blobString is blobRule for a JSON string.
func blobString(v string) string { return blobRule(v) }

func str(v any) string {
	s, _ := v.(string)
	return s
}

// dig returns the value at path in nested maps, or nil.
func dig(m map[string]any, path ...string) any {
	var cur any = m
	for _, p := range path {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = mm[p]
	}
	return cur
}

// fieldsFor applies the user's field rules for kind to obj.
func (u *userRules) fieldsFor(r *Redactor, sc *scope, kind string, obj map[string]any) {
	for _, f := range u.fields {
		if f.kind == "" || f.kind == kind {
			r.redactPath(sc, obj, f.path)
		}
	}
}

// redactPath replaces the value(s) at path under v, "*" matching any key or
// element.
func (r *Redactor) redactPath(sc *scope, v any, path []string) any {
	if len(path) == 0 {
		if s, ok := v.(string); ok && isToken(s) {
			return s
		}
		return r.redactValue(sc, "user-field", fmt.Sprint(v))
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if path[0] == "*" || path[0] == k {
				x[k] = r.redactPath(sc, e, path[1:])
			}
		}
	case []any:
		for i, e := range x {
			if path[0] == "*" || path[0] == fmt.Sprint(i) {
				x[i] = r.redactPath(sc, e, path[1:])
			}
		}
	}
	return v
}
