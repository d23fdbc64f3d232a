package report

import (
	"io"
	"strings"
)

// flushAt is the buffered size at which jsonWriter hands its bytes to the
// underlying writer. It keeps memory bounded whatever the report's size
// while keeping writes few and large.
const flushAt = 64 << 10

// jsonWriter streams a report as JSON to w, byte-identical to what
// encoding/json writes for the same value: with indent, what an Encoder
// with SetIndent("", "  ") writes; without, what Marshal writes. html
// escapes <, > and & as Marshal does (and as Encoder does unless
// SetEscapeHTML(false)).
//
// It appends to one buffer and writes it out whenever it grows past
// flushAt, so rendering allocates nothing per value. The first error (a
// failed write or a value encoding/json refuses) sticks: nothing is
// written after it and finish returns it. A writer with a nil w (a block
// of a big array, see array) keeps all its bytes for its parent to write.
type jsonWriter struct {
	w      io.Writer
	buf    []byte
	err    error
	indent bool
	html   bool
	// colon ends an object member's name: `":` and, when indenting, a space.
	colon string
	// sep is separator(len(empty)), kept up to date by open and close.
	sep string
	// empty has one flag per open object or array: true until its first
	// member is written, so that the member knows whether a comma goes
	// before it and the close whether a newline does.
	empty []bool
	// spare holds the block writers of big arrays (see array), kept for
	// the next big array so that their buffers grow only once.
	spare []*jsonWriter
}

func newJSONWriter(w io.Writer, indent, html bool) *jsonWriter {
	e := &jsonWriter{w: w, buf: make([]byte, 0, flushAt+flushAt/4), indent: indent, html: html, colon: `":`}
	if indent {
		e.colon = `": `
	}
	e.sep = e.separator(0)
	return e
}

// open starts an object ('{') or array ('[').
func (e *jsonWriter) open(c byte) {
	e.buf = append(e.buf, c)
	e.empty = append(e.empty, true)
	e.sep = e.separator(len(e.empty))
}

// close ends the innermost object ('}') or array (']'). An empty one stays
// on the line it opened on, as encoding/json's indentation keeps "{}" and
// "[]".
func (e *jsonWriter) close(c byte) {
	top := len(e.empty) - 1
	wasEmpty := e.empty[top]
	e.empty = e.empty[:top]
	e.sep = e.separator(top)
	if !wasEmpty {
		e.buf = append(e.buf, e.sep[1:]...)
	}
	e.buf = append(e.buf, c)
	if len(e.buf) >= flushAt && e.w != nil { // a block's writer (w nil) holds its bytes
		e.flush()
	}
}

// member separates the next array element or object member from the one
// before and, when indenting, puts it on its own line.
func (e *jsonWriter) member() {
	top := len(e.empty) - 1
	if e.empty[top] {
		e.empty[top] = false
		e.buf = append(e.buf, e.sep[1:]...)
		return
	}
	e.buf = append(e.buf, e.sep...)
}

// commaNewlineIndent is sliced for separators; see separator.
const commaNewlineIndent = ",\n                                                              "

// separator is what goes between members inside depth open containers: a
// comma, then, when indenting, a newline and two spaces per container.
// Without the comma it starts a container's first member or its close.
func (e *jsonWriter) separator(depth int) string {
	if !e.indent {
		return ","
	}
	if n := 2 + 2*depth; n <= len(commaNewlineIndent) {
		return commaNewlineIndent[:n]
	}
	return ",\n" + strings.Repeat("  ", depth) // deeper than reports go, but raw values may
}

// key starts an object member named k. Every k is a Go field's JSON tag,
// plain ASCII that needs no escaping; map keys go through mapKey.
func (e *jsonWriter) key(k string) {
	e.member()
	e.buf = append(e.buf, '"')
	e.buf = append(e.buf, k...)
	e.buf = append(e.buf, e.colon...)
}

// mapKey starts an object member whose name is arbitrary text.
func (e *jsonWriter) mapKey(k string) {
	e.member()
	e.buf = appendJSONString(e.buf, k, e.html)
	e.buf = append(e.buf, e.colon[1:]...)
}

// fail records the first error; nothing more is written after it.
func (e *jsonWriter) fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

// list writes s as a JSON array, elem writing each element after its
// separator; a nil s is null, as encoding/json has it. array is the form
// for the report's big arrays, which it encodes on every core.
func list[T any](e *jsonWriter, s []T, elem func(*T)) {
	if s == nil {
		e.null()
		return
	}
	e.open('[')
	for i := range s {
		e.member()
		elem(&s[i])
	}
	e.close(']')
}

// flush writes the buffered bytes to w and empties the buffer.
func (e *jsonWriter) flush() {
	if e.err == nil && len(e.buf) > 0 {
		_, e.err = e.w.Write(e.buf)
	}
	e.buf = e.buf[:0]
}

// finish writes what is left and returns the first error.
func (e *jsonWriter) finish() error {
	e.flush()
	return e.err
}
