package jsonfast

// Raw is the text of a JSON value the decoder kept undecoded (KeepRaw):
// valid JSON, as written. It marshals as itself.
type Raw string

// MarshalJSON returns the text.
func (r Raw) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// KeepRaw makes the Decoder keep the value of every fieldsV1 key inside a
// managedFields list undecoded, as a Raw. Those are the API server's
// field-ownership sets: trees of keys like "k:{\"name\":\"web\"}" that
// the analysis reads for few objects, but that were a third of what a
// troubleshoot bundle's pods decode to and half the load's work. Every
// other value decodes as without it.
func (d *Decoder) KeepRaw(on bool) { d.raw = on }

// rawValue scans the value at d.i, checking it as value would, and
// returns its text.
func (d *Decoder) rawValue() (any, bool) {
	start := d.i
	if !d.skip() {
		return nil, false
	}
	return Raw(d.s[start:d.i]), true
}

// skip scans one value, refusing what value refuses, and builds nothing.
func (d *Decoder) skip() bool {
	if d.i >= len(d.s) {
		return false
	}
	switch c := d.s[d.i]; {
	case c == '{' || c == '[':
		return d.skipContainer(c)
	case c == '"':
		raw, esc, ok := d.str()
		if ok && esc {
			_, ok = d.unescape(raw)
		}
		return ok
	case c == 't':
		return d.literal("true")
	case c == 'f':
		return d.literal("false")
	case c == 'n':
		return d.literal("null")
	case c == '-' || (c >= '0' && c <= '9'):
		_, ok := d.number()
		return ok
	}
	return false
}

// skipContainer scans an object or array; d.s[d.i] is open.
func (d *Decoder) skipContainer(open byte) bool {
	if d.depth++; d.depth > maxDepth {
		return false
	}
	defer func() { d.depth-- }()
	end := byte(']')
	if open == '{' {
		end = '}'
	}
	d.i++
	d.space()
	if d.i < len(d.s) && d.s[d.i] == end {
		d.i++
		return true
	}
	for {
		if open == '{' {
			if d.i >= len(d.s) || d.s[d.i] != '"' || !d.skip() {
				return false
			}
			d.space()
			if d.i >= len(d.s) || d.s[d.i] != ':' {
				return false
			}
			d.i++
			d.space()
		}
		if !d.skip() {
			return false
		}
		d.space()
		if d.i >= len(d.s) {
			return false
		}
		switch d.s[d.i] {
		case ',':
			d.i++
			d.space()
			continue
		case end:
			d.i++
			return true
		}
		return false
	}
}
