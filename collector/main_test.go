package collector_test

import (
	"os"
	"testing"

	"github.com/rift-dev/rift/internal/cli"
)

// childEnv makes the test binary run rift itself, for tests that signal
// a running rift collect.
const childEnv = "RIFT_COLLECTOR_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		os.Exit(cli.Execute(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
