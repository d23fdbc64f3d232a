package report

import (
	"encoding/json"
	"reflect"
	"strconv"
	"time"
	"unicode/utf8"
)

// str writes s as a JSON string.
func (e *jsonWriter) str(s string) { e.buf = appendJSONString(e.buf, s, e.html) }

// int writes n in decimal.
func (e *jsonWriter) int(n int64) { e.buf = strconv.AppendInt(e.buf, n, 10) }

// bool writes true or false.
func (e *jsonWriter) bool(b bool) { e.buf = strconv.AppendBool(e.buf, b) }

// null writes null, encoding/json's form of a nil pointer, slice or map.
func (e *jsonWriter) null() { e.buf = append(e.buf, "null"...) }

// strs writes a string slice: null when nil, as encoding/json does.
func (e *jsonWriter) strs(ss []string) {
	list(e, ss, func(s *string) { e.str(*s) })
}

// time writes t as time.Time.MarshalJSON does (RFC 3339 with nanoseconds,
// trailing zeros cut) and refuses, with the same error encoding/json
// reports, a time RFC 3339 cannot hold: a year outside [0,9999] or a zone
// offset of 24 hours or more.
func (e *jsonWriter) time(t time.Time) {
	n0 := len(e.buf)
	e.buf = append(e.buf, '"')
	e.buf = t.AppendFormat(e.buf, time.RFC3339Nano)
	b := e.buf[n0+1:]
	if len(b) < len("2006-01-02T15:04:05Z") || b[4] != '-' || !validZone(b) {
		e.buf = e.buf[:n0]
		_, err := t.MarshalJSON()
		e.fail(&json.MarshalerError{Type: reflect.TypeFor[time.Time](), Err: err})
		return
	}
	e.buf = append(e.buf, '"')
}

// validZone reports whether the zone suffix of a formatted RFC 3339 time
// is Z or an offset below 24 hours (time.Time.MarshalJSON's check).
func validZone(b []byte) bool {
	if b[len(b)-1] == 'Z' {
		return true
	}
	c := b[len(b)-len("Z07:00")]
	h := b[len(b)-len("07:00"):]
	return (c < '0' || c > '9') && 10*(h[0]-'0')+(h[1]-'0') < 24
}

// appendJSONString appends s quoted and escaped exactly as encoding/json
// escapes strings: \" \\ \b \f \n \r \t, other control bytes as \u00XX,
// invalid UTF-8 as \ufffd, U+2028 and U+2029 always, and <, > and & only
// when html is set.
func appendJSONString(dst []byte, s string, html bool) []byte {
	safe := &jsonSafe
	if html {
		safe = &jsonHTMLSafe
	}
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		// Most text is plain ASCII: skip it eight bytes at a time.
		if i+8 <= len(s) {
			if i = skipPlain(s, i, html); i == len(s) {
				break
			}
		}
		b := s[i]
		if b < utf8.RuneSelf {
			if safe[b] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			dst = appendEscapedByte(dst, b)
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case c == '\u2028' || c == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// skipPlain skips, from i, eight bytes at a time while they are plain:
// ASCII that a JSON string carries unescaped, with no control byte, '"' or
// '\\', and for html no '<', '>' or '&'. It returns where it stopped: at the
// first word that is not plain, or where fewer than eight bytes remain. It
// tests eight bytes at once with the classic has-zero-byte and
// has-less-than tricks, which are exact as yes/no answers.
func skipPlain(s string, i int, html bool) int {
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		bad := x | (x - 0x20*ones) | hasByte(x, '"') | hasByte(x, '\\')
		if html {
			bad |= hasByte(x, '<') | hasByte(x, '>') | hasByte(x, '&')
		}
		if bad&(0x80*ones) != 0 {
			return i
		}
	}
	return i
}

const ones = 0x0101010101010101

// hasByte has a byte's high bit set when x holds c somewhere (possibly
// also above that byte, which plainWord does not mind).
func hasByte(x uint64, c byte) uint64 {
	y := x ^ (uint64(c) * ones)
	return (y - ones) &^ y
}

const hexDigits = "0123456789abcdef"

// appendEscapedByte escapes one ASCII byte that is not safe in a string.
func appendEscapedByte(dst []byte, b byte) []byte {
	switch b {
	case '\\', '"':
		return append(dst, '\\', b)
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
}

// jsonSafe and jsonHTMLSafe mark the ASCII bytes a string carries as they
// are: everything but control bytes, '"' and '\\', and for HTML also not
// '<', '>' or '&'.
var jsonSafe, jsonHTMLSafe = func() (safe, htmlSafe [utf8.RuneSelf]bool) {
	for b := 0x20; b < utf8.RuneSelf; b++ {
		safe[b] = b != '"' && b != '\\'
		htmlSafe[b] = safe[b] && b != '<' && b != '>' && b != '&'
	}
	return safe, htmlSafe
}()
