// Command rift analyzes recorded GitOps incidents offline. See README.md.
package main

import (
	"os"

	"github.com/rift-dev/rift/internal/cli"
)

func main() {
	// An analysis builds one heap that mostly grows; a streaming command
	// (collect, redact, test) makes garbage all along and keeps Go's
	// collector settings, or its memory would grow with all it ever read.
	if !cli.Streams(os.Args[1:]) {
		tuneGC()
		adviseHugePages()
	}
	os.Exit(cli.Execute(os.Args[1:], os.Stdout, os.Stderr))
}
