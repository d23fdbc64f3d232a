package bundle

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/internal/jsonfast"
)

const managedDeployment = `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"shop","managedFields":[
 {"manager":"kustomize-controller","operation":"Apply","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\"name\":\"web\"}":{".":{},"f:image":{}}}}}}}},
 {"manager":"kube-controller-manager","operation":"Update","subresource":"status","fieldsV1":{"f:status":{"f:replicas":{}}}}]},
 "spec":{"replicas":1}}`

// TestFieldsV1: the JSON loader keeps field-ownership sets as text, and
// FieldsV1 and FieldsV1Owns read them as the decoded sets YAML gives.
func TestFieldsV1(t *testing.T) {
	fromJSON, errs := DecodeDocuments("d.json", []byte(managedDeployment))
	if len(errs) > 0 || len(fromJSON) != 1 {
		t.Fatalf("json: %d objects, %v", len(fromJSON), errs)
	}
	var generic map[string]any
	if err := json.Unmarshal([]byte(managedDeployment), &generic); err != nil {
		t.Fatal(err)
	}
	entries := func(o map[string]any) []map[string]any {
		var out []map[string]any
		for _, e := range o["metadata"].(map[string]any)["managedFields"].([]any) {
			out = append(out, e.(map[string]any))
		}
		return out
	}
	loaded, decoded := entries(fromJSON[0].Object), entries(generic)
	if _, ok := loaded[0]["fieldsV1"].(jsonfast.Raw); !ok {
		t.Fatalf("fieldsV1 loaded as %T, want text", loaded[0]["fieldsV1"])
	}
	for i := range loaded {
		if diff := cmp.Diff(FieldsV1(decoded[i]), FieldsV1(loaded[i])); diff != "" {
			t.Errorf("entry %d: FieldsV1 (-decoded +text):\n%s", i, diff)
		}
		for _, keys := range [][]string{{"f:spec"}, {"f:status"}, {"f:data", "f:metadata"}, {"f:template"}, {"k:{\"name\":\"web\"}"}} {
			if want, got := FieldsV1Owns(decoded[i], keys...), FieldsV1Owns(loaded[i], keys...); want != got {
				t.Errorf("entry %d: FieldsV1Owns(%q) = %v from text, %v decoded", i, keys, got, want)
			}
		}
	}
	if !FieldsV1Owns(loaded[0], "f:spec") || FieldsV1Owns(loaded[0], "f:template") {
		t.Errorf("FieldsV1Owns reads beyond the top level, or misses it")
	}
	if FieldsV1(map[string]any{}) != nil || FieldsV1Owns(map[string]any{"fieldsV1": "x"}, "x") {
		t.Errorf("an entry without a set owns something")
	}
	// An escaped key is compared decoded.
	if !topKey(`{"f:sp\u0065c":{}}`, []string{"f:spec"}) {
		t.Errorf("escaped key not matched")
	}
	// DeepCopy copies the text sets; unstructured's own panics on them.
	c := fromJSON[0].DeepCopy()
	if diff := cmp.Diff(fromJSON[0].Object, c.Object); diff != "" {
		t.Errorf("DeepCopy (-object +copy):\n%s", diff)
	}
}

// TestFieldSetsDecodeOnce: a set kept as text is decoded once per
// FieldSets, however often it is read (the layers read a pod's sets once
// per field that differs from the template: 94k times on the
// corpus-cloned bundle, which took 2.9 GB of garbage before).
func TestFieldSetsDecodeOnce(t *testing.T) {
	objs, errs := DecodeDocuments("d.json", []byte(managedDeployment))
	if len(errs) > 0 || len(objs) != 1 {
		t.Fatalf("json: %d objects, %v", len(objs), errs)
	}
	entry := objs[0].Object["metadata"].(map[string]any)["managedFields"].([]any)[0].(map[string]any)
	sets := NewFieldSets()
	first, again := sets.Of(entry), sets.Of(entry)
	if first == nil || mapPointer(first) != mapPointer(again) {
		t.Errorf("the set was decoded twice (or not at all)")
	}
	if diff := cmp.Diff(FieldsV1(entry), first); diff != "" {
		t.Errorf("Of (-FieldsV1 +Of):\n%s", diff)
	}
}
