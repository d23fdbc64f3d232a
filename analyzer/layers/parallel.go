package layers

import "github.com/rift-dev/rift/internal/pool"

// minPerWorker is the least work worth a goroutine: below it, starting
// workers costs more than it saves.
const minPerWorker = 64

// forEach calls f(i) once for every i in [0, n) on the shared worker pool
// (pool.ForEach). f must only write to state private to i (its own result
// slot). A panic in f is re-raised in the caller.
func forEach(n int, f func(i int)) { pool.ForEach(n, minPerWorker, f) }
