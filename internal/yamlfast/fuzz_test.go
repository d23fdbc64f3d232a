package yamlfast

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/internal/spare"
)

// FuzzFastYAMLMatchesSlow checks the decoder's contract on any input: it
// never panics, and whatever it accepts, the generic path decodes to the
// same value, also when it decodes into maps handed back with Reuse.
// Seeds are the TestDecode documents and testdata/fuzz.
func FuzzFastYAMLMatchesSlow(f *testing.F) {
	for _, seed := range []string{
		"apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels:\n    app: a\nspec:\n  containers:\n  - name: c\n    args:\n    - --x=1\n",
		"a: \"one \\\n  two\"\nb: 'x\n\n  y'\nc: |2-\n    z\n",
		"- - 1\n  - 0x1F\n- k: yes\n  v: 1e3\n",
		"a: one\n  two\n\n  three # c\nb: ~\n",
	} {
		f.Add(seed)
	}
	for _, c := range decodeCases {
		f.Add(c.doc)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		d, maps := NewDecoder(), &spare.Maps{}
		d.UseSpare(maps)
		got, ok := d.Decode(doc)
		if !ok {
			if got != nil {
				t.Fatalf("refused document returned %#v", got)
			}
			return
		}
		want, err := slow(doc)
		if err != nil {
			t.Fatalf("accepted a document the generic path refuses (%v): %q", err, doc)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("Decode(%q) (-want +got):\n%s", doc, diff)
		}
		reuseAll(maps, got)
		again, ok := d.Decode(doc)
		if diff := cmp.Diff(want, again); !ok || diff != "" {
			t.Fatalf("Decode(%q) into reused maps: ok %v (-want +got):\n%s", doc, ok, diff)
		}
	})
}

// reuseAll hands every map inside v back to maps, innermost first.
func reuseAll(maps *spare.Maps, v any) {
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			reuseAll(maps, e)
		}
		maps.Put(x)
	case []any:
		for _, e := range x {
			reuseAll(maps, e)
		}
	}
}
