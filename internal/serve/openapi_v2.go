package serve

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"strings"
	"sync"

	openapi_v2 "github.com/google/gnostic-models/openapiv2"
	"google.golang.org/protobuf/proto"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// openAPIV2Proto and openAPIV2ProtoOld are the media types of /openapi/v2
// as protobuf: client-go's discovery asks for the old one only, which
// does not parse as a media type, so the answer names the new one, as
// the API server's does.
const (
	openAPIV2Proto    = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf"
	openAPIV2ProtoOld = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf"
)

// openAPIV2 is the catalog's Swagger 2.0 document, made from the v3
// documents on first request: kubectl reads it for `explain --output
// plaintext-openapiv2` and client-side validation.
type openAPIV2 struct {
	once        sync.Once
	json, proto []byte
	err         error
}

// serveOpenAPIV2 answers /openapi/v2 as protobuf or JSON, by Accept.
func (c *catalog) serveOpenAPIV2(w http.ResponseWriter, r *http.Request) {
	accept := r.Header.Get("Accept")
	wantProto := strings.Contains(accept, openAPIV2Proto) || strings.Contains(accept, openAPIV2ProtoOld)
	if !wantProto && !acceptsJSON(accept) {
		writeStatus(w, http.StatusNotAcceptable, metav1.StatusReasonNotAcceptable, "rift serve: /openapi/v2 is served as application/json or %s", openAPIV2Proto)
		return
	}
	c.openapiV2.once.Do(func() { c.openapiV2.json, c.openapiV2.proto, c.openapiV2.err = c.buildOpenAPIV2() })
	if c.openapiV2.err != nil {
		writeStatus(w, http.StatusInternalServerError, metav1.StatusReasonInternalError, "rift serve: building OpenAPI v2: %s", c.openapiV2.err.Error())
		return
	}
	if wantProto {
		w.Header().Set("Content-Type", openAPIV2Proto)
		_, _ = w.Write(c.openapiV2.proto)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(c.openapiV2.json)
}

// buildOpenAPIV2 merges the v3 documents into one Swagger 2.0 document:
// components become definitions, each path's response its schema, and
// the keywords Swagger 2.0 lacks (nullable, oneOf, anyOf, not) are
// dropped, as the API server drops them from CRD schemas it publishes
// in v2.
func (c *catalog) buildOpenAPIV2() ([]byte, []byte, error) {
	defs, paths := map[string]any{}, map[string]any{}
	for _, g := range c.groups {
		for _, v := range g.versions {
			doc := c.openAPIDocument(groupVersionKey(g.name, v), g.res[v])
			for n, d := range doc["components"].(map[string]any)["schemas"].(map[string]any) {
				defs[n] = toV2(d)
			}
			for p, item := range doc["paths"].(map[string]any) {
				get := item.(map[string]any)["get"].(map[string]any)
				resp := get["responses"].(map[string]any)["200"].(map[string]any)
				schema := resp["content"].(map[string]any)["application/json"].(map[string]any)["schema"]
				op := map[string]any{}
				for k, x := range get {
					op[k] = x
				}
				op["produces"] = []any{"application/json"}
				op["responses"] = map[string]any{"200": map[string]any{"description": "OK", "schema": toV2(schema)}}
				paths[p] = map[string]any{"get": op}
			}
		}
	}
	data, err := json.Marshal(map[string]any{
		"swagger":     "2.0",
		"info":        map[string]any{"title": "rift serve: " + c.name, "version": c.version().GitVersion},
		"paths":       paths,
		"definitions": defs,
	})
	if err != nil {
		return nil, nil, err
	}
	doc, err := openapi_v2.ParseDocument(data)
	if err != nil {
		return nil, nil, fmt.Errorf("parsing the v2 document: %w", err)
	}
	pb, err := proto.Marshal(doc)
	return data, pb, err
}

// toV2 rewrites a v3 schema for Swagger 2.0.
func toV2(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		// {allOf: [{$ref}], description} is how v3 describes a
		// reference; v2 readers (kubectl explain) follow a bare $ref
		// only, and the API server publishes its description beside it.
		if all, ok := x["allOf"].([]any); ok && len(all) == 1 {
			if ref, ok := all[0].(map[string]any)["$ref"].(string); ok {
				out["$ref"] = "#/definitions/" + strings.TrimPrefix(ref, schemaRefPrefix)
				x = maps.Clone(x)
				delete(x, "allOf")
			}
		}
		for k, e := range x {
			switch k {
			case "nullable", "oneOf", "anyOf", "not":
				continue
			case "$ref":
				if s, ok := e.(string); ok {
					e = "#/definitions/" + strings.TrimPrefix(s, schemaRefPrefix)
				}
			case "properties", "patternProperties":
				// Keys here are field names, not keywords.
				if m, ok := e.(map[string]any); ok {
					props := make(map[string]any, len(m))
					for name, s := range m {
						props[name] = toV2(s)
					}
					out[k] = props
					continue
				}
			}
			out[k] = toV2(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = toV2(e)
		}
		return out
	}
	return v
}

func groupVersionKey(group, version string) string {
	if group == "" {
		return "api/" + version
	}
	return "apis/" + group + "/" + version
}
