// Command rift analyzes recorded GitOps incidents offline. See README.md.
package main

import (
	"os"
	"runtime/debug"

	"github.com/rift-dev/rift/internal/cli"
)

func main() {
	tuneGC()
	os.Exit(cli.Execute(os.Args[1:], os.Stdout, os.Stderr))
}

// gcPercent and memoryLimit replace Go's defaults (GOGC=100, no limit)
// unless the user set GOGC or GOMEMLIMIT. rift is a short batch process
// whose heap only grows until the report is written: at the default target
// the collector ran a quarter of all CPU on large bundles
// (docs/performance.md). A higher target trades memory for that time; the
// soft limit takes the trade back on bundles so large that a 5x heap would
// not fit a laptop (past it the runtime collects as often as it must, and
// exceeds it rather than fail). A limit near the live heap makes the
// collector run non-stop: 900 MiB doubled the time of a 100k-object
// analysis whose live heap is about 1.1 GiB.
const (
	gcPercent   = 400
	memoryLimit = 4 << 30
)

func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}
