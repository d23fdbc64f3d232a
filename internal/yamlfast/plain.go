package yamlfast

// plain decodes a plain scalar starting at the current token, in a block
// collection at column n. Like goyaml.v2 it folds continuation lines
// indented past n: one line break becomes a space, each blank line a "\n".
// A scalar written on one line is returned as a substring of the document.
func (d *Decoder) plain(n int) (string, bool) {
	start := d.i
	end := d.lineEnd(start)
	if !plainStart(d.src[start:end]) {
		return "", false
	}
	last, stop, ok := plainLine(d.src[:end], start)
	if !ok {
		return "", false
	}
	next, breaks := d.continuation(stop, n)
	if next < 0 {
		d.i = stop
		return d.src[start:last], d.nextLine()
	}
	buf := append(d.buf[:0], d.src[start:last]...)
	for next >= 0 {
		if breaks == 0 {
			buf = append(buf, ' ')
		}
		for ; breaks > 0; breaks-- {
			buf = append(buf, '\n')
		}
		end = d.lineEnd(next)
		last, stop, ok = plainLine(d.src[:end], next)
		if !ok {
			return "", false
		}
		buf = append(buf, d.src[next:last]...)
		next, breaks = d.continuation(stop, n)
	}
	d.buf = buf
	d.i = stop
	return string(buf), d.nextLine()
}

// plainLine scans one line of a plain scalar in s from i. It returns the
// end of the text without trailing spaces and where scanning stopped: the
// end of s or a comment. ": " or a tab refuses the scalar.
func plainLine(s string, i int) (last, stop int, ok bool) {
	last = i
	for j := i; j < len(s); j++ {
		switch s[j] {
		case ':':
			if j+1 == len(s) || s[j+1] == ' ' {
				return 0, 0, false
			}
		case ' ':
			if j+1 < len(s) && s[j+1] == '#' {
				return last, j + 1, true
			}
			continue
		case '\t':
			return 0, 0, false
		}
		last = j + 1
	}
	return last, len(s), true
}

// continuation looks past the line end at stop for the next line of a
// plain scalar in a collection at column n: the first token of a line
// indented past n that is not a comment. It returns that token's position
// (or -1) and how many blank lines came first.
func (d *Decoder) continuation(stop, n int) (next, breaks int) {
	src := d.src
	if stop >= len(src) || src[stop] != '\n' {
		return -1, 0 // a comment ends the scalar
	}
	for i := stop + 1; i < len(src); {
		j := i
		for j < len(src) && src[j] == ' ' {
			j++
		}
		switch {
		case j < len(src) && src[j] == '\t':
			return -1, 0
		case j == len(src):
			return -1, 0
		case src[j] == '\n':
			breaks++
			i = j + 1
			continue
		case src[j] == '#' || j-i <= n:
			return -1, 0
		}
		return j, breaks
	}
	return -1, 0
}
