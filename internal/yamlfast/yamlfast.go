// Package yamlfast decodes the block-style YAML that Kubernetes tooling
// writes (sigs.k8s.io/yaml and its goyaml.v2 emitter, kubectl -o yaml, the
// rift collector) about ten times faster than the generic path it shadows:
// goyaml.v2 Unmarshal into interface{}, then JSON Marshal, then
// sigs.k8s.io/json UnmarshalCaseSensitivePreserveInts.
//
// The contract is exactness or refusal. For every document Decode accepts,
// the result equals what that generic path returns: map[string]any, []any,
// string, int64, float64, bool and nil, with goyaml.v2's YAML 1.1 scalar
// resolution (yes/no/on/off booleans, ~ and null, octal 0777, hex, floats
// such as 1.0 that the JSON round trip turns into int64 1, timestamps kept
// as strings). Anything outside the subset it knows (anchors, aliases, tags,
// complex or non-string keys, non-empty flow collections, duplicate keys,
// tabs outside scalars, control characters, ...) makes Decode report false,
// and the caller takes the generic path for that document, which also
// produces the errors of malformed documents.
//
// Strings in the result are substrings of the document whenever the scalar
// is written verbatim, so a decoded value keeps its document's text alive;
// callers that retain values retain the text they came from. Short values
// repeated across documents ("True", "Running", "v1") share one boxed copy
// from a per-Decoder cache, which does not pin any document.
package yamlfast

import "github.com/rift-dev/rift/internal/spare"

// maxDepth bounds nesting so a hostile document cannot exhaust the stack;
// deeper documents go to the generic path.
const maxDepth = 512

// Decoder decodes documents one at a time. It is not safe for concurrent
// use; its cache makes reusing one Decoder per goroutine worthwhile.
type Decoder struct {
	src    string
	i      int  // position of the current token
	ls     int  // start of the line holding i; the column is i-ls
	le     int  // end of that line: its "\n" or the end of src
	eof    bool // no content lines remain
	seen   bool // the document has a node
	opened bool // a "---" marker opened the document
	depth  int
	box    boxCache
	buf    []byte      // scratch for scalars that are not written verbatim
	kvs    []entry     // scratch: entries of the mappings being decoded
	spare  *spare.Maps // maps to decode into first (UseSpare), or nil
}

// UseSpare makes the Decoder take the maps it decodes into from maps
// first (see package spare): a caller that drops decoded maps puts them
// there, and the Decoder refills them. Several decoders of one goroutine
// may share one Maps.
func (d *Decoder) UseSpare(maps *spare.Maps) { d.spare = maps }

// newMap returns an empty map for n entries, a spare one when n fits.
func (d *Decoder) newMap(n int) map[string]any { return d.spare.Get(n) }

// entry is one decoded mapping entry.
type entry struct {
	k string
	v any
}

// NewDecoder returns a Decoder with an empty cache.
func NewDecoder() *Decoder { return &Decoder{} }

// Decode decodes one YAML document: a "---" line may open it, as
// utilyaml's reader leaves one at the start of a file, but none may follow.
// ok is false when the document is outside the supported subset; v is then
// nil and the caller must decode the document some other way. A document of
// only comments and blank lines decodes to nil.
func (d *Decoder) Decode(doc string) (v any, ok bool) {
	if !validText(doc) {
		return nil, false
	}
	d.src, d.i, d.ls, d.le, d.eof, d.depth = doc, 0, 0, -1, false, 0
	d.seen, d.opened = false, false
	defer func() { d.src = "" }()
	if !d.skipLines() {
		return nil, false
	}
	if d.eof {
		return nil, true
	}
	d.seen = true
	if c := d.src[d.i]; c == '{' || c == '[' {
		v, ok = d.emptyFlow()
	} else {
		v, ok = d.block(d.col())
	}
	if !ok || !d.eof {
		return nil, false
	}
	return v, true
}

func (d *Decoder) col() int { return d.i - d.ls }

// block decodes the mapping or sequence starting at the current token,
// whose column is n. A scalar standing alone on its line is refused; at
// the top of a document, so is anything but a block collection, "{}" or
// "[]".
func (d *Decoder) block(n int) (any, bool) {
	if d.depth++; d.depth > maxDepth {
		return nil, false
	}
	defer func() { d.depth-- }()
	if d.atSeqItem() {
		return d.sequence(n)
	}
	if !d.atKey() {
		return nil, false
	}
	return d.mapping(n)
}

// mapping decodes block mapping entries at column n until a line at a
// smaller column or a line at n that is not a key. The entries are
// gathered first and the map made at its size: a map that grows past
// eight entries would leave its first group behind as garbage and move
// every entry.
func (d *Decoder) mapping(n int) (any, bool) {
	mark := len(d.kvs) // nested mappings push and pop above mark
	defer func() {
		clear(d.kvs[mark:]) // let the scratch pin no values
		d.kvs = d.kvs[:mark]
	}()
	for {
		k, ok := d.key()
		if !ok {
			return nil, false
		}
		v, ok := d.value(n, true)
		if !ok {
			return nil, false
		}
		d.kvs = append(d.kvs, entry{k, v})
		if d.eof || d.col() < n {
			break
		}
		if d.col() > n || d.atSeqItem() {
			return nil, false
		}
	}
	kvs := d.kvs[mark:]
	m := d.newMap(len(kvs))
	for _, e := range kvs {
		m[e.k] = e.v
	}
	if len(m) != len(kvs) {
		return nil, false // duplicate key
	}
	return m, true
}

// sequence decodes block sequence entries ("- ") at column n.
func (d *Decoder) sequence(n int) (any, bool) {
	s := make([]any, 0, 4)
	for {
		d.i++ // the dash
		v, ok := d.value(n, false)
		if !ok {
			return nil, false
		}
		s = append(s, v)
		if d.eof || d.col() < n {
			return s, true
		}
		if d.col() > n || !d.atSeqItem() {
			// At n, a line that is not an entry belongs to the mapping
			// this sequence is the value of, written at its indentation.
			if d.col() == n {
				return s, true
			}
			return nil, false
		}
	}
}
