package memory_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	_ "github.com/rift-dev/rift/internal/cli" // rift's packages and their init
	"github.com/rift-dev/rift/internal/memory"
)

// TestMain doubles as the child of TestAdviseHugePages: a process that
// starts as rift does (its packages' init, which the import of
// internal/cli brings in, then Batch's collector and the advice) and
// reports its resident memory.
func TestMain(m *testing.M) {
	if mode := os.Getenv("RIFT_TEST_ADVISE_MODE"); mode != "" {
		memory.BatchCollector()
		before := statusKiB(nil, "VmHWM:")
		base, n := memory.AdviseHugePagesFrom(mode)
		fmt.Printf("%d %d %d %d\n", before, statusKiB(nil, "VmHWM:"), base, n)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestAdviseHugePages: the advice covers a large heap range and costs no
// memory. The runtime clears a block that reuses pages freed before (start-
// up leaves some); had the advised block been cleared, the process would
// hold all of it, gigabytes, and take most of a minute. That happened in
// about half the starts before the pad (adviseHugePages), so the test
// starts several processes.
func TestAdviseHugePages(t *testing.T) {
	mode := filepath.Join(t.TempDir(), "enabled")
	if err := os.WriteFile(mode, []byte("always [madvise] never\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		cmd := exec.Command(os.Args[0], "-test.run", "^$")
		cmd.Env = append(os.Environ(), "RIFT_TEST_ADVISE_MODE="+mode)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("child %d: %v", i, err)
		}
		var before, after int64
		var base, n uintptr
		if _, err := fmt.Sscan(string(out), &before, &after, &base, &n); err != nil {
			t.Fatalf("child %d: %q: %v", i, out, err)
		}
		if grown := after - before; grown > 64<<10 {
			t.Errorf("child %d: peak resident memory grew by %d MiB: the advised block was touched", i, grown>>10)
		}
		if n < 64<<20 {
			t.Errorf("child %d: advised %d bytes, want at least 64 MiB", i, n)
		}
	}
	// In this process: the advice reaches the kernel.
	base, n := memory.AdviseHugePagesFrom(mode)
	if _, err := os.Stat(memory.THPEnabled); err != nil {
		t.Logf("no transparent huge pages here (%v): the kernel's flags were not checked", err)
		return
	}
	if got := hugeAdvised(t, base, n); got < n/2 {
		t.Errorf("smaps: %d of %d advised bytes carry the hg flag", got, n)
	}
}

// TestAdviseHugePagesOff: RIFT_HUGEPAGES=0 and a kernel mode other than
// madvise leave the heap alone.
func TestAdviseHugePagesOff(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"always": "[always] madvise never\n", "never": "always madvise [never]\n"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, n := memory.AdviseHugePagesFrom(p); n != 0 {
			t.Errorf("mode %s: advised %d bytes", name, n)
		}
	}
	t.Setenv("RIFT_HUGEPAGES", "0")
	p := filepath.Join(dir, "madvise")
	if err := os.WriteFile(p, []byte("always [madvise] never\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, n := memory.AdviseHugePagesFrom(p); n != 0 {
		t.Errorf("RIFT_HUGEPAGES=0: advised %d bytes", n)
	}
}

// statusKiB is a memory figure of /proc/self/status (VmRSS:, VmHWM: for
// the peak); it panics when t is nil and the figure cannot be read.
func statusKiB(t *testing.T, field string) int64 {
	fail := func(err error) {
		if t == nil {
			panic(err)
		}
		t.Helper()
		t.Fatal(err)
	}
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		fail(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == field {
			n, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				fail(err)
			}
			return n
		}
	}
	fail(errors.New("/proc/self/status: no " + field))
	return 0
}

// hugeAdvised is how many bytes of [base, base+n) lie in mappings whose
// VmFlags include hg (MADV_HUGEPAGE).
func hugeAdvised(t *testing.T, base, n uintptr) uintptr {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lo, hi, total uintptr
	s := bufio.NewScanner(f)
	for s.Scan() {
		l := s.Text()
		if r, _, ok := strings.Cut(l, " "); ok && strings.Contains(r, "-") && !strings.HasSuffix(r, ":") {
			a, b, _ := strings.Cut(r, "-")
			x, err1 := strconv.ParseUint(a, 16, 64)
			y, err2 := strconv.ParseUint(b, 16, 64)
			if err1 == nil && err2 == nil {
				lo, hi = uintptr(x), uintptr(y)
			}
			continue
		}
		if strings.HasPrefix(l, "VmFlags:") && strings.Contains(l, " hg") {
			if a, b := max(lo, base), min(hi, base+n); a < b {
				total += b - a
			}
		}
	}
	return total
}
