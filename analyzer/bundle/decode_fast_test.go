package bundle

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rift-dev/rift/internal/yamlfast"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// TestFastYAMLMatchesSlow is the differential test of internal/yamlfast:
// every YAML document of the shared corpus (archives included), the
// fixture bundles, the packages' testdata and a generated benchmark bundle
// is decoded by yamlfast and by the generic path, and wherever yamlfast
// accepts one the values must be equal. The split into documents must equal
// utilyaml's too. How many documents took the fast path is logged; for
// generated and fixture bundles it must be nearly all.
func TestFastYAMLMatchesSlow(t *testing.T) {
	fixtures, err := filepath.Glob(filepath.Join("..", "..", "fixtures", "*", "bundle"))
	if err != nil || len(fixtures) == 0 {
		t.Fatalf("no fixture bundles: %v", err)
	}
	testdata, err := filepath.Glob(filepath.Join("..", "*", "testdata"))
	if err != nil || len(testdata) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	tests := []struct {
		name  string
		roots []string
		// minRate is the share of documents the fast path must take: nearly
		// all of what collectors and generators write, less of hand-written
		// test inputs, which favour flow style.
		minRate float64
	}{
		{"corpus", []string{corpus(t, ".")}, 0.95},
		{"fixtures", fixtures, 0.99},
		{"testdata", testdata, 0.5},
		{"benchgen", []string{filepath.Join("testdata", "benchgen-1k.tar.gz")}, 0.99},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var docs, fast int
			dec := yamlfast.NewDecoder()
			eachYAMLFile(t, tt.roots, func(name string, data []byte) {
				checkSplit(t, name, data)
				for doc, err := range readerDocuments(data) {
					if err != nil || isBlankText(doc) {
						continue
					}
					docs++
					got, ok := dec.Decode(doc)
					if !ok {
						continue
					}
					fast++
					want, err := slowYAML(doc)
					if err != nil {
						t.Errorf("%s: fast path accepted a document the generic path refuses (%v):\n%s", name, err, doc)
						continue
					}
					if diff := cmp.Diff(want, got); diff != "" {
						t.Errorf("%s: fast path differs (-want +got):\n%s", name, diff)
					}
				}
			})
			rate := float64(fast) / float64(max(docs, 1))
			t.Logf("%s: fast path took %d of %d documents (%.1f%%)", tt.name, fast, docs, 100*rate)
			if docs == 0 || rate < tt.minRate {
				t.Errorf("fast path took %d of %d documents, want at least %.0f%%", fast, docs, 100*tt.minRate)
			}
		})
	}
}

// checkSplit compares yamlDocuments with utilyaml's reader on one file.
func checkSplit(t *testing.T, name string, data []byte) {
	t.Helper()
	if strings.ContainsRune(string(data), '\r') {
		return // such files are split by the reader itself
	}
	type part struct{ Doc, Err string }
	collect := func(docs func(func(string, error) bool)) (parts []part) {
		for doc, err := range docs {
			p := part{Doc: doc}
			if err != nil {
				p.Err = err.Error()
			}
			parts = append(parts, p)
		}
		return parts
	}
	want := collect(readerDocuments(data))
	got := collect(yamlDocuments(string(data)))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s: split differs from utilyaml (-want +got):\n%s", name, diff)
	}
}

// slowYAML is the generic path the loader falls back to.
func slowYAML(doc string) (any, error) {
	js, err := yaml.YAMLToJSON([]byte(doc))
	if err != nil {
		return nil, err
	}
	var v any
	err = kjson.UnmarshalCaseSensitivePreserveInts(js, &v)
	return v, err
}

// eachYAMLFile calls fn for every .yaml or .yml file under the roots,
// folders or archives, reading the members of archives met on the way.
func eachYAMLFile(t *testing.T, roots []string, fn func(name string, data []byte)) {
	t.Helper()
	for _, root := range roots {
		eachYAMLFileIn(t, root, fn)
	}
}

func eachYAMLFileIn(t *testing.T, root string, fn func(name string, data []byte)) {
	t.Helper()
	isYAML := func(p string) bool {
		ext := strings.ToLower(filepath.Ext(p))
		return ext == ".yaml" || ext == ".yml"
	}
	isArchive := func(p string) bool {
		return slices.ContainsFunc([]string{".tar.gz", ".tgz", ".tar.xz", ".tar"}, func(s string) bool { return strings.HasSuffix(p, s) })
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == "fuzz":
			return filepath.SkipDir // inputs for the fuzzers, not YAML
		case d.IsDir():
			return nil
		case isArchive(p):
			readArchive(t, p, func(name string, data []byte) {
				if isYAML(name) {
					fn(p+"!"+name, data)
				}
			})
		case isYAML(p):
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			fn(p, data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// readArchive calls fn for every regular member of an archive.
func readArchive(t testing.TB, p string, fn func(name string, data []byte)) {
	t.Helper()
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	a := &archiveSource{file: p, lim: limiter{opts: LoadOptions{}.withDefaults(), compressed: max(fi.Size(), 1)}}
	entries, _, err := a.list()
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	want := map[string]bool{}
	for _, e := range entries {
		want[e.path] = true
	}
	err = a.read(want, func(name string, data []byte, err error) {
		if err != nil {
			t.Errorf("%s!%s: %v", p, name, err)
			return
		}
		fn(name, data)
	})
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
}

// TestYAMLDocumentsSplitLikeReader checks the document split on the edge
// cases of utilyaml's reader: a marker opening the file is kept, markers
// with comments, consecutive markers, a last line without "\n", and the
// error for text after the dashes.
func TestYAMLDocumentsSplitLikeReader(t *testing.T) {
	for _, text := range []string{
		"",
		"a: 1",
		"---\na: 1\n",
		"--- # first\na: 1\n--- # second\nb: 2\n...\n",
		"a: 1\n---\n---\nb: 2\n---\n",
		"a: 1\n--- x\nb: 2\n",
		"a: |\n  x\n---",
		"a: 1\n----\nb: 2\n",
		"---\t\na: 1\n",
	} {
		t.Run(text, func(t *testing.T) { checkSplit(t, "text", []byte(text)) })
	}
}

// FuzzYAMLDocumentsSplitLikeReader holds the document split to utilyaml's
// reader on any text.
func FuzzYAMLDocumentsSplitLikeReader(f *testing.F) {
	for _, seed := range []string{"a: 1\n---\nb: 2", "---\n--- # c\n...\n", "x\n---y\n"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) { checkSplit(t, "text", []byte(text)) })
}
