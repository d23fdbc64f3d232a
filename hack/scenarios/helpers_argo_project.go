package scenarios

import (
	"context"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// InstallArgoProject serves Argo CD's AppProject kind (schemaless, as
// InstallArgoCRD serves Application) and creates the project name in
// namespace with the given spec.syncWindows, as `argocd proj windows add`
// would write them.
func (e *Env) InstallArgoProject(ctx context.Context, namespace, name string, windows []any) error {
	if err := e.installArgoKind(ctx, "AppProject", "appprojects", "appproj", "appprojs"); err != nil {
		return err
	}
	proj := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "argoproj.io/v1alpha1", "kind": "AppProject",
		"metadata": map[string]any{"name": name, "namespace": namespace},
		"spec": map[string]any{
			"sourceRepos":  []any{"*"},
			"destinations": []any{map[string]any{"server": "https://kubernetes.default.svc", "namespace": "*"}},
			"syncWindows":  windows,
		},
	}}
	_, err := e.ApplyObject(ctx, proj, "argocd-server")
	return err
}
