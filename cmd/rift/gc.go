package main

import (
	"bufio"
	"bytes"
	"os"
	"runtime/debug"
	"strconv"
)

// fallbackGCPercent is the collector's target when the machine's memory
// cannot be read (and so no memory limit can be set).
const fallbackGCPercent = 400

// tuneGC replaces Go's default collector settings (GOGC=100, no limit)
// unless the user set GOGC, for the commands that build an analysis (main
// leaves streaming ones alone). An analysis is a short batch process whose
// heap mostly grows until the report is written, so most collections free
// little, and collecting at the default target cost 10–30 % more time
// (docs/performance.md); analyze collects once of its own accord, before
// the rules (analyzer.Options). So rift collects only when memory runs short: no
// proportional target, and a soft limit of three quarters of the memory it
// may use (the cgroup's limit, else the machine's), or GOMEMLIMIT when the
// user set one. Past the limit the runtime collects as often as it must and
// exceeds the limit rather than fail.
func tuneGC() {
	if os.Getenv("GOGC") != "" {
		return
	}
	if os.Getenv("GOMEMLIMIT") != "" {
		debug.SetGCPercent(-1)
		return
	}
	avail := memoryAvailable()
	if avail <= 0 {
		debug.SetGCPercent(fallbackGCPercent)
		return
	}
	debug.SetMemoryLimit(avail / 4 * 3)
	debug.SetGCPercent(-1)
}

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
