package yamlfast

// blockScalar decodes a literal ("|") or folded (">") block scalar, with
// optional chomping ("-", "+") and indentation indicators, whose header is
// at the current token, in a block collection at column n. It follows
// goyaml.v2's scanner: the content indentation is the indicator past n, or
// else that of the first non-blank line (at least n+1); lines are kept
// verbatim past it, folded ones joined as the comment below says; chomping
// decides the final line breaks.
func (d *Decoder) blockScalar(n int) (string, bool) {
	src := d.src
	folded := src[d.i] == '>'
	p := d.i + 1
	chomp, indent := byte(0), 0
	for k := 0; k < 2 && p < len(src); k++ {
		switch c := src[p]; {
		case (c == '-' || c == '+') && chomp == 0:
			chomp = c
			p++
		case c >= '1' && c <= '9' && indent == 0:
			indent = max(n, 0) + int(c-'0')
			p++
		}
	}
	d.i = p
	start := d.i
	d.skipSpaces()
	if !d.atLineEnd() && (src[d.i] != '#' || d.i == start) {
		return "", false
	}
	p = d.lineEnd(d.i)
	if p < len(src) {
		p++
	}
	if indent == 0 {
		var ok bool
		if indent, ok = d.detectIndent(p, n); !ok {
			return "", false
		}
	}
	buf := d.buf[:0]
	lines, blanks, lastBreak, prevBlank := 0, 0, false, false
	for p < len(src) {
		j := p
		for j < len(src) && src[j] == ' ' && j-p < indent {
			j++
		}
		if j < len(src) && src[j] == '\t' && j-p < indent {
			return "", false
		}
		if j == len(src) {
			break
		}
		if src[j] == '\n' {
			blanks++ // a line with no text past the indentation
			p = j + 1
			continue
		}
		if j-p < indent {
			break // a less indented line ends the scalar
		}
		// Folding joins two lines of text with a space, or with nothing
		// when blank lines stand between them; lines that start with a
		// blank keep their breaks.
		blank := src[j] == ' ' || src[j] == '\t'
		if lines > 0 {
			if !folded || prevBlank || blank {
				buf = append(buf, '\n')
			} else if blanks == 0 {
				buf = append(buf, ' ')
			}
		}
		prevBlank = blank
		for ; blanks > 0; blanks-- {
			buf = append(buf, '\n')
		}
		e := d.lineEnd(j)
		buf = append(buf, src[j:e]...)
		lines++
		lastBreak = e < len(src)
		p = min(e+1, len(src))
	}
	switch {
	case lines == 0 && chomp == '+':
		return "", false
	case lines > 0 && chomp != '-' && lastBreak:
		buf = append(buf, '\n')
	}
	if chomp == '+' {
		for ; blanks > 0; blanks-- {
			buf = append(buf, '\n')
		}
	}
	d.buf = buf
	d.i, d.ls, d.le = p, p, p-1
	if !d.skipLines() {
		return "", false
	}
	return string(buf), true
}

// detectIndent finds the content indentation of a block scalar whose
// content starts at p: the indentation of its first non-blank line, and at
// least n+1. Blank lines indented deeper than that line are refused, as is
// a tab in indentation.
func (d *Decoder) detectIndent(p, n int) (int, bool) {
	src := d.src
	most := 0
	for p < len(src) {
		j := p
		for j < len(src) && src[j] == ' ' {
			j++
		}
		if j < len(src) && src[j] == '\t' {
			return 0, false
		}
		if j < len(src) && src[j] != '\n' {
			if j-p < most {
				return 0, false
			}
			return max(j-p, n+1, 1), true
		}
		most = max(most, j-p)
		p = j + 1
	}
	return max(most, n+1, 1), true
}
