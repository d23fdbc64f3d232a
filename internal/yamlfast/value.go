package yamlfast

// value decodes what follows a mapping key's colon or a sequence dash, in a
// collection at column n. inMap allows the value to be a sequence written
// at the mapping's own indentation, as kubectl writes them.
func (d *Decoder) value(n int, inMap bool) (any, bool) {
	start := d.i
	d.skipSpaces()
	if d.i == start && !d.atLineEnd() {
		return nil, false // "key:x" is not a key; "-x" not an entry
	}
	if d.atLineEnd() || d.src[d.i] == '#' {
		if !d.nextLine() {
			return nil, false
		}
		switch {
		case d.eof:
			return nil, true
		case d.col() > n:
			return d.block(d.col())
		case inMap && d.col() == n && d.atSeqItem():
			d.depth++
			defer func() { d.depth-- }()
			return d.sequence(n)
		}
		return nil, true
	}
	if !inMap {
		// A sequence entry may itself open a sequence or a compact mapping
		// whose column is where its first token stands.
		if d.atSeqItem() || d.atKey() {
			return d.block(d.col())
		}
	}
	return d.scalar(n)
}

// scalar decodes a scalar that starts on the current line, followed by
// nothing but an optional comment.
func (d *Decoder) scalar(n int) (any, bool) {
	switch d.src[d.i] {
	case '|', '>':
		s, ok := d.blockScalar(n)
		if !ok {
			return nil, false
		}
		return d.box.str(s), true
	case '"', '\'':
		s, ok := d.quoted(n)
		if !ok || !d.endLine() {
			return nil, false
		}
		return d.box.str(s), true
	case '{', '[':
		return d.emptyFlow()
	}
	s, ok := d.plain(n)
	if !ok {
		return nil, false
	}
	return d.resolve(s)
}

// emptyFlow decodes "{}" or "[]"; any other flow collection is refused.
func (d *Decoder) emptyFlow() (any, bool) {
	if d.i+1 >= len(d.src) {
		return nil, false
	}
	open, closing := d.src[d.i], d.src[d.i+1]
	d.i += 2
	switch {
	case open == '{' && closing == '}':
		return map[string]any{}, d.endLine()
	case open == '[' && closing == ']':
		return []any{}, d.endLine()
	}
	return nil, false
}
