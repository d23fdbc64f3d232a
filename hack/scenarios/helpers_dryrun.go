package scenarios

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/dynamic"
)

// DryRunFlux is kustomize-controller's server-side dry-run of every
// manifest under f.Path in the current checkout, done against the real API
// server before anything is applied. It returns "" when every object is
// accepted, else the message the controller reports for the first refusal
// (fluxcd/pkg/ssa): "<Kind>/<namespace>/<name> dry-run failed, reason:
// <Reason>, error: <API server error>". Nothing is changed either way.
func (e *Env) DryRunFlux(ctx context.Context, f FluxSync) (string, error) {
	manifests, _, err := readManifests(filepath.Join(e.Git.Dir, filepath.FromSlash(f.Path)))
	if err != nil {
		return "", fmt.Errorf("Kustomization/%s/%s: %w", f.Namespace, f.Name, err)
	}
	dec := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(manifests), 4096)
	for {
		var u unstructured.Unstructured
		if err := dec.Decode(&u.Object); err != nil {
			if errors.Is(err, io.EOF) {
				return "", nil
			}
			return "", fmt.Errorf("Kustomization/%s/%s: decode: %w", f.Namespace, f.Name, err)
		}
		if len(u.Object) == 0 {
			continue
		}
		m, err := e.mapping(u.GroupVersionKind())
		if err != nil {
			return "", fmt.Errorf("%s: %w", objectRef(&u), err)
		}
		var ri dynamic.ResourceInterface = e.Dynamic.Resource(m.Resource)
		if m.Scope.Name() == meta.RESTScopeNameNamespace {
			u.SetNamespace(f.TargetNamespace)
			ri = e.Dynamic.Resource(m.Resource).Namespace(f.TargetNamespace)
		}
		_, err = ri.Apply(ctx, u.GetName(), &u, metav1.ApplyOptions{FieldManager: "kustomize-controller", Force: true, DryRun: []string{metav1.DryRunAll}})
		if err == nil {
			continue
		}
		if apierrors.ReasonForError(err) == metav1.StatusReasonUnknown {
			return "", fmt.Errorf("%s: dry-run: %w", objectRef(&u), err)
		}
		return fmt.Sprintf("%s dry-run failed, reason: %s, error: %v", objectRef(&u), apierrors.ReasonForError(err), err), nil
	}
}
