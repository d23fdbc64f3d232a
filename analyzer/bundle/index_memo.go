package bundle

import "sync"

// memo holds values derived from an Index, each built once.
type memo struct {
	mu    sync.Mutex
	cells map[any]*memoCell
}

type memoCell struct {
	once sync.Once
	v    any
}

// Derived returns the value build makes for key, building it on the first
// call for that key and returning the same value to every later caller,
// concurrent ones included. It lets a package that reads the Index (the
// facts package) normalise a fact once per bundle without the Index
// knowing the fact's type. build must depend on the Index alone and must
// not call Derived with the same key. Keys follow the context.WithValue
// convention: an unexported type of the deriving package.
func (ix *Index) Derived(key any, build func() any) any {
	ix.memo.mu.Lock()
	if ix.memo.cells == nil {
		ix.memo.cells = map[any]*memoCell{}
	}
	c := ix.memo.cells[key]
	if c == nil {
		c = &memoCell{}
		ix.memo.cells[key] = c
	}
	ix.memo.mu.Unlock()
	c.once.Do(func() { c.v = build() })
	return c.v
}
