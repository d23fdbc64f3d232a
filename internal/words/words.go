// Package words writes counts the way a person reads them: "1 failure",
// "2 failures", never "failure(s)".
package words

import "fmt"

// Count is n followed by one when n is 1, else by many.
func Count(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Pick is one when n is 1, else many: for the verb that agrees with a
// count ("1 failure is", "2 failures are").
func Pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
