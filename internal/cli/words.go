package cli

import "fmt"

// plural is n with the singular or the plural noun: "1 object",
// "3 objects", "0 objects".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
