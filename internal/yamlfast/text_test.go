package yamlfast

import (
	"strings"
	"testing"
)

// TestValidText checks the word-at-a-time validText against the same test
// made one character at a time, with every byte value at every position of
// a word.
func TestValidText(t *testing.T) {
	byChar := func(s string) bool {
		for i := 0; i < len(s); {
			n, ok := validChar(s, i)
			if !ok {
				return false
			}
			i += n
		}
		return true
	}
	base := "key: value\tend\n" + strings.Repeat("x", 17)
	for c := 0; c < 256; c++ {
		for pos := range 16 {
			s := base[:pos] + string(rune(c)) + base[pos:]
			b := []byte(base[:pos] + "\x00" + base[pos:])
			b[pos] = byte(c)
			for _, in := range []string{s, string(b)} {
				if got, want := validText(in), byChar(in); got != want {
					t.Errorf("validText(%q) = %v, want %v", in, got, want)
				}
			}
		}
	}
}
