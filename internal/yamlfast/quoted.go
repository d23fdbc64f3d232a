package yamlfast

import "strings"

// quoted decodes the single- or double-quoted scalar at the current token,
// in a block collection at column n, leaving the position after the closing
// quote. One written without escapes on one line is returned as a
// substring; others follow goyaml.v2's scanner, folding line breaks the way
// it does. Continuation lines must be indented past n, which is stricter
// than goyaml.v2 and never rejects what emitters write.
func (d *Decoder) quoted(n int) (string, bool) {
	src, q := d.src, d.src[d.i]
	for j := d.i + 1; j < len(src); j++ {
		c := src[j]
		if c == q && (q == '"' || j+1 == len(src) || src[j+1] != '\'') {
			s := src[d.i+1 : j]
			d.i = j + 1
			return s, true
		}
		if c == '\n' || c == '\\' && q == '"' || c == '\'' && q == '\'' {
			break
		}
	}
	return d.quotedSlow(n)
}

// quotedSlow is goyaml.v2's yaml_parser_scan_flow_scalar over the document.
func (d *Decoder) quotedSlow(n int) (string, bool) {
	src, single := d.src, d.src[d.i] == '\''
	q := src[d.i]
	buf := d.buf[:0]
	p := d.i + 1
	for {
		if p > 0 && src[p-1] == '\n' && (marker(src[p:], "---") || marker(src[p:], "...")) {
			return "", false
		}
		if p >= len(src) {
			return "", false
		}
		leadingBlanks := false
	word:
		for p < len(src) && !blankOrBreak(src[p]) {
			c := src[p]
			switch {
			case single && c == '\'' && p+1 < len(src) && src[p+1] == '\'':
				buf = append(buf, '\'')
				p += 2
			case c == q:
				break word
			case !single && c == '\\' && p+1 < len(src) && src[p+1] == '\n':
				p += 2
				leadingBlanks = true
				break word
			case !single && c == '\\':
				var ok bool
				if buf, p, ok = escape(buf, src, p); !ok {
					return "", false
				}
			default:
				buf = append(buf, c)
				p++
			}
		}
		if p < len(src) && src[p] == q {
			break
		}
		ws, leadingBreak, trailing := p, false, 0
		for p < len(src) && blankOrBreak(src[p]) {
			if src[p] == '\n' {
				if !leadingBlanks {
					leadingBreak, leadingBlanks = true, true
				} else {
					trailing++
				}
			}
			p++
		}
		switch {
		case !leadingBlanks:
			buf = append(buf, src[ws:p]...)
		case leadingBreak && trailing == 0:
			buf = append(buf, ' ')
		default:
			buf = append(buf, strings.Repeat("\n", trailing)...)
		}
		if leadingBlanks && p < len(src) && p-(strings.LastIndexByte(src[:p], '\n')+1) <= n {
			return "", false
		}
	}
	d.i = p + 1
	d.buf = buf
	return string(buf), true
}

func blankOrBreak(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }
