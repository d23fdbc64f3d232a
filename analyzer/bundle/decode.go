package bundle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// DecodeDocuments decodes the Kubernetes objects in one file: a single
// object, multi-document YAML, concatenated JSON values, a top-level array
// of objects, or a List (kubectl get -o yaml|json), whose items are
// flattened. Integers are int64 and other numbers float64.
//
// Every object gets Source{file, doc}, where doc counts the objects of the
// file in order: one per YAML document or JSON value, one per item of a List
// or array. Empty documents are skipped without counting.
//
// Problems never stop the file: a malformed document, an item that is not an
// object, or an object without apiVersion, kind or metadata.name is dropped
// and reported as a LoadError at its position. An invalid timestamp in a
// time field (see visitTimes) or an impossible value in a fixed-value field
// (see enumFields: a Pod phase "CrashLoopBackOff", a condition status
// "Maybe") is reported too, but the object is kept with that field removed,
// so later stages can trust every time and phase they see. Secret values are blanked (see sanitizeSecret) before the object is
// returned.
func DecodeDocuments(file string, data []byte) ([]*Object, []LoadError) {
	d := &decoder{file: file}
	trimmed := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[') {
		d.decodeJSON(trimmed)
	} else {
		d.decodeYAML(data)
	}
	return d.objs, d.errs
}

type decoder struct {
	file string
	doc  int
	objs []*Object
	errs []LoadError
}

func (d *decoder) fail(doc int, format string, args ...any) {
	d.errs = append(d.errs, LoadError{File: d.file, Doc: doc, Reason: fmt.Sprintf(format, args...)})
}

func (d *decoder) decodeJSON(data []byte) {
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			d.fail(d.doc, "malformed json: %v", err)
			return
		}
		var v any
		if err := kjson.UnmarshalCaseSensitivePreserveInts(raw, &v); err != nil {
			d.fail(d.doc, "malformed json: %v", err)
			d.doc++
			continue
		}
		d.value(v)
	}
}

func (d *decoder) decodeYAML(data []byte) {
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	for {
		doc, err := r.Read()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			d.fail(d.doc, "reading yaml: %v", err)
			return
		}
		if isBlankYAML(doc) {
			continue
		}
		js, err := yaml.YAMLToJSON(doc)
		if err != nil {
			d.fail(d.doc, "malformed yaml: %v", err)
			d.doc++
			continue
		}
		var v any
		if err := kjson.UnmarshalCaseSensitivePreserveInts(js, &v); err != nil {
			d.fail(d.doc, "malformed yaml: %v", err)
			d.doc++
			continue
		}
		d.value(v)
	}
}

// isBlankYAML reports whether doc holds only comments, whitespace or a
// document marker, which kubectl and kustomize emit between objects.
func isBlankYAML(doc []byte) bool {
	for _, line := range strings.Split(string(doc), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line == "---" || line == "..." || strings.HasPrefix(line, "#") {
			continue
		}
		return false
	}
	return true
}

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
	o := &Object{Unstructured: u, Source: Location{File: d.file, Doc: doc}}
	for _, msg := range append(checkTimes(m), checkEnums(o)...) {
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
