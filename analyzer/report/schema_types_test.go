package report

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestSchemaCoversTypes walks the Report type and checks that every JSON
// field of every struct it reaches is a property of the matching schema
// definition, so a field added to a shared type fails here until
// docs/report.schema.json (and docs/report.md) describe it.
func TestSchemaCoversTypes(t *testing.T) {
	data, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	var root map[string]any
	if err := json.Unmarshal(data, &root); err != nil {
		t.Fatal(err)
	}
	defs, _ := root["$defs"].(map[string]any)
	seen := map[reflect.Type]bool{}
	var walk func(path string, typ reflect.Type, sch map[string]any)
	walk = func(path string, typ reflect.Type, sch map[string]any) {
		sch = resolve(sch, defs)
		for typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		switch {
		case typ == reflect.TypeOf(time.Time{}) || typ == reflect.TypeOf(json.RawMessage{}):
			return
		case typ.Kind() == reflect.Slice || typ.Kind() == reflect.Array:
			items, _ := sch["items"].(map[string]any)
			if items == nil {
				if pre, ok := sch["prefixItems"].([]any); ok && len(pre) > 0 {
					items, _ = pre[0].(map[string]any)
				}
			}
			if items != nil {
				walk(path+"[]", typ.Elem(), items)
			}
			return
		case typ.Kind() == reflect.Map:
			if ap, ok := sch["additionalProperties"].(map[string]any); ok {
				walk(path+"{}", typ.Elem(), ap)
			}
			return
		case typ.Kind() != reflect.Struct || seen[typ]:
			return
		}
		seen[typ] = true
		props, _ := sch["properties"].(map[string]any)
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			name := strings.Split(f.Tag.Get("json"), ",")[0]
			if name == "-" || !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			sub, ok := props[name].(map[string]any)
			if !ok {
				t.Errorf("%s.%s (%s.%s) is not in docs/report.schema.json", path, name, typ, f.Name)
				continue
			}
			walk(path+"."+name, f.Type, sub)
		}
	}
	walk("report", reflect.TypeOf(Report{}), root)
}

// resolve follows $ref and picks the object branch of an anyOf.
func resolve(sch map[string]any, defs map[string]any) map[string]any {
	for {
		if ref, ok := sch["$ref"].(string); ok {
			sch, _ = defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
			continue
		}
		if alts, ok := sch["anyOf"].([]any); ok {
			for _, a := range alts {
				if m, ok := a.(map[string]any); ok && m["type"] != "null" {
					sch = m
				}
			}
			continue
		}
		return sch
	}
}
