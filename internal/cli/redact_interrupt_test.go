package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/benchgen"
)

// genBundle writes a generated bundle of n objects, large enough that
// redacting it takes a while.
func genBundle(t *testing.T, n int) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "in.tar.gz")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := benchgen.Write(f, benchgen.Config{Objects: n, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

// child is rift running as a process of its own, with its own TMPDIR.
type child struct {
	cmd    *exec.Cmd
	stderr bytes.Buffer
	tmp    string
	done   chan struct{}
	err    error
}

func startChild(t *testing.T, args ...string) *child {
	t.Helper()
	c := &child{tmp: t.TempDir(), done: make(chan struct{})}
	c.cmd = exec.Command(os.Args[0], args...)
	c.cmd.Env = append(os.Environ(), childEnv+"=1", "TMPDIR="+c.tmp)
	c.cmd.Stderr = &c.stderr
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.err = c.cmd.Wait(); close(c.done) }()
	t.Cleanup(func() { c.cmd.Process.Kill(); <-c.done })
	return c
}

// waitFor polls until cond holds or the child exits; it reports whether
// cond held.
func (c *child) waitFor(cond func() bool) bool {
	for {
		if cond() {
			return true
		}
		select {
		case <-c.done:
			return cond()
		case <-time.After(2 * time.Millisecond):
		}
	}
}

// exitCode waits for the child and returns its exit code.
func (c *child) exitCode(t *testing.T) int {
	t.Helper()
	<-c.done
	if ee, ok := c.err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if c.err != nil {
		t.Fatal(c.err)
	}
	return 0
}

// partial returns the staged output of target in dir, if any.
func partial(dir, target string) string {
	m, _ := filepath.Glob(filepath.Join(dir, "."+target+".partial-*"))
	if len(m) == 0 {
		return ""
	}
	return m[0]
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

// TestRedactInterrupted sends SIGINT to a running rift redact at several
// points: while it loads IN, while it writes, while it checks its output.
// Interrupted, it exits 130 and leaves no output, staged output or spool;
// a run the signal reached only after its output was complete leaves that
// output whole.
func TestRedactInterrupted(t *testing.T) {
	in := genBundle(t, 3000)
	for _, tc := range []struct {
		name, out string
		// at reports, given the staged output (if any) and the child's
		// TMPDIR, whether the point to interrupt at is reached.
		at func(staged, tmp string) bool
		// mayFinish is set where the run can be past its last check for
		// the signal (a finished output is then whole).
		mayFinish bool
	}{
		{"archive, loading", "out.tgz", func(s, _ string) bool { return s != "" }, false},
		{"directory, loading", "out", func(s, _ string) bool { return s != "" }, false},
		{"archive, spooling", "out.tgz", func(_, tmp string) bool {
			m, _ := filepath.Glob(filepath.Join(tmp, "rift-bundle-spool-*"))
			return len(m) > 0
		}, false},
		{"directory, writing", "out", func(s, _ string) bool { return s != "" && exists(filepath.Join(s, "objects")) }, false},
		{"directory, checking", "out", func(s, _ string) bool { return s != "" && exists(filepath.Join(s, "bundle.yaml")) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			c := startChild(t, "redact", in, filepath.Join(dir, tc.out))
			reached := c.waitFor(func() bool { return tc.at(partial(dir, tc.out), c.tmp) })
			if reached {
				c.cmd.Process.Signal(os.Interrupt)
			}
			code := c.exitCode(t)
			switch {
			case !reached && !tc.mayFinish:
				t.Fatalf("exited %d before the point was reached: %s", code, c.stderr.String())
			case code == ExitInterrupted:
				if !strings.Contains(c.stderr.String(), "interrupted") {
					t.Errorf("stderr does not say interrupted: %s", c.stderr.String())
				}
				if diff := cmp.Diff([]string{"."}, listTree(t, dir)); diff != "" {
					t.Errorf("output directory after interrupt (-want +got):\n%s", diff)
				}
			case code == ExitOK && tc.mayFinish:
				b, err := bundle.Load(filepath.Join(dir, tc.out), bundle.LoadOptions{})
				if err != nil || len(b.Errors) > 0 {
					t.Errorf("finished output not whole: %v %v", err, b.Errors)
				}
			default:
				t.Fatalf("exit %d, want %d: %s", code, ExitInterrupted, c.stderr.String())
			}
			if diff := cmp.Diff([]string{"."}, listTree(t, c.tmp)); diff != "" {
				t.Errorf("TMPDIR after the run (-want +got):\n%s", diff)
			}
		})
	}
}
