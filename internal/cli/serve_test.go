package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/pflag"
)

// TestServeStopsCleanly runs rift serve until its context ends (what
// SIGINT and SIGTERM do through signal.NotifyContext) and checks that it
// printed the export line, answered nothing it should not, returned nil
// and removed the kubeconfig it put in a temporary directory.
func TestServeStopsCleanly(t *testing.T) {
	o := &serveOptions{}
	fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
	addLoadFlags(fs, &o.load)
	o.address = "127.0.0.1:0"
	written := make(chan string, 1)
	o.ready = func(kc string) { written <- kc }
	if err := o.Complete([]string{"../../fixtures/kafka-stale-probe"}); err != nil {
		t.Fatal(err)
	}
	if err := o.Validate(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- o.Run(ctx, &out, &errOut) }()
	var kc string
	select {
	case kc = <-written:
	case err := <-done:
		t.Fatalf("Run returned before serving: %v", err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if !strings.Contains(out.String(), "export KUBECONFIG="+kc+"\n") {
		t.Errorf("stdout %q lacks the export line", out.String())
	}
	for _, want := range []string{"context rift-test: ../../fixtures/kafka-stale-probe", "captured 2026-11-29T20:02:50Z", "from each bundle's capture time", "rift serve: stopped"} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("banner lacks %q:\n%s", want, errOut.String())
		}
	}
	if _, err := os.Stat(filepath.Dir(kc)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("temporary kubeconfig directory left behind: %v", err)
	}
}

// TestServeRefusesNonLoopback checks that a non-loopback address is a
// usage error before anything loads.
func TestServeRefusesNonLoopback(t *testing.T) {
	var out, errOut bytes.Buffer
	code := Execute([]string{"serve", "--address", "0.0.0.0:8443", "../../fixtures/kafka-stale-probe"}, &out, &errOut)
	if code != ExitUsage || !strings.Contains(errOut.String(), "only loopback") {
		t.Errorf("exit %d, stderr %q; want %d and a loopback message", code, errOut.String(), ExitUsage)
	}
}

// TestServeBundlesIn checks which directories stand for several bundles.
func TestServeBundlesIn(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"before", "after"} {
		if err := os.CopyFS(filepath.Join(dir, f), os.DirFS("../../fixtures/kafka-stale-probe")); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name, path string
		want       []string
	}{
		{"several bundles", dir, []string{filepath.Join(dir, "after"), filepath.Join(dir, "before")}},
		{"a recorded incident", "../../fixtures/kafka-stale-probe", []string{"../../fixtures/kafka-stale-probe"}},
		{"a directory of objects", "../../fixtures/kafka-stale-probe/bundle/objects", []string{"../../fixtures/kafka-stale-probe/bundle/objects"}},
		{"a file", "../../go.mod", []string{"../../go.mod"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, bundlesIn(tc.path)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	if got := bundlesIn("../../fixtures"); len(got) < 30 || got[0] != "../../fixtures/apply-rejected" {
		t.Errorf("fixtures/: %d bundles from %v, want every recorded incident", len(got), got[:min(len(got), 1)])
	}
}

// TestShell runs rift shell with a $SHELL that checks the kubeconfig it
// is handed and exits 7: the server is up while it runs, the exit code is
// the shell's, and the kubeconfig is gone afterwards.
func TestShell(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "shell")
	body := "#!/bin/sh\ngrep -q 'server: https://127.0.0.1:' \"$KUBECONFIG\" || exit 1\necho \"$KUBECONFIG\" > " + filepath.Join(dir, "seen") + "\nexit 7\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SHELL", script)
	var out, errOut bytes.Buffer
	code := Execute([]string{"shell", "../../fixtures/kafka-stale-probe"}, &out, &errOut)
	if code != 7 {
		t.Fatalf("exit %d, want the shell's 7; stderr:\n%s", code, errOut.String())
	}
	seen, err := os.ReadFile(filepath.Join(dir, "seen"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(strings.TrimSpace(string(seen))); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("kubeconfig %s left behind: %v", seen, err)
	}
}
