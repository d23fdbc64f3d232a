package report

import (
	"io"
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
// failed write or a value encoding/json refuses) sticks: later calls do
// nothing and finish returns it.
type jsonWriter struct {
	w      io.Writer
	buf    []byte
	err    error
	indent bool
	html   bool
	// colon ends an object member's name: `":` and, when indenting, a space.
	colon string
	// empty has one flag per open object or array: true until its first
	// member is written, so that the member knows whether a comma goes
	// before it and the close whether a newline does.
	empty []bool
}

func newJSONWriter(w io.Writer, indent, html bool) *jsonWriter {
	e := &jsonWriter{w: w, buf: make([]byte, 0, flushAt+flushAt/4), indent: indent, html: html, colon: `":`}
	if indent {
		e.colon = `": `
	}
	return e
}

// open starts an object ('{') or array ('[').
func (e *jsonWriter) open(c byte) {
	e.buf = append(e.buf, c)
	e.empty = append(e.empty, true)
}

// close ends the innermost object ('}') or array (']'). An empty one stays
// on the line it opened on, as encoding/json's indentation keeps "{}" and
// "[]".
func (e *jsonWriter) close(c byte) {
	top := len(e.empty) - 1
	wasEmpty := e.empty[top]
	e.empty = e.empty[:top]
	if e.indent && !wasEmpty {
		e.newline()
	}
	e.buf = append(e.buf, c)
	if len(e.buf) >= flushAt {
		e.flush()
	}
}

// member separates the next array element or object member from the one
// before and, when indenting, puts it on its own line.
func (e *jsonWriter) member() {
	top := len(e.empty) - 1
	if e.empty[top] {
		e.empty[top] = false
	} else {
		e.buf = append(e.buf, ',')
	}
	if e.indent {
		e.newline()
	}
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

// newlineIndent is sliced for a newline and its indentation; deeper levels
// append more spaces.
const newlineIndent = "\n                                                               "

// newline starts a line indented two spaces per open container.
func (e *jsonWriter) newline() {
	n := 1 + 2*len(e.empty)
	if n <= len(newlineIndent) {
		e.buf = append(e.buf, newlineIndent[:n]...)
		return
	}
	e.buf = append(e.buf, newlineIndent...)
	for n -= len(newlineIndent); n > 0; n-- {
		e.buf = append(e.buf, ' ')
	}
}

// fail records the first error; nothing more is written after it.
func (e *jsonWriter) fail(err error) {
	if e.err == nil {
		e.err = err
	}
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
