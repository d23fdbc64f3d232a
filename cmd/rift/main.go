// Command rift analyzes recorded GitOps incidents offline. See README.md.
package main

import (
	"os"

	"github.com/rift-dev/rift/internal/cli"
)

func main() {
	tuneGC()
	adviseHugePages()
	os.Exit(cli.Execute(os.Args[1:], os.Stdout, os.Stderr))
}
