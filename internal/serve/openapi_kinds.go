package serve

import (
	"reflect"
	"strings"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/kube-openapi/pkg/util"

	"github.com/rift-dev/rift/analyzer/hypothesis"
)

// kindSchema adds the schema of r's kind to ts and returns a reference to
// it. The schema is, in this order: the Go type client-go's scheme
// registers for the kind (every built-in kind of the Kubernetes release
// rift is built with); the openAPIV3Schema of the bundle's CRD for the
// kind at r's version, with apiVersion, kind and metadata added as the
// CRD API server adds them; the ledger's own type for rift.dev
// hypotheses; or else an object that says its fields are not known.
// Every one carries x-kubernetes-group-version-kind.
func (c *catalog) kindSchema(ts *typeSchemas, r *resource) map[string]any {
	gvk := r.gvk
	tag := []any{map[string]any{"group": gvk.Group, "version": gvk.Version, "kind": gvk.Kind}}
	if t, ok := scheme.Scheme.AllKnownTypes()[gvk]; ok && !r.isCRD {
		ref := ts.ref(t)
		ts.defs[strings.TrimPrefix(ref["$ref"].(string), schemaRefPrefix)].(map[string]any)["x-kubernetes-group-version-kind"] = tag
		return ref
	}
	name := util.ToRESTFriendlyName(gvk.Group + "/" + gvk.Version + "." + gvk.Kind)
	var def map[string]any
	switch ci := c.crds[gvk.GroupKind()]; {
	case ci != nil && ci.schemas[gvk.Version] != nil:
		def = copyJSON(ci.schemas[gvk.Version]).(map[string]any)
	case gvk.GroupVersion() == GroupVersion:
		props := map[string]any{}
		ts.fields(reflect.TypeOf(hypothesis.Hypothesis{}), props)
		def = map[string]any{
			"description": "Hypothesis is one entry of the ranked hypothesis ledger rift computes from the bundle (rift analyze); its fields are the report's.",
			"properties":  props,
		}
	default:
		def = map[string]any{
			"description": "rift serve holds no schema of " + gvk.Kind + ": the bundle has no CustomResourceDefinition that describes it at " + gvk.GroupVersion().String() +
				" and it is not a built-in kind of the Kubernetes release rift is built with, so its fields are not described.",
			"x-kubernetes-preserve-unknown-fields": true,
		}
	}
	def["type"] = "object"
	props, _ := def["properties"].(map[string]any)
	if props == nil {
		props = map[string]any{}
		def["properties"] = props
	}
	typeDocs := metav1.TypeMeta{}.SwaggerDoc()
	props["apiVersion"] = map[string]any{"type": "string", "description": typeDocs["apiVersion"]}
	props["kind"] = map[string]any{"type": "string", "description": typeDocs["kind"]}
	props["metadata"] = map[string]any{
		"allOf":       []any{ts.ref(reflect.TypeOf(metav1.ObjectMeta{}))},
		"description": corev1.Pod{}.SwaggerDoc()["metadata"],
	}
	def["x-kubernetes-group-version-kind"] = tag
	ts.defs[name] = def
	return map[string]any{"$ref": schemaRefPrefix + name}
}

// copyJSON copies a decoded JSON value, so that a CRD's schema is never
// changed in the bundle.
func copyJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = copyJSON(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = copyJSON(e)
		}
		return out
	}
	return v
}
