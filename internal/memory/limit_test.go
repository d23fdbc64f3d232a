package memory

import (
	"os"
	"path/filepath"
	"testing"
)

func TestMemoryReaders(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name string
		got  int64
		want int64
	}{
		{"cgroup v2 limit", readLimit(write("v2", "2147483648\n")), 2 << 30},
		{"cgroup v2 unlimited", readLimit(write("v2max", "max\n")), 0},
		{"cgroup file missing", readLimit(filepath.Join(dir, "absent")), 0},
		{"meminfo", memTotal(write("meminfo", "MemFree:  100 kB\nMemTotal:       24576000 kB\n")), 24576000 << 10},
		{"meminfo without total", memTotal(write("meminfo2", "MemFree:  100 kB\n")), 0},
		{"meminfo garbage", memTotal(write("meminfo3", "MemTotal: lots kB\n")), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %d, want %d", tc.got, tc.want)
			}
		})
	}
}
