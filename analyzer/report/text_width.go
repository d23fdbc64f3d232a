package report

import "github.com/mattn/go-runewidth"

// textWidth is the number of terminal columns s takes, as
// runewidth.StringWidth counts them. Printable ASCII, nearly all of a
// report, is one column a byte whatever the locale, so it is counted
// without segmenting graphemes; anything else goes to runewidth.
func textWidth(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return runewidth.StringWidth(s)
		}
	}
	return len(s)
}
