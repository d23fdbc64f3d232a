package hypothesis

import (
	"fmt"

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
		return p.c.StrBytes(b), nil
	case c == 't' || c == 'f' || c == 'n':
		return p.literal()
	}
	return p.number()
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
		key := p.c.KeyBytes(k)
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
