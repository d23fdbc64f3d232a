package verify

import "fmt"

// plural is n with the singular or the plural noun: "1 pod", "3 pods".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

func pods(n int) string { return plural(n, "pod", "pods") }

// allPods starts a sentence about every pod with its verb agreeing:
// "the 1 pod runs", "all 3 pods run".
func allPods(n int, one, many string) string {
	if n == 1 {
		return "the 1 pod " + one
	}
	return fmt.Sprintf("all %d pods %s", n, many)
}
