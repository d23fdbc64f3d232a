package memory

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
)

// memoryAvailable is the memory this process may use in bytes: the
// smallest of the cgroup v2 and v1 limits and the machine's total, or 0
// when none can be read (not Linux).
func memoryAvailable() int64 {
	var best int64
	consider := func(n int64) {
		if n > 0 && (best == 0 || n < best) {
			best = n
		}
	}
	consider(readLimit("/sys/fs/cgroup/memory.max"))
	consider(readLimit("/sys/fs/cgroup/memory/memory.limit_in_bytes"))
	consider(memTotal("/proc/meminfo"))
	return best
}

// readLimit reads a cgroup memory limit: a byte count, or "max" (none). A
// v1 cgroup without a limit reports a number near 2^63, which memTotal
// then undercuts.
func readLimit(path string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	n, err := strconv.ParseInt(string(bytes.TrimSpace(b)), 10, 64)
	if err != nil {
		return 0
	}
	return n
}

// memTotal reads MemTotal from /proc/meminfo ("MemTotal: 24576000 kB").
func memTotal(path string) int64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		fields := bytes.Fields(s.Bytes())
		if len(fields) == 3 && string(fields[0]) == "MemTotal:" && string(fields[2]) == "kB" {
			n, err := strconv.ParseInt(string(fields[1]), 10, 64)
			if err == nil {
				return n << 10
			}
		}
	}
	return 0
}
