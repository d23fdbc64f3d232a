package report

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// textOut lays text out within a column budget. It remembers the first write
// error so that section code can write freely and check once.
type textOut struct {
	w     io.Writer
	width int
	color bool
	err   error
}

// ANSI styles, applied after padding so that escape codes never count
// towards a column's width.
const (
	styleNone  = ""
	styleBold  = "1"
	styleDim   = "2"
	styleRed   = "31"
	styleGreen = "32"
	styleAmber = "33"
	styleCyan  = "36"
)

func (t *textOut) paint(style, s string) string {
	if !t.color || style == styleNone || s == "" {
		return s
	}
	return "\x1b[" + style + "m" + s + "\x1b[0m"
}

func (t *textOut) printf(format string, args ...any) {
	if t.err != nil {
		return
	}
	_, t.err = fmt.Fprintf(t.w, format, args...)
}

func (t *textOut) blank() { t.printf("\n") }

// heading writes a section title in upper case, underlined.
func (t *textOut) heading(title string) {
	title = strings.ToUpper(title)
	t.printf("%s\n%s\n", t.paint(styleBold, title), t.paint(styleDim, strings.Repeat("─", textWidth(title))))
}

// para writes s wrapped to the width, every line indented by indent spaces.
func (t *textOut) para(indent int, s string) {
	for _, l := range wrap(s, t.width-indent) {
		t.printf("%s%s\n", spaces(indent), l)
	}
}

// item writes a bullet (a short marker such as "-" or "+") and s with a
// hanging indent, so wrapped lines align under the text.
func (t *textOut) item(indent int, bullet, style, s string) {
	hang := indent + visibleWidth(bullet) + 1
	for i, l := range wrap(s, t.width-hang) {
		if i == 0 {
			t.printf("%s%s %s\n", spaces(indent), t.paint(style, bullet), l)
			continue
		}
		t.printf("%s%s\n", spaces(hang), l)
	}
}

// kv writes key, padded to keyWidth, then the value wrapped beside it.
func (t *textOut) kv(indent, keyWidth int, key, style, val string) {
	hang := indent + keyWidth + 1
	lines := wrap(val, t.width-hang)
	for i, l := range lines {
		if i == 0 {
			t.printf("%s%s %s\n", spaces(indent), pad(key, keyWidth), t.paint(style, l))
			continue
		}
		t.printf("%s%s\n", spaces(hang), t.paint(style, l))
	}
}

// wrap breaks s into lines of at most width display columns, at spaces when
// possible and inside a word only when the word alone is too long (paths
// and URLs). It always returns at least one line.
func wrap(s string, width int) []string {
	if width < 1 {
		width = 1
	}
	var lines []string
	// line holds the words placed so far and lineWidth its width, kept
	// as textWidth(line) would give it, so each word costs its own length,
	// not the line's.
	var line strings.Builder
	lineWidth := 0
	for _, para := range strings.Split(s, "\n") {
		for _, word := range strings.Fields(para) {
			for textWidth(word) > width {
				if line.Len() > 0 {
					lines = append(lines, line.String())
					line.Reset()
				}
				head := breakWord(word, width)
				lines = append(lines, head)
				word = word[len(head):]
			}
			w := textWidth(word)
			switch {
			case line.Len() == 0:
				line.WriteString(word)
				lineWidth = w
			case lineWidth+1+w <= width:
				additive := word == "" || word[0] < utf8.RuneSelf && line.String()[line.Len()-1] < utf8.RuneSelf
				line.WriteByte(' ')
				line.WriteString(word)
				lineWidth += 1 + w
				if !additive {
					// A space between non-ASCII text can join a grapheme
					// cluster (a prepended or combining mark), so the
					// widths of the parts need not add up.
					lineWidth = textWidth(line.String())
				}
			default:
				lines = append(lines, line.String())
				line.Reset()
				line.WriteString(word)
				lineWidth = w
			}
		}
		lines = append(lines, line.String())
		line.Reset()
	}
	return lines
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

func spaces(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat(" ", n)
}

// pad right-pads s with spaces to width display columns.
func pad(s string, width int) string {
	return s + spaces(width-textWidth(s))
}

var ansiCode = regexp.MustCompile("\x1b\\[[0-9;]*m")

// visibleWidth is the display width of s without its ANSI colour codes.
func visibleWidth(s string) int {
	return textWidth(ansiCode.ReplaceAllString(s, ""))
}
