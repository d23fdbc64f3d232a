package jsonfast

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// expand replaces every Raw inside v by its decoded value.
func expand(t *testing.T, v any) any {
	t.Helper()
	switch x := v.(type) {
	case Raw:
		w, err := generic([]byte(x))
		if err != nil {
			t.Fatalf("a Raw is not JSON: %q: %v", x, err)
		}
		return w
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = expand(t, e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = expand(t, e)
		}
		return out
	}
	return v
}

// checkRaw holds KeepRaw to its contract: the same texts accepted as
// without it, and the same value once each Raw is decoded.
func checkRaw(t *testing.T, data []byte) (raws int) {
	t.Helper()
	plain, fast := NewDecoder(), NewDecoder()
	fast.KeepRaw(true)
	want, wantOK := plain.Decode(data)
	got, ok := fast.Decode(data)
	if ok != wantOK {
		t.Fatalf("Decode(%q) with KeepRaw accepted=%v, without %v", data, ok, wantOK)
	}
	if !ok {
		return 0
	}
	if diff := cmp.Diff(want, expand(t, got)); diff != "" {
		t.Fatalf("Decode(%q) with KeepRaw, expanded (-want +got):\n%s", data, diff)
	}
	var count func(any)
	count = func(v any) {
		switch x := v.(type) {
		case Raw:
			raws++
		case map[string]any:
			for _, e := range x {
				count(e)
			}
		case []any:
			for _, e := range x {
				count(e)
			}
		}
	}
	count(got)
	return raws
}

const managedPod = `{"apiVersion":"v1","kind":"List","items":[{"kind":"Pod","metadata":{"name":"p","managedFields":[
 {"manager":"kube-controller-manager","operation":"Update","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"web\"}":{".":{},"f:image":{}}}}}},
 {"manager":"kubelet","operation":"Update","subresource":"status","fieldsV1":{"f:status":{"f:phase":{}}}}]},
 "spec":{"containers":[{"name":"web","fieldsV1":{"a":1}}]}}]}`

func TestKeepRaw(t *testing.T) {
	for _, tc := range []struct {
		name string
		data string
		raws int
	}{
		{"managed fields of a listed pod", managedPod, 2},
		// Only under managedFields: a fieldsV1 key anywhere else decodes.
		{"fieldsV1 elsewhere", `{"spec":{"fieldsV1":{"f:a":{}}}}`, 0},
		{"escapes and numbers", `{"managedFields":[{"fieldsV1":{"k:{\"port\":8080}":{"v":[1,-2.5e3,"\u00e9",true,null]}}}]}`, 1},
		{"scalar fieldsV1", `{"managedFields":[{"fieldsV1":"x"}]}`, 1},
		{"broken inside fieldsV1", `{"managedFields":[{"fieldsV1":{"f:a":}}]}`, 0},
		{"control character inside fieldsV1", "{\"managedFields\":[{\"fieldsV1\":{\"f:\x01\":{}}}]}", 0},
		{"invalid UTF-8 inside fieldsV1", "{\"managedFields\":[{\"fieldsV1\":{\"f:\xff\":{}}}]}", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := checkRaw(t, []byte(tc.data)); got != tc.raws {
				t.Errorf("%d values kept raw, want %d", got, tc.raws)
			}
		})
	}
}

func FuzzKeepRaw(f *testing.F) {
	for _, s := range []string{managedPod, `{"managedFields":[{"fieldsV1":{"f:a":[1,{"b":"\ud83d\ude00"}]}}]}`, `{"managedFields":[{"fieldsV1":[1e400]}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkRaw(t, data) })
}
