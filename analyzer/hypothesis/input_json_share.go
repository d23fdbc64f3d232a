package hypothesis

import (
	"github.com/open-policy-agent/opa/v1/ast"
)

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
