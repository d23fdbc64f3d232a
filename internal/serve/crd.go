package serve

import (
	"encoding/json"
	"reflect"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/duration"
	"k8s.io/client-go/util/jsonpath"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// crdColumn is one additionalPrinterColumn and its parsed JSONPath.
type crdColumn struct {
	def   metav1.TableColumnDefinition
	paths *columnPath
}

// readCRDs reads the served versions, names, scope and printer columns of
// every CustomResourceDefinition in objs.
func readCRDs(objs []*bundle.Object) map[schema.GroupKind]*crdInfo {
	out := map[schema.GroupKind]*crdInfo{}
	for _, o := range objs {
		if o.GetKind() != "CustomResourceDefinition" || o.GroupVersionKind().Group != "apiextensions.k8s.io" {
			continue
		}
		spec, _ := o.Object["spec"].(map[string]any)
		group, _ := spec["group"].(string)
		names, _ := spec["names"].(map[string]any)
		kind, _ := names["kind"].(string)
		plural, _ := names["plural"].(string)
		if group == "" || kind == "" || plural == "" {
			continue
		}
		ci := &crdInfo{plural: plural, columns: map[string][]crdColumn{}, schemas: map[string]map[string]any{}}
		ci.singular, _ = names["singular"].(string)
		ci.shortNames = stringList(names["shortNames"])
		ci.categories = stringList(names["categories"])
		scope, _ := spec["scope"].(string)
		ci.namespaced = scope != "Cluster"
		// v1beta1 CRDs kept columns (and a version) at the top of spec.
		topCols, _ := spec["additionalPrinterColumns"].([]any)
		topSchema, _ := get(spec, "validation", "openAPIV3Schema").(map[string]any)
		if v, _ := spec["version"].(string); v != "" {
			ci.versions = append(ci.versions, v)
			ci.columns[v] = parseColumns(topCols)
			if topSchema != nil {
				ci.schemas[v] = topSchema
			}
		}
		versions, _ := spec["versions"].([]any)
		for _, v := range versions {
			vm, _ := v.(map[string]any)
			name, _ := vm["name"].(string)
			if served, ok := vm["served"].(bool); name == "" || (ok && !served) {
				continue
			}
			if _, dup := ci.columns[name]; !dup {
				ci.versions = append(ci.versions, name)
			}
			cols, ok := vm["additionalPrinterColumns"].([]any)
			if !ok {
				cols = topCols
			}
			ci.columns[name] = parseColumns(cols)
			if sch, ok := get(vm, "schema", "openAPIV3Schema").(map[string]any); ok {
				ci.schemas[name] = sch
			} else if topSchema != nil {
				ci.schemas[name] = topSchema // v1beta1: one schema for every version
			}
		}

		out[schema.GroupKind{Group: group, Kind: kind}] = ci
	}
	return out
}

// parseColumns parses additionalPrinterColumns as the CRD API server does
// ("{" + jsonPath + "}", missing keys allowed). A column whose path does
// not parse is left out. No columns means the default Age column.
func parseColumns(cols []any) []crdColumn {
	out := []crdColumn{}
	for _, c := range cols {
		cm, _ := c.(map[string]any)
		name, _ := cm["name"].(string)
		jp, _ := cm["jsonPath"].(string)
		if jp == "" {
			jp, _ = cm["JSONPath"].(string) // v1beta1
		}
		if name == "" || jp == "" {
			continue
		}
		p, err := newColumnPath(name, "{"+jp+"}", true)
		if err != nil {
			continue
		}
		def := metav1.TableColumnDefinition{Name: name}
		def.Type, _ = cm["type"].(string)
		def.Format, _ = cm["format"].(string)
		def.Description, _ = cm["description"].(string)
		if pr, ok := cm["priority"].(int64); ok {
			def.Priority = int32(pr)
		}
		out = append(out, crdColumn{def: def, paths: p})
	}
	if len(out) == 0 {
		p, _ := newColumnPath("Age", "{.metadata.creationTimestamp}", false)
		out = append(out, crdColumn{def: metav1.TableColumnDefinition{Name: "Age", Type: "date"}, paths: p})
	}
	return out
}

// crdCells evaluates the columns on one object as the CRD API server's
// table convertor does: the first value the path finds, printed as
// jsonpath prints it for a string column, converted to the column's type
// for the others (nil when it is not of that type), and a date as an age
// from now (the bundle's capture time).
func crdCells(cols []crdColumn, o *unstructured.Unstructured, now time.Time) []any {
	cells := make([]any, 0, len(cols)+1)
	cells = append(cells, o.GetName())
	for _, c := range cols {
		res, err := c.paths.find(o.Object)
		if err != nil || len(res) == 0 || len(res[0]) == 0 {
			cells = append(cells, nil)
			continue
		}
		cells = append(cells, cellOf(c.def.Type, res[0][0].Interface(), now))
	}
	return cells
}

// cellOf is value in a column of type typ (the apiextensions-apiserver
// tableconvertor's cellForJSONValue, and PrintResults for strings).
func cellOf(typ string, value any, now time.Time) any {
	if value == nil {
		return nil
	}
	switch typ {
	case "string":
		var b strings.Builder
		if err := jsonpath.New("cell").PrintResults(&b, []reflect.Value{reflect.ValueOf(value)}); err != nil {
			return nil
		}
		return b.String()
	case "integer":
		switch v := value.(type) {
		case int64:
			return v
		case float64:
			return int64(v)
		case json.Number:
			if i, err := v.Int64(); err == nil {
				return i
			}
		}
	case "number":
		switch v := value.(type) {
		case int64:
			return float64(v)
		case float64:
			return v
		case json.Number:
			if f, err := v.Float64(); err == nil {
				return f
			}
		}
	case "boolean":
		if b, ok := value.(bool); ok {
			return b
		}
	case "date":
		if s, ok := value.(string); ok {
			if s == "" || s == "null" { // metav1.Time's zero
				return "<unknown>"
			}
			t, err := time.Parse(time.RFC3339, s)
			if err != nil {
				return "<invalid>"
			}
			return duration.HumanDuration(now.Sub(t))
		}
	}
	return nil
}

// crdColumnDefs are the table's column definitions: Name, then the CRD's.
func crdColumnDefs(cols []crdColumn) []metav1.TableColumnDefinition {
	defs := []metav1.TableColumnDefinition{{Name: "Name", Type: "string", Format: "name"}}
	for _, c := range cols {
		d := c.def
		if d.Type == "date" {
			d.Type = "string" // served as an age, as the CRD API server does
		}
		defs = append(defs, d)
	}
	return defs
}

func stringList(v any) []string {
	l, _ := v.([]any)
	out := make([]string, 0, len(l))
	for _, x := range l {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
