package yamlfast

import "unicode/utf8"

// validText reports whether every character of s is one goyaml.v2 reads
// without complaint and that this package treats as ordinary text: printable
// characters, tab and "\n". Carriage returns and the Unicode line breaks
// (NEL, LS, PS), which YAML treats as line ends, a byte order mark, and
// invalid UTF-8 send the document to the generic path.
func validText(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return false
		case r < 0xA0, r == 0x2028, r == 0x2029, r == 0xFEFF:
			return false
		case r > 0xD7FF && r < 0xE000, r == 0xFFFE, r == 0xFFFF:
			return false
		}
		i += size
	}
	return true
}
