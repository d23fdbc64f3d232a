package cli

import (
	"os"
	"testing"
)

// childEnv makes the test binary run rift itself: tests that must signal
// or kill a running command start os.Args[0] with it set and rift's
// arguments.
const childEnv = "RIFT_CLI_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		os.Exit(Execute(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
