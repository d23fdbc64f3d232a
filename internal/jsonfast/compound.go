package jsonfast

// object decodes {...}; d.s[d.i] is '{'.
func (d *Decoder) object() (any, bool) {
	if d.depth++; d.depth > maxDepth {
		return nil, false
	}
	defer func() { d.depth-- }()
	d.i++
	base := len(d.kvs)
	defer func() { d.kvs = d.kvs[:base] }()
	d.space()
	if d.i < len(d.s) && d.s[d.i] == '}' {
		d.i++
		return map[string]any{}, true
	}
	for {
		if d.i >= len(d.s) || d.s[d.i] != '"' {
			return nil, false
		}
		raw, esc, ok := d.str()
		if !ok {
			return nil, false
		}
		var k string
		if esc {
			if k, ok = d.unescape(raw); !ok {
				return nil, false
			}
		} else {
			k = d.keys.bytes(raw)
		}
		d.space()
		if d.i >= len(d.s) || d.s[d.i] != ':' {
			return nil, false
		}
		d.i++
		d.space()
		var v any
		switch {
		case !d.raw:
			v, ok = d.value()
		case k == "fieldsV1" && d.managed > 0:
			v, ok = d.rawValue()
		case k == "managedFields":
			d.managed++
			v, ok = d.value()
			d.managed--
		default:
			v, ok = d.value()
		}
		if !ok {
			return nil, false
		}
		d.kvs = append(d.kvs, entry{k, v})
		d.space()
		if d.i >= len(d.s) {
			return nil, false
		}
		switch d.s[d.i] {
		case ',':
			d.i++
			d.space()
			continue
		case '}':
			d.i++
			kvs := d.kvs[base:]
			m := d.newMap(len(kvs))
			for _, e := range kvs {
				m[e.k] = e.v // a later duplicate wins, as in encoding/json
			}
			clear(kvs) // drop references for the collector
			return m, true
		}
		return nil, false
	}
}

// array decodes [...]; d.s[d.i] is '['.
func (d *Decoder) array() (any, bool) {
	if d.depth++; d.depth > maxDepth {
		return nil, false
	}
	defer func() { d.depth-- }()
	d.i++
	base := len(d.items)
	defer func() { d.items = d.items[:base] }()
	d.space()
	if d.i < len(d.s) && d.s[d.i] == ']' {
		d.i++
		return []any{}, true
	}
	for {
		v, ok := d.value()
		if !ok {
			return nil, false
		}
		d.items = append(d.items, v)
		d.space()
		if d.i >= len(d.s) {
			return nil, false
		}
		switch d.s[d.i] {
		case ',':
			d.i++
			d.space()
			continue
		case ']':
			d.i++
			items := d.items[base:]
			out := make([]any, len(items))
			copy(out, items)
			clear(items)
			return out, true
		}
		return nil, false
	}
}
