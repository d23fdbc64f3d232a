// Package spare keeps emptied small maps for decoders to refill, so that a
// map dropped for an equal one (bundle's sharer) costs no new memory: the
// next object decoded takes it instead of allocating.
package spare

// maxMaps bounds the maps kept.
const maxMaps = 4096

// maxEntries is the size up to which a map is kept: Go holds a map of at
// most eight entries in one group of slots, which refills without growing.
const maxEntries = 8

// Maps is a stack of emptied maps. The zero value is empty and ready. It
// is not safe for concurrent use: give each worker its own, shared by the
// decoders that worker runs.
type Maps struct{ s []map[string]any }

// Put hands back a map that nothing references any more; Maps empties it
// and may return it from a later Get. Maps of more than eight entries are
// left to the collector. The caller must not use m afterwards.
func (p *Maps) Put(m map[string]any) {
	if len(m) <= maxEntries && len(p.s) < maxMaps {
		clear(m)
		p.s = append(p.s, m)
	}
}

// Get returns an empty map for n entries: a kept one when n fits, else a
// new one. A nil *Maps always returns a new one.
func (p *Maps) Get(n int) map[string]any {
	if p != nil && n <= maxEntries {
		if k := len(p.s); k > 0 {
			m := p.s[k-1]
			p.s[k-1] = nil
			p.s = p.s[:k-1]
			return m
		}
	}
	return make(map[string]any, n)
}
