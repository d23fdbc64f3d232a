package yamlfast

import "strings"

// Boxing a string into an interface allocates; most values in Kubernetes
// objects are short and repeat ("True", "Running", "v1", node names), so
// one boxed copy per distinct short value serves every document a Decoder
// reads. Cached strings are clones, so the cache pins no document, and the
// cache is emptied when full rather than grown, so unique names cannot make
// it unbounded.
const (
	maxBoxLen = 24
	maxBoxes  = 4096
)

type boxCache struct{ m map[string]any }

// str returns s as an interface value, shared when s is short.
func (c *boxCache) str(s string) any {
	if len(s) > maxBoxLen {
		return s
	}
	if v, ok := c.m[s]; ok {
		return v
	}
	if c.m == nil {
		c.m = make(map[string]any, 256)
	}
	if len(c.m) >= maxBoxes {
		clear(c.m)
	}
	s = strings.Clone(s)
	v := any(s)
	c.m[s] = v
	return v
}
