package cli

import (
	"io"
	"strings"
	"testing"

	"github.com/rift-dev/rift/internal/memory"
)

// TestMemoryPolicy: the commands that build one analysis run under the
// batch policy, the servers under the resident one; every other command,
// and arguments that run none, keep Go's collector settings.
func TestMemoryPolicy(t *testing.T) {
	for _, tc := range []struct {
		args   string
		steady bool
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
		{"dev gen-bundle --objects 10 --out x.tgz", true},
		{"diff a.tgz b.tgz", false},
		{"timeline b.tgz", false},
		{"verify b.tgz", false},
		{"policy list", true},
		{"--help", true},
		{"", true},
		{"colect -n shop", true},
	} {
		t.Run(tc.args, func(t *testing.T) {
			want := memory.Batch
			if tc.steady {
				want = memory.Steady
			}
			if got := MemoryPolicy(strings.Fields(tc.args)); got != want {
				t.Errorf("MemoryPolicy(%q) = %v, want %v", tc.args, got, want)
			}
		})
	}
}

// TestResidentPolicy: the servers hold one bundle while they answer and
// run under the resident policy.
func TestResidentPolicy(t *testing.T) {
	for _, args := range []string{"serve b.tgz", "serve --kubeconfig kc a.tgz b.tgz", "shell b.tgz", "shell ./bundles/"} {
		t.Run(args, func(t *testing.T) {
			if got := MemoryPolicy(strings.Fields(args)); got != memory.Resident {
				t.Errorf("MemoryPolicy(%q) = %v, want %v", args, got, memory.Resident)
			}
		})
	}
}

// TestBatchCommandsExist: a renamed command must not silently lose the
// analysis or server settings.
func TestBatchCommandsExist(t *testing.T) {
	root := NewRootCommand(io.Discard, io.Discard)
	for _, paths := range []map[string]bool{batchCommands, residentCommands} {
		for path := range paths {
			args := strings.Fields(path)[1:]
			cmd, _, err := root.Find(args)
			if err != nil || cmd.CommandPath() != path {
				t.Errorf("command %q is not in the command tree", path)
			}
		}
	}
}
