package pool_test

import (
	"fmt"
	"strings"

	"github.com/rift-dev/rift/internal/pool"
)

func Example() {
	names := []string{"web", "db", "cache"}
	upper := make([]string, len(names))
	// Each call writes only its own slot. 1 is the least work worth a
	// goroutine: set it higher when calls are cheap.
	pool.ForEach(len(names), 1, func(i int) { upper[i] = strings.ToUpper(names[i]) })
	fmt.Println(upper)

	// Per-worker scratch state: each worker gets its own builder.
	lens := make([]int, len(names))
	pool.ForEachWith(len(names), 1, func() *strings.Builder { return new(strings.Builder) },
		func(b *strings.Builder, i int) {
			b.Reset()
			b.WriteString(names[i] + "!")
			lens[i] = b.Len()
		})
	fmt.Println(lens)

	// A few coarse tasks at once.
	var a, b int
	pool.Run(func() { a = 1 }, func() { b = 2 })
	fmt.Println(a + b)

	// A panic in a worker reaches the caller with the worker's stack.
	defer func() {
		p := recover().(*pool.Panic)
		fmt.Println("recovered:", p.Value, strings.Contains(string(p.Stack), "goroutine"))
	}()
	pool.Run(func() {}, func() { panic("bad input") })
	// Output:
	// [WEB DB CACHE]
	// [4 3 6]
	// 3
	// recovered: bad input true
}
