package cli

import (
	"fmt"
	"slices"
)

// checkOutput refuses an unknown -o value, as kubectl does.
func checkOutput(value string, allowed ...string) error {
	if slices.Contains(allowed, value) {
		return nil
	}
	return usageError(fmt.Errorf("unknown output format %q: want one of %v", value, allowed))
}
