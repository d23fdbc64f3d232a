package serve

import (
	"reflect"
	"strings"

	"k8s.io/kube-openapi/pkg/util"
)

// schemaRefPrefix is where an OpenAPI v3 document keeps its named schemas.
const schemaRefPrefix = "#/components/schemas/"

// typeSchemas builds OpenAPI v3 component schemas from the Go API types
// of k8s.io/api and apimachinery, as kube-openapi's generator builds the
// API server's from their source: a struct is an object of its JSON
// fields (inline members merged), described by its SwaggerDoc (the field
// comments k8s.io/api ships as code), named by its OpenAPIModelName
// (io.k8s.api.core.v1.Pod); a type that states its OpenAPI type
// (Quantity, Time, IntOrString, …) is that type. What the generator
// reads from comment tags alone is not known here: required fields,
// enums, defaults, list and map merge keys.
type typeSchemas struct {
	defs map[string]any
}

type swaggerDoc interface{ SwaggerDoc() map[string]string }

type openAPITyped interface {
	OpenAPISchemaType() []string
	OpenAPISchemaFormat() string
}

// ref returns a reference to t's named schema, adding it (and every type
// it refers to) to the set when it is new.
func (s *typeSchemas) ref(t reflect.Type) map[string]any {
	name, ok := ledgerModel(t)
	if !ok {
		name = util.GetCanonicalTypeName(reflect.New(t).Elem().Interface())
	}
	if _, ok := s.defs[name]; !ok {
		s.defs[name] = nil // a cycle refers to the name before it is built
		s.defs[name] = s.named(t)
	}
	return map[string]any{"$ref": schemaRefPrefix + name}
}

// named is the schema of a named struct or a self-describing type.
func (s *typeSchemas) named(t reflect.Type) map[string]any {
	v := reflect.New(t).Elem().Interface()
	if ot, ok := v.(openAPITyped); ok {
		out := map[string]any{"type": ot.OpenAPISchemaType()[0]}
		if f := ot.OpenAPISchemaFormat(); f != "" {
			out["format"] = f
		}
		return out
	}
	out := map[string]any{"type": "object"}
	props := map[string]any{}
	s.fields(t, props)
	if len(props) > 0 {
		out["properties"] = props
	}
	if d := docsOf(t)[""]; d != "" {
		out["description"] = d
	}
	return out
}

// docsOf is t's field docs by JSON name ("" for t itself): its SwaggerDoc,
// or the ledger's (openapi_ledger.go).
func docsOf(t reflect.Type) map[string]string {
	if d, ok := reflect.New(t).Elem().Interface().(swaggerDoc); ok {
		return d.SwaggerDoc()
	}
	return ledgerDocs[t]
}

// fields adds t's JSON fields to props, with inline members' merged.
func (s *typeSchemas) fields(t reflect.Type, props map[string]any) {
	docs := docsOf(t)
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if name == "" && (f.Anonymous || strings.Contains(opts, "inline")) && ft.Kind() == reflect.Struct {
			s.fields(ft, props)
			continue
		}
		if name == "" {
			name = f.Name
		}
		fs := s.of(f.Type)
		if d := docs[name]; d != "" {
			if _, isRef := fs["$ref"]; isRef {
				fs = map[string]any{"allOf": []any{fs}}
			}
			fs["description"] = d
		}
		props[name] = fs
	}
}

// of is the schema of a field of type t: a reference for named structs
// and self-describing types, inline for the rest.
func (s *typeSchemas) of(t reflect.Type) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == dateTime {
		return map[string]any{"type": "string", "format": "date-time"}
	}
	if _, ok := reflect.New(t).Elem().Interface().(openAPITyped); ok {
		return s.ref(t)
	}
	switch t.Kind() {
	case reflect.Struct:
		return s.ref(t)
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int32, reflect.Uint32, reflect.Int16, reflect.Uint16, reflect.Int8, reflect.Uint8:
		return map[string]any{"type": "integer", "format": "int32"}
	case reflect.Int, reflect.Int64, reflect.Uint, reflect.Uint64:
		return map[string]any{"type": "integer", "format": "int64"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number", "format": "double"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "format": "byte"}
		}
		return map[string]any{"type": "array", "items": s.of(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": s.of(t.Elem())}
	}
	// Interfaces (runtime.Object) hold any object.
	return map[string]any{"type": "object", "x-kubernetes-preserve-unknown-fields": true}
}
