// Command rift analyzes recorded GitOps incidents offline. See README.md.
package main

import (
	"os"

	"github.com/rift-dev/rift/internal/cli"
	"github.com/rift-dev/rift/internal/memory"
)

func main() {
	// An analysis builds one heap that mostly grows; every other command
	// makes garbage all along and keeps Go's collector settings
	// (internal/memory has the policy, internal/cli which command runs
	// under which).
	memory.Apply(cli.MemoryPolicy(os.Args[1:]))
	os.Exit(cli.Execute(os.Args[1:], os.Stdout, os.Stderr))
}
