package report

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// raw writes an already-encoded value (a divergence's json.RawMessage) the
// way encoding/json does: nil as null, and otherwise validated, compacted
// (escaping <, >, &, U+2028 and U+2029 in html mode) and indented at the
// current depth. Invalid JSON gets encoding/json's own error.
func (e *jsonWriter) raw(m json.RawMessage) {
	if m == nil {
		e.null()
		return
	}
	if !json.Valid(m) {
		_, err := json.Marshal(m)
		e.fail(err)
		return
	}
	for i := 0; i < len(m); i++ {
		switch c := m[i]; c {
		case ' ', '\t', '\n', '\r':
		case '{', '[':
			if j := skipSpace(m, i+1); m[j] == c+2 { // '}' is '{'+2, ']' is '['+2
				e.buf = append(e.buf, c, c+2)
				i = j
				continue
			}
			e.open(c)
			e.member()
		case '}', ']':
			e.close(c)
		case ',':
			e.member()
		case ':':
			e.buf = append(e.buf, ':')
			if e.indent {
				e.buf = append(e.buf, ' ')
			}
		case '"':
			end := stringEnd(m, i)
			e.rawString(m[i:end])
			i = end - 1
		default: // a number, true, false or null: copied as it is
			e.buf = append(e.buf, c)
		}
	}
}

// skipSpace is the index of the first byte at or after i that is not JSON
// whitespace. m is valid JSON, so an open bracket is always followed by one.
func skipSpace(m []byte, i int) int {
	for m[i] == ' ' || m[i] == '\t' || m[i] == '\n' || m[i] == '\r' {
		i++
	}
	return i
}

// stringEnd is the index just past the closing quote of the valid JSON
// string that starts at m[i].
func stringEnd(m []byte, i int) int {
	for i++; ; i++ {
		switch m[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
}

// rawString copies a valid JSON string token as encoding/json's compaction
// does: as it is, except in html mode, where <, >, &, U+2028 and U+2029
// become \u escapes.
func (e *jsonWriter) rawString(s []byte) {
	if !e.html {
		e.buf = append(e.buf, s...)
		return
	}
	for len(s) > 0 {
		switch i := bytes.IndexAny(s, "<>&\u2028\u2029"); {
		case i < 0:
			e.buf = append(e.buf, s...)
			return
		case s[i] < utf8.RuneSelf:
			e.buf = append(e.buf, s[:i]...)
			e.buf = append(e.buf, '\\', 'u', '0', '0', hexDigits[s[i]>>4], hexDigits[s[i]&0xF])
			s = s[i+1:]
		default:
			_, size := utf8.DecodeRune(s[i:])
			e.buf = append(e.buf, s[:i]...)
			e.buf = append(e.buf, '\\', 'u', '2', '0', '2', hexDigits[s[i+size-1]&0xF])
			s = s[i+size:]
		}
	}
}
