package hypothesis

import (
	"time"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// staleReads is input.stale_reads: for each pod ("ns/name"), the running
// containers that read a ConfigMap or Secret only at start and started
// before its data was last written (facts.StaleReads), each {container,
// config (ref), via, started, written, writer}. Whether that matters is
// config-not-reloaded's judgement.
func staleReads(ix *bundle.Index) any {
	out := listMap{}
	for _, r := range facts.StaleReads(ix) {
		k := r.Pod.GetNamespace() + "/" + r.Pod.GetName()
		out[k] = append(out[k], map[string]any{
			"container": r.Container,
			"config":    map[string]any{"apiVersion": r.Config.APIVersion, "kind": r.Config.Kind, "namespace": r.Config.Namespace, "name": r.Config.Name},
			"via":       r.Via,
			"started":   r.Started.UTC().Format(time.RFC3339),
			"written":   r.Written.UTC().Format(time.RFC3339),
			"writer":    r.Writer,
		})
	}
	return out.plain()
}

func staleReadsDoc(ix *bundle.Index) (ast.Value, error) { return ast.InterfaceToValue(staleReads(ix)) }
