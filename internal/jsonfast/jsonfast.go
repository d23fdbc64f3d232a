// Package jsonfast decodes the JSON that Kubernetes tooling writes
// (kubectl -o json, troubleshoot's cluster-resources Lists, must-gather)
// into the generic form the rest of rift reads, several times faster and
// with a fraction of the allocations of the path it shadows:
// sigs.k8s.io/json UnmarshalCaseSensitivePreserveInts into interface{}.
//
// The contract is exactness or refusal, as for internal/yamlfast. For every
// text Decode accepts, the result equals what that path returns:
// map[string]any, []any, string, int64 (an integer without a fraction that
// fits), float64, bool and nil; a later duplicate key wins. Anything it does
// not handle exactly (invalid UTF-8, nesting deeper than maxDepth, a number
// that does not parse, trailing data, any syntax error) makes Decode report
// false, and the caller takes the generic path, which also words the error.
//
// Strings are copied out of the text, so a decoded value never pins the
// file it came from. Object keys and short values repeat across objects
// ("metadata", "True", "Running"); each Decoder keeps one copy of each, so
// a List of a thousand Pods holds one "containerStatuses", not a thousand.
package jsonfast

import (
	"strconv"
	"unicode/utf8"

	"github.com/rift-dev/rift/internal/spare"
)

// maxDepth bounds nesting so a hostile file cannot exhaust the stack;
// deeper text goes to the generic path.
const maxDepth = 512

// Decoder decodes one text at a time. It is not safe for concurrent use;
// its caches make reusing one Decoder per goroutine worthwhile.
type Decoder struct {
	s     []byte
	i     int
	depth int
	keys  strCache    // object keys
	vals  boxCache    // short string values, boxed
	kvs   []entry     // scratch: entries of the objects being decoded
	items []any       // scratch: elements of the arrays being decoded
	buf   []byte      // scratch: strings with escapes
	spare *spare.Maps // maps to decode into first (UseSpare), or nil
	// raw is KeepRaw's setting; managed counts the managedFields values
	// being decoded, inside which a fieldsV1 value is kept raw.
	raw     bool
	managed int
}

// UseSpare makes the Decoder take the maps it decodes into from maps
// first (see package spare): a caller that drops decoded maps puts them
// there, and the Decoder refills them. Several decoders of one goroutine
// may share one Maps.
func (d *Decoder) UseSpare(maps *spare.Maps) { d.spare = maps }

// newMap returns an empty map for n entries, a spare one when n fits.
func (d *Decoder) newMap(n int) map[string]any { return d.spare.Get(n) }

type entry struct {
	k string
	v any
}

// NewDecoder returns a Decoder with empty caches.
func NewDecoder() *Decoder { return &Decoder{} }

// Decode decodes data, which must hold exactly one JSON value and
// whitespace. It reports false when data is outside what it decodes
// exactly; v is then nil.
func (d *Decoder) Decode(data []byte) (v any, ok bool) {
	d.s, d.i, d.depth, d.managed = data, 0, 0, 0
	defer func() { d.s = nil }()
	d.space()
	v, ok = d.value()
	if !ok {
		return nil, false
	}
	d.space()
	if d.i != len(d.s) {
		return nil, false
	}
	return v, true
}

func (d *Decoder) space() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *Decoder) value() (any, bool) {
	if d.i >= len(d.s) {
		return nil, false
	}
	switch c := d.s[d.i]; {
	case c == '{':
		return d.object()
	case c == '[':
		return d.array()
	case c == '"':
		raw, esc, ok := d.str()
		if !ok {
			return nil, false
		}
		if esc {
			s, ok := d.unescape(raw)
			if !ok {
				return nil, false
			}
			return d.vals.str(s), true
		}
		return d.vals.bytes(raw), true
	case c == 't':
		return true, d.literal("true")
	case c == 'f':
		return false, d.literal("false")
	case c == 'n':
		return nil, d.literal("null")
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	}
	return nil, false
}

func (d *Decoder) literal(word string) bool {
	if len(d.s)-d.i < len(word) || string(d.s[d.i:d.i+len(word)]) != word {
		return false
	}
	d.i += len(word)
	return true
}

// number scans a JSON number by the grammar and converts it as
// sigs.k8s.io/json does with PreserveInts: an int64 when the text has no
// '.' and ParseInt takes it, else a float64.
func (d *Decoder) number() (any, bool) {
	start := d.i
	if d.s[d.i] == '-' {
		d.i++
	}
	switch {
	case d.i < len(d.s) && d.s[d.i] == '0':
		d.i++
	case d.i < len(d.s) && d.s[d.i] >= '1' && d.s[d.i] <= '9':
		d.digits()
	default:
		return nil, false
	}
	fraction := false
	if d.i < len(d.s) && d.s[d.i] == '.' {
		d.i++
		fraction = true
		if !d.digits() {
			return nil, false
		}
	}
	if d.i < len(d.s) && (d.s[d.i] == 'e' || d.s[d.i] == 'E') {
		d.i++
		if d.i < len(d.s) && (d.s[d.i] == '+' || d.s[d.i] == '-') {
			d.i++
		}
		if !d.digits() {
			return nil, false
		}
	}
	text := string(d.s[start:d.i])
	if !fraction {
		if n, err := strconv.ParseInt(text, 10, 64); err == nil {
			return n, true
		}
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return nil, false
	}
	return f, true
}

// digits consumes one or more decimal digits.
func (d *Decoder) digits() bool {
	start := d.i
	for d.i < len(d.s) && d.s[d.i] >= '0' && d.s[d.i] <= '9' {
		d.i++
	}
	return d.i > start
}

// validText reports whether raw, the inside of a string, is what the
// generic path keeps byte for byte: valid UTF-8 (it replaces invalid bytes).
func validText(raw []byte) bool {
	for _, c := range raw {
		if c >= utf8.RuneSelf {
			return utf8.Valid(raw)
		}
	}
	return true
}
