package hypothesis

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/open-policy-agent/opa/v1/ast"
)

// jsonValue converts JSON text, as json.Marshal writes it, to the AST value
// ast.InterfaceToValue gives for its json.Unmarshal form (numbers as
// float64), without building that form first.
func (c *converter) jsonValue(data []byte) (ast.Value, error) {
	p := jsonParser{c: c, data: data}
	v, err := p.value()
	if err == nil && p.skipSpace() < len(data) {
		err = p.errorf("trailing data")
	}
	return v, err
}

type jsonParser struct {
	c    *converter
	data []byte
	pos  int
	kvs  [][2]*ast.Term // scratch: the fields of the objects being read
	vals []ast.Value    // scratch: the values of the containers being read
}

// terms moves the scratch values from mark on into one block of terms.
func (p *jsonParser) terms(mark int) []ast.Term {
	ts := make([]ast.Term, len(p.vals)-mark)
	for i, v := range p.vals[mark:] {
		ts[i].Value = v
	}
	p.vals = p.vals[:mark]
	return ts
}

func (p *jsonParser) errorf(msg string) error {
	return fmt.Errorf("json offset %d: %s", p.pos, msg)
}

// skipSpace moves past white space and returns the position.
func (p *jsonParser) skipSpace() int {
	for p.pos < len(p.data) && (p.data[p.pos] == ' ' || p.data[p.pos] == '\t' || p.data[p.pos] == '\n' || p.data[p.pos] == '\r') {
		p.pos++
	}
	return p.pos
}

func (p *jsonParser) value() (ast.Value, error) {
	if p.skipSpace() >= len(p.data) {
		return nil, p.errorf("unexpected end")
	}
	switch c := p.data[p.pos]; {
	case c == '{' || c == '[':
		return p.container()
	case c == '"':
		b, err := p.str()
		if err != nil {
			return nil, err
		}
		if v, ok := p.c.strs[string(b)]; ok {
			return v, nil
		}
		return p.c.str(string(b)), nil
	case c == 't' || c == 'f' || c == 'n':
		return p.literal()
	}
	return p.number()
}

// maxShared bounds the text of the objects and arrays a converter shares.
const maxShared = 512

// container reads an object or array. A short one (a reference {apiVersion,
// kind, namespace, name}, an evidence item, a pair of layer names) is
// looked up by its text first: such values repeat all over the workloads
// (a stage and a layer cite the same evidence), and one shared value
// serves every occurrence, which keeps the input small.
func (p *jsonParser) container() (ast.Value, error) {
	end := p.shortEnd()
	if end < 0 {
		return p.read()
	}
	text := p.data[p.pos:end]
	if v, ok := p.c.shared[string(text)]; ok {
		p.pos = end
		return v, nil
	}
	v, err := p.read()
	if err == nil {
		p.c.share(string(text), v)
	}
	return v, err
}

func (p *jsonParser) read() (ast.Value, error) {
	if p.data[p.pos] == '{' {
		return p.object()
	}
	return p.array()
}

// shortEnd is the end of the container at p.pos if its text is at most
// maxShared bytes long, else -1.
func (p *jsonParser) shortEnd() int {
	depth := 0
	for i := p.pos; i < len(p.data) && i-p.pos < maxShared; i++ {
		switch p.data[i] {
		case '"':
			for i++; i < len(p.data) && p.data[i] != '"'; i++ {
				if p.data[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

func (p *jsonParser) object() (ast.Value, error) {
	p.pos++ // {
	mark, vmark := len(p.kvs), len(p.vals)
	defer func() { p.kvs, p.vals = p.kvs[:mark], p.vals[:vmark] }()
	for {
		if p.skipSpace() < len(p.data) && p.data[p.pos] == '}' && len(p.kvs) == mark {
			p.pos++
			return ast.NewObject(), nil
		}
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return nil, p.errorf("want an object key")
		}
		k, err := p.str()
		if err != nil {
			return nil, err
		}
		key, ok := p.c.keys[string(k)]
		if !ok {
			key = p.c.key(string(k))
		}
		if p.skipSpace() >= len(p.data) || p.data[p.pos] != ':' {
			return nil, p.errorf("want ':'")
		}
		p.pos++
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		p.kvs = append(p.kvs, [2]*ast.Term{key, nil})
		p.vals = append(p.vals, v)
		if p.skipSpace() >= len(p.data) {
			return nil, p.errorf("unexpected end")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
			p.skipSpace()
		case '}':
			p.pos++
			kvs := p.kvs[mark:]
			ts := p.terms(vmark)
			for i := range ts {
				kvs[i][1] = &ts[i]
			}
			return ast.NewObject(kvs...), nil
		default:
			return nil, p.errorf("want ',' or '}'")
		}
	}
}

func (p *jsonParser) array() (ast.Value, error) {
	p.pos++ // [
	vmark := len(p.vals)
	defer func() { p.vals = p.vals[:vmark] }()
	if p.skipSpace() < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return ast.NewArray(), nil
	}
	for {
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		p.vals = append(p.vals, v)
		if p.skipSpace() >= len(p.data) {
			return nil, p.errorf("unexpected end")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			ts := p.terms(vmark)
			ptrs := make([]*ast.Term, len(ts))
			for i := range ts {
				ptrs[i] = &ts[i]
			}
			return ast.NewArray(ptrs...), nil
		default:
			return nil, p.errorf("want ',' or ']'")
		}
	}
}

// str reads a string; one with escapes is unquoted by encoding/json, so
// escapes mean exactly what they mean to json.Unmarshal. The bytes are the
// input's own when there is no escape: callers copy what they keep.
func (p *jsonParser) str() ([]byte, error) {
	start := p.pos
	p.pos++ // "
	escaped := false
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case '\\':
			escaped = true
			p.pos += 2
			continue
		case '"':
			p.pos++
			if !escaped {
				return p.data[start+1 : p.pos-1], nil
			}
			var s string
			err := json.Unmarshal(p.data[start:p.pos], &s)
			return []byte(s), err
		}
		p.pos++
	}
	return nil, p.errorf("unterminated string")
}

func (p *jsonParser) literal() (ast.Value, error) {
	for _, l := range []struct {
		text string
		v    ast.Value
	}{{"true", ast.Boolean(true)}, {"false", ast.Boolean(false)}, {"null", ast.Null{}}} {
		if len(p.data)-p.pos >= len(l.text) && string(p.data[p.pos:p.pos+len(l.text)]) == l.text {
			p.pos += len(l.text)
			return l.v, nil
		}
	}
	return nil, p.errorf("invalid literal")
}

// number reads a number the way json.Unmarshal into any does: as a float64.
func (p *jsonParser) number() (ast.Value, error) {
	start := p.pos
	for p.pos < len(p.data) && (p.data[p.pos] == '-' || p.data[p.pos] == '+' || p.data[p.pos] == '.' || p.data[p.pos] == 'e' || p.data[p.pos] == 'E' || (p.data[p.pos] >= '0' && p.data[p.pos] <= '9')) {
		p.pos++
	}
	f, err := strconv.ParseFloat(string(p.data[start:p.pos]), 64)
	if err != nil {
		return nil, p.errorf("invalid number")
	}
	return ast.InterfaceToValue(f)
}
