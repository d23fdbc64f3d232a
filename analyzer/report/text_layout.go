package report

import (
	"fmt"
	"io"
	"regexp"
	"strings"
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
