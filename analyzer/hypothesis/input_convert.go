package hypothesis

import (
	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/astconv"
)

// maxCache bounds the input's own caches as astconv bounds its.
const maxCache = astconv.MaxCache

// converter builds the rule input: astconv's converter with every repeat
// shared (the input lives while every rule reads it), and the caches of
// the input's own values. One converter serves one goroutine; the values
// it returns are immutable and may be shared.
type converter struct {
	*astconv.Converter
	shared map[string]ast.Value      // small JSON containers by their text
	refs   map[bundle.Ref]ast.Value  // shared references
	evs    map[evidenceKey]ast.Value // shared evidence items
	objs   map[[6]string]ast.Value   // shared involved objects of events
	// divVals is divergences' expected and observed values by their text.
	divVals map[string]ast.Value
	// pairs is divergences' pairs of layer names (a handful).
	pairs map[[2]string]ast.Value
}

func newConverter() *converter {
	return &converter{Converter: astconv.New(astconv.Options{Share: true}), shared: map[string]ast.Value{}, refs: map[bundle.Ref]ast.Value{}, evs: map[evidenceKey]ast.Value{}, objs: map[[6]string]ast.Value{}, divVals: map[string]ast.Value{}, pairs: map[[2]string]ast.Value{}}
}

// share keeps v as the value of the JSON text. A full cache starts over,
// so it keeps serving the values that repeat near each other (within one
// workload) without growing.
func (c *converter) share(text string, v ast.Value) {
	if len(c.shared) >= maxCache {
		clear(c.shared)
	}
	c.shared[text] = v
}
