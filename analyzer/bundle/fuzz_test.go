package bundle

import (
	"encoding/json"
	"errors"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// FuzzDecodeDocuments checks that no input makes the decoder panic, and
// that whatever it returns keeps its contract: every object has apiVersion,
// kind and name, numbers are int64 or float64, documents are in order.
func FuzzDecodeDocuments(f *testing.F) {
	for _, seed := range []string{
		cm("a"),
		"apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: Pod, metadata: {name: p}}\n---\n- 1\n",
		`{"kind":"PodList","apiVersion":"v1","items":[{"metadata":{"name":"x","creationTimestamp":"@now"}}]}`,
		"a: &a [1]\nb: [*a, *a]\n",
		"{",
		"apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nstatus: {phase: Nope, conditions: [{status: maybe}]}\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		objs, errs := DecodeDocuments("f.yaml", data)
		last := -1
		for _, o := range objs {
			if o.GetAPIVersion() == "" || o.GetKind() == "" || o.GetName() == "" || o.Source.File != "f.yaml" {
				t.Fatalf("object without identity: %v", o.Object)
			}
			if o.Source.Doc < last {
				t.Fatalf("doc %d after %d", o.Source.Doc, last)
			}
			last = o.Source.Doc
			assertNoJSONNumber(t, o.Object)
		}
		for _, e := range errs {
			if e.File != "f.yaml" || e.Reason == "" {
				t.Fatalf("bad load error %+v", e)
			}
		}
		// Whatever decodes must also index and summarize.
		b := New(FormatDirectory, Meta{}, objs, nil, nil, nil)
		s := Summarize(b)
		if s.Objects != len(b.Objects) {
			t.Fatalf("summary counts %d objects of %d", s.Objects, len(b.Objects))
		}
		for _, o := range b.Objects {
			b.Index.Owner(o)
		}
	})
}

func assertNoJSONNumber(t *testing.T, v any) {
	switch x := v.(type) {
	case map[string]any:
		for _, c := range x {
			assertNoJSONNumber(t, c)
		}
	case []any:
		for _, c := range x {
			assertNoJSONNumber(t, c)
		}
	case json.Number, int, float32, int32:
		t.Fatalf("number of type %T", v)
	}
}

// FuzzLoadArchive feeds arbitrary bytes to Load as an archive file, with
// small limits, and checks that it never panics, that a broken archive it
// refuses loads with Partial as an incomplete bundle, and that every path
// it reports is a clean relative path inside the bundle.
func FuzzLoadArchive(f *testing.F) {
	dir := f.TempDir()
	for _, name := range []string{"s.tar", "s.tar.gz", "s.tar.zst", "s.zip"} {
		p := archive(f, dir, name, []member{
			{name: "b/bundle.yaml", body: "apiVersion: rift.dev/v1alpha1\nkind: Bundle\n"},
			{name: "b/objects/a.yaml", body: cm("a")},
			{name: "b/logs/shop/web/app.log", body: "line\n"},
		})
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	opts := LoadOptions{MaxFileBytes: 1 << 20, MaxTotalBytes: 8 << 20, MaxEntries: 1000}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "input.archive")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		b, err := Load(p, opts)
		var ae *ArchiveError
		if errors.As(err, &ae) {
			// A broken archive is refused unless Partial; with it, what
			// was read carries a load error that makes it incomplete.
			partial := opts
			partial.Partial = true
			if b, err = Load(p, partial); err == nil && !slices.ContainsFunc(b.Errors, LoadError.Incomplete) {
				t.Fatalf("partial load of a broken archive (%v) without an incomplete error: %v", ae, b.Errors)
			}
		}
		if err != nil {
			if b != nil {
				t.Fatal("Load returned a bundle and an error")
			}
			return
		}
		for _, o := range b.Objects {
			if !cleanRel(o.Source.File) {
				t.Fatalf("object from unclean path %q", o.Source.File)
			}
		}
		for _, l := range b.Logs {
			if !cleanRel(l.File) {
				t.Fatalf("log from unclean path %q", l.File)
			}
		}
	})
}

func cleanRel(p string) bool {
	return p != "" && !path.IsAbs(p) && path.Clean(p) == p && !slices.Contains(strings.Split(p, "/"), "..")
}
