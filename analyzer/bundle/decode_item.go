package bundle

import (
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// value handles one decoded document: an object, a List or an array.
func (d *decoder) value(v any) {
	switch t := v.(type) {
	case nil:
		return
	case []any:
		for _, item := range t {
			d.item(item, "", "")
		}
	case map[string]any:
		kind, _ := t["kind"].(string)
		rawItems, hasItems := t["items"]
		items, isArray := rawItems.([]any)
		// An empty List from a typed client carries "items": null.
		if hasItems && (isArray || rawItems == nil) && strings.HasSuffix(kind, "List") {
			apiVersion, _ := t["apiVersion"].(string)
			for _, item := range items {
				d.item(item, apiVersion, strings.TrimSuffix(kind, "List"))
			}
			return
		}
		d.item(t, "", "")
	default:
		d.fail(d.doc, "document is a %s, not an object", jsonType(v))
		d.doc++
	}
}

// item turns one map into an Object. apiVersion and kind, when set, fill in
// what List items from typed clients leave out.
func (d *decoder) item(v any, apiVersion, kind string) {
	doc := d.doc
	d.doc++
	m, ok := v.(map[string]any)
	if !ok {
		d.fail(doc, "item is a %s, not an object", jsonType(v))
		return
	}
	if _, set := m["kind"]; !set && kind != "" {
		m["kind"] = kind
	}
	if _, set := m["apiVersion"]; !set && apiVersion != "" {
		m["apiVersion"] = apiVersion
	}
	u := &unstructured.Unstructured{Object: m}
	av, _ := m["apiVersion"].(string)
	k, _ := m["kind"].(string)
	switch {
	case av == "" && k == "":
		d.fail(doc, "object has no apiVersion and no kind")
		return
	case av == "":
		d.fail(doc, "%s: object has no apiVersion", k)
		return
	case k == "":
		d.fail(doc, "object of %s has no kind", av)
		return
	}
	if _, ok := m["metadata"].(map[string]any); !ok {
		d.fail(doc, "%s: metadata is missing or not an object", k)
		return
	}
	if u.GetName() == "" {
		d.fail(doc, "%s: metadata.name is missing", k)
		return
	}
	o := newObject(u, Location{File: d.file, Doc: doc})
	for _, msg := range append(append(checkTimes(m), checkEnums(o)...), checkCounts(o)...) {
		d.fail(doc, "%s: %s", o.Ref(), msg)
	}
	sanitizeSecret(o)
	d.objs = append(d.objs, o)
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "bool"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	default:
		return "number"
	}
}
