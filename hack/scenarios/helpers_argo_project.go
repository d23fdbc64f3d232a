package scenarios

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// InstallArgoProject serves Argo CD's AppProject kind (schemaless, as
// InstallArgoCRD serves Application) and creates the project name in
// namespace with the given spec.syncWindows, as `argocd proj windows add`
// would write them.
func (e *Env) InstallArgoProject(ctx context.Context, namespace, name string, windows []any) error {
	crd := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"name": "appprojects.argoproj.io"},
		"spec": map[string]any{
			"group": "argoproj.io", "scope": "Namespaced",
			"names": map[string]any{"kind": "AppProject", "listKind": "AppProjectList", "plural": "appprojects", "singular": "appproject", "shortNames": []any{"appproj", "appprojs"}},
			"versions": []any{map[string]any{
				"name": "v1alpha1", "served": true, "storage": true,
				"schema": map[string]any{"openAPIV3Schema": map[string]any{"type": "object", "x-kubernetes-preserve-unknown-fields": true}},
			}},
		},
	}}
	if _, err := e.ApplyObject(ctx, crd, "kubectl"); err != nil {
		return err
	}
	if err := e.Wait(ctx, "AppProject CRD served", time.Minute, func(ctx context.Context) (bool, error) {
		_, err := e.mapping(schemaGVK("argoproj.io", "v1alpha1", "AppProject"))
		return err == nil, err
	}); err != nil {
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
