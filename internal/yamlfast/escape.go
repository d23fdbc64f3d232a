package yamlfast

import "unicode/utf8"

// escapes maps goyaml.v2's single-character escapes to their text.
var escapes = map[byte]string{
	'0': "\x00", 'a': "\a", 'b': "\b", 't': "\t", '\t': "\t", 'n': "\n",
	'v': "\v", 'f': "\f", 'r': "\r", 'e': "\x1b", ' ': " ", '"': "\"",
	'\'': "'", '\\': "\\", 'N': "\u0085", '_': "\u00a0", 'L': "\u2028",
	'P': "\u2029",
}

// escape decodes the double-quoted escape sequence at src[p] ('\\'),
// appending its text to buf. Unknown escapes, bad hex digits and code
// points that are surrogates or beyond Unicode are refused, as goyaml.v2
// refuses them.
func escape(buf []byte, src string, p int) ([]byte, int, bool) {
	if p+1 >= len(src) {
		return buf, p, false
	}
	c := src[p+1]
	if s, ok := escapes[c]; ok {
		return append(buf, s...), p + 2, true
	}
	var width int
	switch c {
	case 'x':
		width = 2
	case 'u':
		width = 4
	case 'U':
		width = 8
	default:
		return buf, p, false
	}
	p += 2
	if p+width > len(src) {
		return buf, p, false
	}
	var r rune
	for _, h := range []byte(src[p : p+width]) {
		var v byte
		switch {
		case h >= '0' && h <= '9':
			v = h - '0'
		case h >= 'a' && h <= 'f':
			v = h - 'a' + 10
		case h >= 'A' && h <= 'F':
			v = h - 'A' + 10
		default:
			return buf, p, false
		}
		r = r<<4 | rune(v)
	}
	if (r >= 0xD800 && r <= 0xDFFF) || r > 0x10FFFF || r < 0 {
		return buf, p, false
	}
	return utf8.AppendRune(buf, r), p + width, true
}
