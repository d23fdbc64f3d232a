package timeline

import "github.com/rift-dev/rift/internal/pool"

// runAll runs the independent tasks fs concurrently on the shared worker
// pool (pool.Run) and returns when all have finished. Each task must write
// only state of its own. A panic in a task is re-raised in the caller, the
// first task's in argument order if several panic.
func runAll(fs ...func()) { pool.Run(fs...) }
