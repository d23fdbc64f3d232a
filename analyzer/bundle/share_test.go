package bundle

import (
	"os"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// TestShareSameObjects: a bundle loaded with Share holds the same objects
// and load errors as one loaded without, in fewer containers. The corpus's
// must-gather is a real cluster's, so its ratio is what sharing saves on
// real data.
func TestShareSameObjects(t *testing.T) {
	tests := []struct {
		name string
		path string
		// minSaved is the least share of distinct containers sharing must
		// save.
		minSaved float64
	}{
		{"must-gather", corpus(t, "must-gather-clean/test/files/must-gather-metal.tar.xz"), 0.5},
		// Its pods' field-ownership sets, which repeat from pod to pod, are
		// text (jsonfast.KeepRaw), shared whole and not counted here.
		{"troubleshoot", corpus(t, "troubleshoot/pkg/analyze/files"), 0.4},
		{"benchgen-1k", filepath.Join("testdata", "benchgen-1k.tar.gz"), 0.3},
		{"rift-shop", filepath.Join("testdata", "rift-shop"), 0.1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plain, err := Load(tt.path, LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			shared, err := Load(tt.path, LoadOptions{Share: true})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(objectContents(plain), objectContents(shared)); diff != "" {
				t.Errorf("objects differ (-plain +shared):\n%s", diff)
			}
			if diff := cmp.Diff(plain.Errors, shared.Errors); diff != "" {
				t.Errorf("load errors differ (-plain +shared):\n%s", diff)
			}
			before, after := containers(plain), containers(shared)
			t.Logf("%d containers plain, %d shared", before, after)
			if saved := 1 - float64(after)/float64(before); saved < tt.minSaved {
				t.Errorf("%d containers plain, %d shared: saved %.2f, want at least %.2f", before, after, saved, tt.minSaved)
			}
			tops := map[unsafe.Pointer]bool{}
			for _, o := range shared.Objects {
				if p := mapPointer(o.Object); tops[p] {
					t.Fatalf("%v: top-level map shared with another object", o.Source)
				} else {
					tops[p] = true
				}
			}
		})
	}
}

// TestShareAfterSanitizing: sharing runs after the decoder has blanked
// Secret values, so an equal ConfigMap keeps its data and the Secret's
// value is never reachable; the identical containers lists of two pods are
// one list.
func TestShareAfterSanitizing(t *testing.T) {
	dir := t.TempDir()
	docs := `apiVersion: v1
kind: ConfigMap
metadata: {name: a, namespace: shop}
data:
  password: aHVudGVyMg==
---
apiVersion: v1
kind: Secret
metadata: {name: a, namespace: shop}
data:
  password: aHVudGVyMg==
---
apiVersion: v1
kind: Pod
metadata: {name: p1, namespace: shop}
spec:
  containers:
  - {name: web, image: "shop/web:1"}
---
apiVersion: v1
kind: Pod
metadata: {name: p2, namespace: shop}
spec:
  containers:
  - {name: web, image: "shop/web:1"}
`
	if err := os.WriteFile(filepath.Join(dir, "objects.yaml"), []byte(docs), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := Load(dir, LoadOptions{Share: true})
	if err != nil {
		t.Fatal(err)
	}
	get := func(kind, name string) *Object {
		for _, o := range b.Objects {
			if o.GetKind() == kind && o.GetName() == name {
				return o
			}
		}
		t.Fatalf("no %s %s in %v", kind, name, b.Errors)
		return nil
	}
	cm, sec := get("ConfigMap", "a"), get("Secret", "a")
	if got := cm.Object["data"].(map[string]any)["password"]; got != "aHVudGVyMg==" {
		t.Errorf("ConfigMap data = %v, want its own value", got)
	}
	if got := sec.Object["data"].(map[string]any)["password"]; got != RedactedValue {
		t.Errorf("Secret data = %v, want %s", got, RedactedValue)
	}
	c1 := get("Pod", "p1").Object["spec"].(map[string]any)
	c2 := get("Pod", "p2").Object["spec"].(map[string]any)
	if mapPointer(c1) != mapPointer(c2) {
		t.Error("the pods' equal specs are two maps, want one")
	}
}

// objectContents is what a loaded object is, without its identity.
func objectContents(b *Bundle) []any {
	out := make([]any, len(b.Objects))
	for i, o := range b.Objects {
		out[i] = []any{o.Source.File, o.Source.Doc, o.Object}
	}
	return out
}

// containers counts the distinct maps and non-empty lists the objects
// reach.
func containers(b *Bundle) int {
	seen := map[unsafe.Pointer]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if p := mapPointer(x); !seen[p] {
				seen[p] = true
				for _, e := range x {
					walk(e)
				}
			}
		case []any:
			if len(x) == 0 {
				return
			}
			if p := unsafe.Pointer(unsafe.SliceData(x)); !seen[p] {
				seen[p] = true
				for _, e := range x {
					walk(e)
				}
			}
		}
	}
	for _, o := range b.Objects {
		walk(o.Object)
	}
	return len(seen)
}
