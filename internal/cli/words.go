package cli

import "github.com/rift-dev/rift/internal/words"

// plural is n with the singular or the plural noun: "1 object",
// "3 objects", "0 objects".
func plural(n int, one, many string) string { return words.Count(n, one, many) }
