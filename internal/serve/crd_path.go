package serve

import (
	"reflect"
	"sync"

	"k8s.io/client-go/util/jsonpath"
)

// columnPath evaluates one JSONPath template from any number of
// goroutines. A parsed jsonpath.JSONPath is not safe for concurrent use:
// a template with a range counts its nesting in the JSONPath while it
// evaluates, and cuts the parse tree down to the range's body and leaves
// it cut, so such a JSONPath answers once and then fails ("not in range,
// nothing to end"). Each evaluation therefore takes a JSONPath of its
// own from a pool, and one with a range is parsed afresh every time.
type columnPath struct {
	pool  sync.Pool
	spent bool // the template has a range: a JSONPath evaluates it once
}

// newColumnPath parses template; missing keys give no result when allow.
func newColumnPath(name, template string, allow bool) (*columnPath, error) {
	parse := func() (*jsonpath.JSONPath, error) {
		p := jsonpath.New(name).AllowMissingKeys(allow)
		return p, p.Parse(template)
	}
	first, err := parse()
	if err != nil {
		return nil, err
	}
	tree, err := jsonpath.Parse(name, template)
	if err != nil {
		return nil, err
	}
	c := &columnPath{spent: hasRange(tree.Root)}
	c.pool.New = func() any {
		p, _ := parse() // parsed once above: it parses again
		return p
	}
	c.pool.Put(first)
	return c, nil
}

// find evaluates the template on data.
func (c *columnPath) find(data any) ([][]reflect.Value, error) {
	p := c.pool.Get().(*jsonpath.JSONPath)
	res, err := p.FindResults(data)
	if !c.spent {
		c.pool.Put(p)
	}
	return res, err
}

// hasRange reports whether a parse tree holds a range.
func hasRange(n jsonpath.Node) bool {
	switch n := n.(type) {
	case *jsonpath.ListNode:
		for _, m := range n.Nodes {
			if hasRange(m) {
				return true
			}
		}
	case *jsonpath.FilterNode:
		return hasRange(n.Left) || hasRange(n.Right)
	case *jsonpath.IdentifierNode:
		return n.Name == "range"
	}
	return false
}
