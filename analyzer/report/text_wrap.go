package report

import (
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// wrap breaks s into lines of at most width display columns, at spaces when
// possible and inside a word only when the word alone is too long (paths
// and URLs). It always returns at least one line.
func wrap(s string, width int) []string {
	if width < 1 {
		width = 1
	}
	var lines []string
	var line wrapLine
	for _, para := range strings.Split(s, "\n") {
		for _, word := range strings.Fields(para) {
			for textWidth(word) > width {
				if !line.empty() {
					lines = append(lines, line.take())
				}
				head := breakWord(word, width)
				lines = append(lines, head)
				word = word[len(head):]
			}
			w := textWidth(word)
			switch {
			case line.empty():
				line.start(word, w)
			case line.width+1+w <= width:
				line.add(word, w)
			default:
				lines = append(lines, line.take())
				line.start(word, w)
			}
		}
		lines = append(lines, line.take())
	}
	return lines
}

// wrapLine is the line wrap is filling. It keeps the line's width as
// textWidth would give it, so each word costs its own length rather than
// the line's, and it copies words together only once a second one joins
// the first, so a one-word line costs nothing.
type wrapLine struct {
	first string // the line while it holds at most one word
	words []byte // the line once it holds more, reused from line to line
	multi bool   // words, not first, holds the line
	width int
}

func (l *wrapLine) empty() bool { return !l.multi && l.first == "" }

// start makes word of width w the whole line.
func (l *wrapLine) start(word string, w int) {
	l.first, l.multi, l.width = word, false, w
}

// add appends a space and word, of width w.
func (l *wrapLine) add(word string, w int) {
	if !l.multi {
		l.words = append(l.words[:0], l.first...)
		l.multi = true
	}
	additive := word == "" || word[0] < utf8.RuneSelf && l.words[len(l.words)-1] < utf8.RuneSelf
	l.words = append(l.words, ' ')
	l.words = append(l.words, word...)
	l.width += 1 + w
	if !additive {
		// A space next to non-ASCII text can join a grapheme cluster (a
		// prepended or combining mark), so the parts' widths need not add up.
		l.width = textWidth(string(l.words))
	}
}

// take returns the line and empties it.
func (l *wrapLine) take() string {
	s := l.first
	if l.multi {
		s = string(l.words)
	}
	l.first, l.multi, l.width = "", false, 0
	return s
}

// breakWord returns the head of a word too long for width: up to the last
// '/', '-', '.', ',', ':' or '=' that fits (so paths and refs split at
// their separators), else as much as fits, else one rune.
func breakWord(word string, width int) string {
	head := runewidth.Truncate(word, width, "")
	if i := strings.LastIndexAny(head, "/-.,:="); i >= 0 && textWidth(head[:i+1]) > width/3 {
		return head[:i+1]
	}
	if head == "" { // a double-width rune in a one-column cell
		_, size := utf8.DecodeRuneInString(word)
		head = word[:size]
	}
	return head
}
