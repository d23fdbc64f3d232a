package hypothesis

import (
	"strconv"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/layers"
)

// controllerLags is input.controller_lags: every workload whose controller
// has not observed its latest generation, by "Kind/ns/name", with the
// layers' judgement of whether the lag is a stall (layers.ControllerLag at
// the capture time), so that no rule judges it again.
func (x *inputBuild) controllerLags() (ast.Value, error) {
	c := newConverter()
	var kvs [][2]*ast.Term
	for _, kind := range layers.LagKinds() {
		for _, o := range x.ix.OfKind(kind) {
			l, ok := layers.ControllerLag(o, x.b.CaptureTime)
			if !ok {
				continue
			}
			keys := []string{"ref", "observed", "generation", "stalled"}
			vals := []ast.Value{c.ref(o.Ref()), ast.Number(strconv.FormatInt(l.Observed, 10)), ast.Number(strconv.FormatInt(l.Generation, 10)), ast.Boolean(l.Stalled)}
			if l.Since != nil {
				keys, vals = append(keys, "since"), append(vals, ast.String(l.Since.Format(time.RFC3339)))
			}
			kvs = append(kvs, [2]*ast.Term{ast.StringTerm(refKey(o.GetKind(), o.GetNamespace(), o.GetName())), ast.NewTerm(c.ObjectOf(keys, vals))})
		}
	}
	return ast.NewObject(kvs...), nil
}
