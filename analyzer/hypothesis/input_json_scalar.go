package hypothesis

import (
	"encoding/json"
	"strconv"

	"github.com/open-policy-agent/opa/v1/ast"
)

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
