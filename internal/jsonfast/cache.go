package jsonfast

// Keys and short values repeat across the objects of a file and of a
// bundle. Each cache keeps one copy per distinct string up to maxCached
// bytes, and is emptied when full rather than grown, so unique names
// cannot make it unbounded. Lookups by a []byte converted in the index
// expression do not allocate.
const (
	maxCached  = 32
	maxEntries = 8192
)

// strCache shares strings.
type strCache struct{ m map[string]string }

// bytes returns raw as a string, shared when short.
func (c *strCache) bytes(raw []byte) string {
	if len(raw) > maxCached {
		return string(raw)
	}
	if s, ok := c.m[string(raw)]; ok {
		return s
	}
	if c.m == nil || len(c.m) >= maxEntries {
		c.m = make(map[string]string, 512)
	}
	s := string(raw)
	c.m[s] = s
	return s
}

// boxCache shares strings boxed in interfaces: boxing allocates too.
type boxCache struct{ m map[string]any }

// bytes returns raw as an interface value, shared when short.
func (c *boxCache) bytes(raw []byte) any {
	if len(raw) > maxCached {
		return string(raw)
	}
	if v, ok := c.m[string(raw)]; ok {
		return v
	}
	return c.put(string(raw))
}

// str is bytes for a string already decoded.
func (c *boxCache) str(s string) any {
	if len(s) > maxCached {
		return s
	}
	if v, ok := c.m[s]; ok {
		return v
	}
	return c.put(s)
}

func (c *boxCache) put(s string) any {
	if c.m == nil || len(c.m) >= maxEntries {
		c.m = make(map[string]any, 512)
	}
	v := any(s)
	c.m[s] = v
	return v
}
