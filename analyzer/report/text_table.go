package report

import (
	"strings"
)

// cell is one table cell: its text and the ANSI style of that text.
type cell struct {
	text  string
	style string
}

// table writes rows under a header row, indented, within the text width.
// When the natural column widths do not fit, the widest column gives up
// columns first, and cells wrap inside their column; so a long identity or
// message costs lines, never the width budget.
func (t *textOut) table(indent int, header []string, rows [][]cell) {
	if len(header) == 0 {
		return
	}
	n := len(header)
	widths := make([]int, n)
	words := make([]int, n)
	for i, h := range header {
		widths[i] = textWidth(h)
		words[i] = widths[i]
	}
	for _, r := range rows {
		for i := 0; i < n && i < len(r); i++ {
			widths[i] = max(widths[i], textWidth(r[i].text))
			words[i] = max(words[i], longestWord(r[i].text))
		}
	}
	fitColumns(widths, words, t.width-indent-2*(n-1))

	t.tableRow(indent, widths, headerCells(header))
	for _, r := range rows {
		t.tableRow(indent, widths, r)
	}
}

// fitColumns shrinks columns until the sum fits budget. It first narrows
// the widest column that is still wider than its longest word (minWords),
// so text wraps at spaces; only if that is not enough does it break words,
// down to 6 columns per column.
func fitColumns(widths, minWords []int, budget int) {
	total := 0
	for _, w := range widths {
		total += w
	}
	// Narrow terminals get narrower columns rather than overflowing lines.
	least := max(1, min(6, budget/max(1, len(widths))))
	for _, floor := range []func(int) int{func(i int) int { return max(minWords[i], least) }, func(int) int { return least }} {
		for total > budget {
			wi := -1
			for i, w := range widths {
				if w > floor(i) && (wi < 0 || w > widths[wi]) {
					wi = i
				}
			}
			if wi < 0 {
				break
			}
			widths[wi]--
			total--
		}
	}
}

// longestWord returns the display width of the longest space-free run in s.
func longestWord(s string) int {
	best := 0
	for _, w := range strings.Fields(s) {
		best = max(best, textWidth(w))
	}
	return best
}

func headerCells(h []string) []cell {
	out := make([]cell, len(h))
	for i, s := range h {
		out[i] = cell{text: strings.ToUpper(s), style: styleDim}
	}
	return out
}

func (t *textOut) tableRow(indent int, widths []int, r []cell) {
	cols := make([][]string, len(widths))
	height := 1
	for i := range widths {
		txt := ""
		if i < len(r) {
			txt = r[i].text
		}
		cols[i] = wrap(txt, widths[i])
		height = max(height, len(cols[i]))
	}
	for line := 0; line < height; line++ {
		var b strings.Builder
		b.WriteString(spaces(indent))
		for i, w := range widths {
			s := ""
			if line < len(cols[i]) {
				s = cols[i][line]
			}
			style := styleNone
			if i < len(r) {
				style = r[i].style
			}
			if i < len(widths)-1 {
				b.WriteString(t.paint(style, s) + spaces(w-textWidth(s)) + "  ")
			} else {
				b.WriteString(t.paint(style, s))
			}
		}
		// An empty last cell leaves padding behind; trailing blanks only
		// make diffs and copy-paste noisy.
		t.printf("%s\n", strings.TrimRight(b.String(), " "))
	}
}

// flow writes a label and then short cells separated by two spaces, moving
// to a new line (aligned under the first cell) when the next cell would pass
// the width.
func (t *textOut) flow(indent, labelWidth int, label string, parts []cell) {
	hang := indent
	var b strings.Builder
	b.WriteString(spaces(indent))
	if labelWidth > 0 {
		hang += labelWidth + 1
		b.WriteString(pad(label, labelWidth) + " ")
	}
	col := hang
	for i, p := range parts {
		w := textWidth(p.text)
		if i > 0 && col+2+w > t.width {
			t.printf("%s\n", b.String())
			b.Reset()
			b.WriteString(spaces(hang))
			col = hang
		} else if i > 0 {
			b.WriteString("  ")
			col += 2
		}
		b.WriteString(t.paint(p.style, p.text))
		col += w
	}
	t.printf("%s\n", b.String())
}
