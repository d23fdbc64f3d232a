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
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
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

func (p *jsonParser) object() (ast.Value, error) {
	p.pos++ // {
	mark := len(p.kvs)
	defer func() { p.kvs = p.kvs[:mark] }()
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
		p.kvs = append(p.kvs, [2]*ast.Term{key, ast.NewTerm(v)})
		if p.skipSpace() >= len(p.data) {
			return nil, p.errorf("unexpected end")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
			p.skipSpace()
		case '}':
			p.pos++
			return ast.NewObject(p.kvs[mark:]...), nil
		default:
			return nil, p.errorf("want ',' or '}'")
		}
	}
}

func (p *jsonParser) array() (ast.Value, error) {
	p.pos++ // [
	var ts []*ast.Term
	if p.skipSpace() < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return ast.NewArray(), nil
	}
	for {
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		ts = append(ts, ast.NewTerm(v))
		if p.skipSpace() >= len(p.data) {
			return nil, p.errorf("unexpected end")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return ast.NewArray(ts...), nil
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
