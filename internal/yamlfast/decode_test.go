package yamlfast

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// decodeCases are documents of the supported subset, which Decode must
// accept, and documents outside it, which it must refuse. They seed the
// fuzz target too.
var decodeCases = []struct {
	name string
	doc  string
	ok   bool
}{
	{"mapping", "a: 1\nb: two\n", true},
	{"nested", "a:\n  b:\n    c: d\n  e: f\ng: h\n", true},
	{"kubectl sequence", "items:\n- name: a\n  value: b\n- name: c\nkind: List\n", true},
	{"indented sequence", "a:\n  - 1\n  - 2\nb: 3\n", true},
	{"nested sequences", "- - a\n  - b\n- - c\n", true},
	{"empty entries", "a:\nb:\n- \n-\nc: ~\n", true},
	{"flow empty", "a: {}\nb: []\nc:\n- {}\n- []\n", true},
	{"booleans", "a: yes\nb: No\nc: on\nd: OFF\ne: y\nf: n\ng: True\nh: false\n", true},
	{"nulls", "a: ~\nb: null\nc: Null\nd:\n", true},
	{"ints", "a: 0777\nb: 0x1F\nc: -12\nd: +7\ne: 1_000\nf: 0b101\ng: 08\nh: 0o17\n", true},
	{"big ints", "a: 9223372036854775807\nb: 9223372036854775808\nc: 18446744073709551616\nd: -9223372036854775809\n", true},
	{"floats", "a: 1.0\nb: 1e3\nc: 1.5\nd: .5\ne: -0.0\nf: 1e21\ng: 1e-7\nh: 2.\n", true},
	{"strings that look typed", "a: 10.1.0.60\nb: 1.2.3\nc: 2025-01-01\nd: 2025-01-01T10:00:00Z\ne: 1:30\nf: +\ng: .\n", true},
	{"quoted", "a: \"True\"\nb: '1'\nc: \"x\\ty\\u00e9\\x41\"\nd: 'it''s'\ne: \"\"\nf: ''\n", true},
	{"quoted keys", "\"a b\": 1\n'c': 2\n\"\": 3\n", true},
	{"multi-line double", "a: \"one two \\\n  three\\n \\\n  \\ four\"\nb: 1\n", true},
	{"multi-line folding", "a: \"one\n  two\n\n  three\"\nb: 'x\n  y'\n", true},
	{"multi-line plain", "a: one two\n  three\n\n  four\nb: c\n", true},
	{"literal", "a: |\n  line 1\n    line 2\n\n  line 3\nb: |-\n  x\n\nc: |+\n  y\n\n\nd: z\n", true},
	{"literal indicator", "a: |2\n    x\n  y\nb: |-1\n  z\n", true},
	{"literal at end", "a: |\n  x", true},
	{"literal empty", "a: |\nb: |-\n", true},
	{"literal in sequence", "- |\n  a\n  b\n- k: |\n    c\n", true},
	{"comments", "# head\na: 1 # one\n# mid\nb: # two\n  c: d#e\n...\n# tail\n", true},
	{"indented document", "  a: 1\n  b: 2\n", true},
	{"colons and hashes", "a: http://x/y#z\nb: c:d\nurl: 'a: b'\n", true},
	{"dash values", "a: -1\nb: --flag\nc:\n- -x\n", true},
	{"unicode", "a: héllo wörld\nb: \"\\u263A\"\n", true},
	{"empty mapping document", "{}\n", true},
	{"empty sequence document", "--- # start\n[] # none\n...\n", true},
	{"anchor", "a: &x 1\nb: *x\n", false},
	{"tag", "a: !!str 1\n", false},
	{"flow", "a: {b: 1}\n", false},
	{"folded", "a: >\n  one\n  two\n\n  three\n    indented\n  four\nb: >-\n  x\n  y\nc: >+\n  z\n\n", true},
	{"folded after blank", "- >\n\n  a\n  b\n\n\n  c\n", true},
	{"duplicate", "a: 1\na: 2\n", false},
	{"tab indent", "a:\n\tb: 1\n", false},
	{"tab separator", "a:\tb\n", false},
	{"bool key", "true: 1\n", false},
	{"int key", "1: a\n", false},
	{"merge", "<<: {}\n", false},
	{"complex key", "? a\n: b\n", false},
	{"infinity", "a: .inf\n", false},
	{"scalar document", "hello\n", false},
	{"mapping in value", "a: b: c\n", false},
	{"bad indentation", "a:\n    b: 1\n  c: 2\n", false},
	{"crlf", "a: 1\r\nb: 2\r\n", false},
	{"control", "a: \x01\n", false},
	{"unterminated", "a: \"x\n", false},
	{"bad escape", "a: \"\\q\"\n", false},
	{"content after end", "a: 1\n...\nb: 2\n", false},
	{"plain then deeper", "a: b # c\n  d\n", false},
}

// TestDecode checks decodeCases against the generic path.
func TestDecode(t *testing.T) {
	for _, tt := range decodeCases {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := NewDecoder().Decode(tt.doc)
			if ok != tt.ok {
				t.Fatalf("Decode accepted = %v, want %v (value %#v)", ok, tt.ok, got)
			}
			if !ok {
				return
			}
			want, err := slow(tt.doc)
			if err != nil {
				t.Fatalf("accepted a document the generic path refuses: %v", err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Decode (-want +got):\n%s", diff)
			}
		})
	}
}
