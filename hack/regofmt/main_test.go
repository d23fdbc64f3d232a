package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFormatFile: a file is rewritten in opa fmt form when that keeps its
// rules, and left as it is, with an error, when OPA's formatter would
// garble it (a one-line else-chain).
func TestFormatFile(t *testing.T) {
	tests := []struct {
		name, src, want string
		fails           bool
	}{
		{
			name: "reformatted",
			src:  "package p\n\nallow if {\n  input.x == 1\n}\n",
			want: "package p\n\nallow if {\n\tinput.x == 1\n}\n",
		},
		{
			name:  "one-line else-chain",
			src:   "package p\n\nf(d) := \"a\" if regex.match(`x`, d)\n\nelse := \"b\" if regex.match(`y`, d)\n\nelse := \"c\"\n",
			fails: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := filepath.Join(t.TempDir(), "p.rego")
			if err := os.WriteFile(name, []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			err := formatFile(name)
			if (err != nil) != tt.fails {
				t.Fatalf("formatFile: %v, want failure %v", err, tt.fails)
			}
			got, _ := os.ReadFile(name)
			want := tt.want
			if tt.fails {
				want = tt.src
			}
			if string(got) != want {
				t.Errorf("file is\n%s\nwant\n%s", got, want)
			}
		})
	}
}
