package serve

import (
	"bufio"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// rowBlock is how many rows are encoded together.
const rowBlock = 1000

// tableRows are the rows of one resource's Table, in the resource's
// order, encoded a block at a time as pages ask for them and kept. A
// bundle never changes and ages count from its capture time, so a row is
// the same bytes at every request: kubectl pages through a list and k9s
// lists the same resource every few seconds, and a page already encoded
// costs a copy. A page's blocks are encoded by every processor at once,
// and the next page's in the background while the client reads this one.
type tableRows struct {
	res    *resource
	objs   []*bundle.Object
	sh     shape
	cells  func(*bundle.Object) []any
	blocks []encodedBlock
}

// encodedBlock is up to rowBlock rows joined by commas; row i is
// data[offs[i]:offs[i+1]-1].
type encodedBlock struct {
	once sync.Once
	data []byte
	offs []int
}

// block returns block i, encoding it on first use.
func (t *tableRows) block(i int) *encodedBlock {
	b := &t.blocks[i]
	b.once.Do(func() {
		objs := t.objs[i*rowBlock : min((i+1)*rowBlock, len(t.objs))]
		b.offs = make([]int, 0, len(objs)+1)
		for _, o := range objs {
			b.offs = append(b.offs, len(b.data))
			b.data = appendRow(b.data, t.res, o, t.sh, t.cells)
			b.data = append(b.data, ',')
		}
		b.offs = append(b.offs, len(b.data))
	})
	return b
}

// encode encodes blocks [lo, hi) with up to one worker per processor.
func (t *tableRows) encode(lo, hi int) {
	var next atomic.Int64
	next.Store(int64(lo))
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), hi-lo) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < hi; i = int(next.Add(1) - 1) {
				t.block(i)
			}
		})
	}
	wg.Wait()
}

// write writes rows [from, to) as they go between a Table's brackets,
// then starts encoding the rows after them, which a client paging
// through the list asks for next.
func (t *tableRows) write(bw *bufio.Writer, from, to int) {
	if from >= to {
		return
	}
	lo, hi := from/rowBlock, (to-1)/rowBlock+1
	t.encode(lo, hi)
	for i := lo; i < hi; i++ {
		b := t.block(i)
		first, last := max(from-i*rowBlock, 0), min(to-i*rowBlock, len(b.offs)-1)
		if i > lo {
			bw.WriteByte(',')
		}
		bw.Write(b.data[b.offs[first] : b.offs[last]-1])
	}
	if hi < len(t.blocks) {
		go t.encode(hi, min(hi+(to-from+rowBlock-1)/rowBlock, len(t.blocks)))
	}
}

// rowsKey is what a row's bytes depend on besides the object: the
// Table's version and what the row carries (includeObject).
type rowsKey struct{ table, include string }

// rowCache holds a resource's rows by rowsKey.
type rowCache struct {
	mu sync.Mutex
	m  map[rowsKey]*tableRows
}

// cachedRows returns the rows of res's objects objs in shape sh.
func (c *catalog) cachedRows(res *resource, objs []*bundle.Object, sh shape) *tableRows {
	k := rowsKey{sh.table, sh.include}
	res.rows.mu.Lock()
	defer res.rows.mu.Unlock()
	if res.rows.m == nil {
		res.rows.m = map[rowsKey]*tableRows{}
	}
	t := res.rows.m[k]
	if t == nil {
		_, cells := c.printer(res)
		t = &tableRows{res: res, objs: objs, sh: sh, cells: cells, blocks: make([]encodedBlock, (len(objs)+rowBlock-1)/rowBlock)}
		res.rows.m[k] = t
	}
	return t
}

// appendRow appends one row: its cells and, by includeObject, its object.
func appendRow(b []byte, res *resource, o *bundle.Object, sh shape, cells func(*bundle.Object) []any) []byte {
	b = append(b, `{"cells":`...)
	b = appendJSON(b, cells(o))
	if obj := rowObject(res, o, sh); obj != nil {
		b = append(b, `,"object":`...)
		b = appendJSON(b, obj)
	}
	return append(b, '}')
}
