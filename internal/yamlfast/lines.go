package yamlfast

import "strings"

// skipSpaces moves past spaces on the current line. Tabs are not skipped:
// goyaml.v2 refuses most of them outside scalars, so they stop the fast path.
func (d *Decoder) skipSpaces() {
	for d.i < len(d.src) && d.src[d.i] == ' ' {
		d.i++
	}
}

func (d *Decoder) atLineEnd() bool { return d.i >= len(d.src) || d.src[d.i] == '\n' }

// endLine finishes the current line after a complete token: only spaces and
// a comment may follow, and the comment must be separated by a space.
func (d *Decoder) endLine() bool {
	start := d.i
	d.skipSpaces()
	if d.atLineEnd() || (d.src[d.i] == '#' && d.i > start) {
		return d.nextLine()
	}
	return false
}

// nextLine moves to the first token of the next line that holds one,
// ignoring the rest of the current line.
func (d *Decoder) nextLine() bool {
	e := d.lineEnd(d.i)
	if e == len(d.src) {
		d.i, d.eof = len(d.src), true
		return true
	}
	d.i = e + 1
	return d.skipLines()
}

// skipLines moves from the start of a line past blank and comment lines to
// the first token of a content line, or sets eof. A "---" marker may only
// open the document, and a "..." end marker only follow a node and precede
// blank and comment lines; a tab in indentation is refused.
func (d *Decoder) skipLines() bool {
	for d.i < len(d.src) {
		d.ls = d.i
		d.skipSpaces()
		if d.atLineEnd() {
			if d.i < len(d.src) {
				d.i++
			}
			continue
		}
		switch c := d.src[d.i]; {
		case c == '\t':
			return false
		case c == '#':
			d.skipLine()
			continue
		case d.col() == 0 && marker(d.src[d.i:], "---"):
			if d.seen || d.opened || !d.startMarker() {
				return false
			}
			continue
		case d.col() == 0 && marker(d.src[d.i:], "..."):
			if !d.seen {
				return false // goyaml.v2 wants a node before the end marker
			}
			d.skipLine()
			return d.onlyComments()
		}
		d.le = d.ls - 1 // unknown until asked for
		d.le = d.lineEnd(d.i)
		return true
	}
	d.eof = true
	return true
}

// skipLine moves to the start of the next line.
func (d *Decoder) skipLine() {
	j := strings.IndexByte(d.src[d.i:], '\n')
	if j < 0 {
		d.i = len(d.src)
		return
	}
	d.i += j + 1
}

// onlyComments accepts the rest of the document after a "..." end marker
// when it holds no content, and sets eof.
func (d *Decoder) onlyComments() bool {
	if !d.skipLines() || !d.eof {
		return false
	}
	return true
}

// marker reports whether s starts with the document marker m followed by a
// blank or the end of the line.
func marker(s, m string) bool {
	if !strings.HasPrefix(s, m) {
		return false
	}
	return len(s) == len(m) || s[len(m)] == ' ' || s[len(m)] == '\t' || s[len(m)] == '\n'
}

// lineEnd returns the index of the end of the line holding i. The end of
// the current line is found once.
func (d *Decoder) lineEnd(i int) int {
	if i >= d.ls && i <= d.le {
		return d.le
	}
	j := strings.IndexByte(d.src[i:], '\n')
	if j < 0 {
		return len(d.src)
	}
	return i + j
}

// startMarker moves past a "---" line that opens the document; only spaces
// and a comment may follow the dashes.
func (d *Decoder) startMarker() bool {
	d.opened = true
	d.i += 3
	if !d.endMarkerLine() {
		return false
	}
	return true
}

// endMarkerLine accepts the rest of a marker line: spaces, then the end of
// the line or a comment, and moves to the start of the next line.
func (d *Decoder) endMarkerLine() bool {
	start := d.i
	d.skipSpaces()
	if !d.atLineEnd() && (d.src[d.i] != '#' || d.i == start) {
		return false
	}
	d.skipLine()
	return true
}
