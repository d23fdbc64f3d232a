package yamlfast

import "unicode/utf8"

// validText reports whether every character of s is one goyaml.v2 reads
// without complaint and that this package treats as ordinary text: printable
// characters, tab and "\n". Carriage returns and the Unicode line breaks
// (NEL, LS, PS), which YAML treats as line ends, a byte order mark, and
// invalid UTF-8 send the document to the generic path. Eight bytes of plain
// ASCII are checked at a time.
func validText(s string) bool {
	i := 0
	for i+8 <= len(s) {
		if asciiWord(load64(s[i : i+8])) {
			i += 8
			continue
		}
		end := i + 8
		for i < end {
			n, ok := validChar(s, i)
			if !ok {
				return false
			}
			i += n
		}
	}
	for i < len(s) {
		n, ok := validChar(s, i)
		if !ok {
			return false
		}
		i += n
	}
	return true
}

const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// asciiWord reports whether the eight bytes of w are all printable ASCII,
// tab or "\n". Each test is exact per byte: no carry crosses bytes.
func asciiWord(w uint64) bool {
	if w&highs != 0 {
		return false
	}
	control := ^((w & (0x7f * lows)) + 0x60*lows) & highs // bytes below 0x20
	return control&^(zeroBytes(w^'\n'*lows)|zeroBytes(w^'\t'*lows)) == 0 &&
		zeroBytes(w^0x7f*lows) == 0
}

// load64 reads eight bytes of s, little-endian; the compiler makes it one
// load.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// zeroBytes has the high bit set in each byte of w that is zero.
func zeroBytes(w uint64) uint64 {
	return ^(((w & (0x7f * lows)) + 0x7f*lows) | w) & highs
}

// validChar checks the character at s[i] and returns its width.
func validChar(s string, i int) (int, bool) {
	c := s[i]
	if c < utf8.RuneSelf {
		return 1, (c >= 0x20 || c == '\n' || c == '\t') && c != 0x7f
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && size == 1:
		return 0, false
	case r < 0xA0, r == 0x2028, r == 0x2029, r == 0xFEFF:
		return 0, false
	case r > 0xD7FF && r < 0xE000, r == 0xFFFE, r == 0xFFFF:
		return 0, false
	}
	return size, true
}
