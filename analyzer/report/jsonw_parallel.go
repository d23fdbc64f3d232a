package report

import (
	"runtime"
)

// Big arrays (timeline entries, workloads) are encoded in blocks on every
// core and written in order. A block's bytes depend only on its elements
// and the depth, so the output is the same bytes as encoding them one after
// another; a fixed set of block writers is reused, so memory stays bounded.
// Tests lower these to run the parallel path on small reports.
var (
	// parallelMin is the element count below which an array is encoded
	// in place: fewer are not worth the goroutines.
	parallelMin = 2048
	// parallelBlockBytes is about the size a block should have: big
	// enough that handing blocks between goroutines costs little, small
	// enough that the block writers' buffers stay small.
	parallelBlockBytes = 128 << 10
	// parallelAhead is the number of block writers per core.
	parallelAhead = 2
)

// array writes n elements as a JSON array, elem(w, i) writing element i to
// w (which may be a block's writer, not e). It writes null when isNil, as
// encoding/json does for a nil slice. size is about the bytes an element
// takes, to size the blocks.
func (e *jsonWriter) array(n int, isNil bool, size int, elem func(w *jsonWriter, i int)) {
	if isNil {
		e.null()
		return
	}
	e.open('[')
	if procs := runtime.GOMAXPROCS(0); n < parallelMin || procs == 1 || e.w == nil {
		for i := range n {
			e.member()
			elem(e, i)
		}
	} else {
		e.blocks(n, procs*parallelAhead, max(1, parallelBlockBytes/size), elem)
	}
	e.close(']')
}

// jsonBlock is one block of an array being encoded apart.
type jsonBlock struct {
	w    *jsonWriter
	done chan struct{}
}

// blocks encodes the n elements of the array e just opened in blocks of
// per elements, with k block writers, and writes the blocks in order.
func (e *jsonWriter) blocks(n, k, per int, elem func(w *jsonWriter, i int)) {
	free := make(chan *jsonWriter, k)
	for len(e.spare) < k {
		e.spare = append(e.spare, &jsonWriter{indent: e.indent, html: e.html, colon: e.colon, buf: make([]byte, 0, 2*parallelBlockBytes)})
	}
	for _, w := range e.spare[:k] {
		w.sep = e.sep
		free <- w
	}
	queue := make(chan *jsonBlock, k)
	go func() {
		defer close(queue)
		for start := 0; start < n; start += per {
			b := &jsonBlock{w: <-free, done: make(chan struct{})} // waits for a written block's writer
			b.w.buf, b.w.err = b.w.buf[:0], nil
			b.w.empty = append(b.w.empty[:0], e.empty...)
			b.w.empty[len(b.w.empty)-1] = start == 0 // a comma leads every block but the first
			queue <- b
			go func() {
				defer close(b.done)
				for i := start; i < min(start+per, n); i++ {
					b.w.member()
					elem(b.w, i)
				}
			}()
		}
	}()
	for b := range queue {
		<-b.done
		if b.w.err != nil {
			e.fail(b.w.err)
		}
		e.flush()
		if e.err == nil {
			_, e.err = e.w.Write(b.w.buf)
		}
		free <- b.w
	}
	e.empty[len(e.empty)-1] = n == 0
}
