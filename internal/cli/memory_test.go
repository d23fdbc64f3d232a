package cli

import (
	"strings"
	"testing"
)

// TestStreams: collect, redact and test keep Go's collector; every other
// command, and arguments that run none, get the analysis settings.
func TestStreams(t *testing.T) {
	for _, tc := range []struct {
		args string
		want bool
	}{
		{"collect -n shop", true},
		{"collect --context prod -n shop --out x.tar.gz", true},
		{"redact in.tar.gz out.tar.gz", true},
		{"redact --check b.tar.gz", true},
		{"analyze b.tar.gz", false},
		{"analyze -o json b.tar.gz", false},
		{"inspect b.tar.gz", false},
		{"test fixtures/", true},
		{"test --junit out.xml fixtures/", true},
		{"dev phases b.tar.gz", false},
		{"--help", false},
		{"", false},
		{"colect -n shop", false},
	} {
		t.Run(tc.args, func(t *testing.T) {
			if got := Streams(strings.Fields(tc.args)); got != tc.want {
				t.Errorf("Streams(%q) = %v, want %v", tc.args, got, tc.want)
			}
		})
	}
}
