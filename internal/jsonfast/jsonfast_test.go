package jsonfast

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	kjson "sigs.k8s.io/json"

	"github.com/rift-dev/rift/internal/spare"
)

// generic is the path Decode shadows.
func generic(data []byte) (any, error) {
	var v any
	err := kjson.UnmarshalCaseSensitivePreserveInts(data, &v)
	return v, err
}

// check holds Decode to its contract on data: when it accepts, its value
// equals the generic path's; when the generic path fails, it refuses.
func check(t *testing.T, d *Decoder, data []byte) (accepted bool) {
	t.Helper()
	want, err := generic(data)
	got, ok := d.Decode(data)
	switch {
	case ok && err != nil:
		t.Fatalf("Decode(%q) accepted what the generic path refuses (%v): %#v", data, err, got)
	case ok:
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("Decode(%q) (-generic +fast):\n%s", data, diff)
		}
	}
	return ok
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name string
		in   string
		ok   bool
	}{
		{"object", `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a","labels":{}}}`, true},
		{"list", `{"kind":"PodList","items":[{"a":1},{"b":[]}]}`, true},
		{"indented", "{\n  \"a\": [\n    1,\n    2\n  ]\n}\n", true},
		{"ints", `[0,-0,1,-1,9223372036854775807,-9223372036854775808]`, true},
		{"int overflow is a float", `[9223372036854775808]`, true},
		{"floats", `[1.0,1.5,-0.25,1e3,1E-3,2.5e+10]`, true},
		{"literals", `[true,false,null]`, true},
		{"escapes", `["a\"b\\c\/d\b\f\n\r\t","\u00e9\u4e2d","\ud83d\ude00","\ud83d","\ude00x"]`, true},
		{"utf8", `["héllo 中文 😀"]`, true},
		{"duplicate key: last wins", `{"a":1,"a":2}`, true},
		{"escaped key", `{"a\nb":1}`, true},
		{"long strings are copied", `{"message":"` + string(make([]byte, 0)) + `0123456789012345678901234567890123456789"}`, true},
		{"empty", ``, false},
		{"trailing data", `{} {}`, false},
		{"trailing comma", `[1,]`, false},
		{"leading zero", `[01]`, false},
		{"bad escape", `["\x"]`, false},
		{"control character", "[\"a\tb\"]", false},
		{"invalid utf-8", "[\"\xff\"]", false},
		{"unterminated", `{"a":`, false},
		{"float overflow", `[1e400]`, false},
		{"bare word", `[nul]`, false},
		{"single quotes", `['a']`, false},
	}
	d := NewDecoder()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := check(t, d, []byte(tt.in)); got != tt.ok {
				t.Errorf("Decode(%q) ok = %v, want %v", tt.in, got, tt.ok)
			}
		})
	}
}

// TestDecodeCorpus decodes the real JSON files in testdata/corpus (kubectl
// output, troubleshoot Lists, must-gather, Argo and Flux objects) and
// requires each to be accepted and equal to the generic path.
func TestDecodeCorpus(t *testing.T) {
	d := NewDecoder()
	n := 0
	err := filepath.WalkDir("../../testdata/corpus", func(path string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || filepath.Ext(path) != ".json" {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if _, gerr := generic(data); gerr != nil {
			return nil // not one JSON value: the caller's stream path
		}
		n++
		if !check(t, d, data) {
			t.Errorf("%s: refused a file the generic path decodes", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no JSON file found in testdata/corpus")
	}
	t.Logf("%d files", n)
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"a":[1,2.5,"x",true,null,{}]}`, `["\ud83d\ude00"]`, `{"a":1,"a":2}`, `[1e400]`, "[\"\xff\"]"} {
		f.Add([]byte(s))
	}
	d, maps := NewDecoder(), &spare.Maps{}
	d.UseSpare(maps)
	f.Fuzz(func(t *testing.T, data []byte) {
		if check(t, d, data) {
			// Decoding again into the maps of the first result gives the
			// same value.
			first, _ := d.Decode(data)
			want, _ := generic(data)
			putAll(maps, first)
			again, _ := d.Decode(data)
			if diff := cmp.Diff(want, again); diff != "" {
				t.Fatalf("Decode(%q) into reused maps (-want +got):\n%s", data, diff)
			}
		}
	})
}

// putAll hands every map inside v to maps, innermost first.
func putAll(maps *spare.Maps, v any) {
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			putAll(maps, e)
		}
		maps.Put(x)
	case []any:
		for _, e := range x {
			putAll(maps, e)
		}
	}
}
