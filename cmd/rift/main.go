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
// the collector of garbage ran a quarter of all CPU on large bundles
// (docs/performance.md). A higher target trades memory for that time, and
// the soft limit gives the memory back when a bundle is large: once the
// heap nears it, the runtime collects as often as it must, whatever
// gcPercent says (it exceeds the limit rather than fail).
const (
	gcPercent   = 400
	memoryLimit = 900 << 20
)

func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}
