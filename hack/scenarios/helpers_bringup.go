package scenarios

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
)

// Template reads the manifest template name from fsys and returns it as
// the repository file gitFile, each {{KEY}} replaced: pairs are KEY,
// value, ...
func Template(fsys fs.FS, name, gitFile string, pairs ...string) (map[string][]byte, error) {
	if len(pairs)%2 != 0 {
		return nil, fmt.Errorf("Template %s: %d arguments, want (key, value) pairs", name, len(pairs))
	}
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	s := string(b)
	for i := 0; i < len(pairs); i += 2 {
		s = strings.ReplaceAll(s, "{{"+pairs[i]+"}}", pairs[i+1])
	}
	return map[string][]byte{gitFile: []byte(s)}, nil
}

// Deployment names a Deployment FluxUp waits for, with the replicas that
// must be available.
type Deployment struct {
	Name      string
	Available int32
}

// FluxUp is the usual start of a scenario once its nodes exist: it creates
// the namespaces (and the FluxSync's), installs Flux's CRDs, ships files
// with message and waits for each Deployment of f's target namespace to
// have its replicas available.
func (e *Env) FluxUp(ctx context.Context, f FluxSync, namespaces []string, message string, files map[string][]byte, wait ...Deployment) error {
	if err := e.Namespaces(ctx, append(namespaces, f.Namespace)...); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	if _, err := e.Ship(ctx, f, message, files); err != nil {
		return err
	}
	for _, d := range wait {
		if err := e.WaitDeployment(ctx, f.TargetNamespace, d.Name, Available(d.Available)); err != nil {
			return err
		}
	}
	return nil
}
