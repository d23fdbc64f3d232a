package facts

import "github.com/rift-dev/rift/analyzer/bundle"

// maxOwnerDepth bounds an owner chain: real chains are short (Pod →
// ReplicaSet → Deployment, or a custom resource above), and a cycle in bad
// input must not loop.
const maxOwnerDepth = 8

// OwnerChain is o's controller owners, nearest first, as far as the bundle
// holds them.
func OwnerChain(ix *bundle.Index, o *bundle.Object) []*bundle.Object {
	var out []*bundle.Object
	for range maxOwnerDepth {
		owner, ok := ix.Owner(o)
		if !ok {
			break
		}
		out = append(out, owner)
		o = owner
	}
	return out
}

// Owned is the objects o owns, level by level, up to depth levels down.
func Owned(ix *bundle.Index, o *bundle.Object, depth int) []*bundle.Object {
	var out []*bundle.Object
	level := []*bundle.Object{o}
	for d := 0; d < depth && len(level) > 0; d++ {
		var next []*bundle.Object
		for _, q := range level {
			for _, c := range ix.Children(q.GetUID()) {
				out = append(out, c)
				next = append(next, c)
			}
		}
		level = next
	}
	return out
}
