package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/objref"
)

// objectNameHelp is the help text shared by every flag that takes an
// object name, so that they read the same in every command.
const objectNameHelp = "kind/name (with -n) or kind/namespace/name; kinds by singular, plural or short name (sts, deploy, ks, hr, app)"

// addNamespaceFlag adds -n/--namespace: the namespace of object names
// given as kind/name.
func addNamespaceFlag(cmd *cobra.Command, p *string) {
	cmd.Flags().StringVarP(p, "namespace", "n", "", "namespace of object names given as kind/name")
}

// checkObjectNames refuses malformed object names before anything is
// loaded (exit 2). flag names the flag, e.g. "--workload".
func checkObjectNames(flag string, names []string, namespace string) error {
	for _, s := range names {
		if _, err := objref.Parse(s, namespace); err != nil {
			return usageError(fmt.Errorf("%s %w", flag, err))
		}
	}
	return nil
}

// resolveObjects resolves object names against b, the same way in every
// command (internal/objref). A name that no object, or more than one,
// answers to is an input error (exit 2) listing the near matches.
func resolveObjects(b *bundle.Bundle, flag string, names []string, namespace string) ([]bundle.Ref, error) {
	ix := b.Index
	if ix == nil {
		ix = bundle.NewIndex(b.Objects, b.Logs)
	}
	out := make([]bundle.Ref, 0, len(names))
	for _, s := range names {
		r, err := objref.ResolveString(ix, s, namespace)
		if err != nil {
			return nil, usageError(fmt.Errorf("%s %w", flag, err))
		}
		out = append(out, r)
	}
	return out, nil
}
