package scenarios

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// FluxSync is one Flux GitRepository and the Kustomization that applies a
// path of it into a namespace.
type FluxSync struct {
	Namespace       string // where the Flux objects live, e.g. flux-system
	Name            string // of both the GitRepository and the Kustomization
	URL             string // what the GitRepository would clone
	Path            string // spec.path, e.g. ./apps/kafka
	TargetNamespace string
	// Timeout, when set, is spec.timeout with spec.wait: the controller
	// waits that long for what it applied to become ready
	// (HealthCheckFailed).
	Timeout string
}

// Reconcile does what source-controller and kustomize-controller do for
// the commit sha: store the artifact, apply every manifest under Path with
// server-side apply as "kustomize-controller" (with Flux's ownership
// labels), prune what the previous inventory held and this revision does
// not, and report Ready with the applied revision and the inventory. An
// object annotated kustomize.toolkit.fluxcd.io/reconcile=disabled in the
// cluster is left as it is, as the controller leaves it.
// Only plain YAML is applied: scenarios keep their manifests plain.
func (e *Env) Reconcile(ctx context.Context, f FluxSync, sha string, at time.Time) error {
	revision := e.Git.Revision(sha)
	manifests, digest, err := readManifests(filepath.Join(e.Git.Dir, filepath.FromSlash(f.Path)))
	if err != nil {
		return fmt.Errorf("Kustomization/%s/%s: %w", f.Namespace, f.Name, err)
	}
	if err := e.applyFluxObjects(ctx, f); err != nil {
		return err
	}
	repoStatus := gitRepositoryStatus(f, revision, digest, int64(len(manifests)), at)
	if err := e.keepTransitions(ctx, repoStatus); err != nil {
		return err
	}
	if err := e.ApplyStatus(ctx, repoStatus, "source-controller"); err != nil {
		return err
	}
	labels := map[string]string{
		"kustomize.toolkit.fluxcd.io/name":      f.Name,
		"kustomize.toolkit.fluxcd.io/namespace": f.Namespace,
	}
	applied, err := e.Apply(ctx, manifests, ApplyOptions{FieldManager: "kustomize-controller", Labels: labels, Namespace: f.TargetNamespace, KeepDisabled: true})
	if err != nil {
		return fmt.Errorf("Kustomization/%s/%s: %w", f.Namespace, f.Name, err)
	}
	if err := e.prune(ctx, f, applied); err != nil {
		return err
	}
	ksStatus := kustomizationStatus(f, revision, applied, at)
	if err := e.keepTransitions(ctx, ksStatus); err != nil {
		return err
	}
	return e.ApplyStatus(ctx, ksStatus, "kustomize-controller")
}

func (e *Env) applyFluxObjects(ctx context.Context, f FluxSync) error {
	repo := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "source.toolkit.fluxcd.io/v1", "kind": "GitRepository",
		"metadata": map[string]any{"name": f.Name, "namespace": f.Namespace},
		"spec": map[string]any{
			"interval": "1m", "url": f.URL,
			"ref": map[string]any{"branch": e.Git.Branch},
		},
	}}
	ks := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization",
		"metadata": map[string]any{"name": f.Name, "namespace": f.Namespace},
		"spec": map[string]any{
			"interval": "10m", "path": f.Path, "prune": true, "targetNamespace": f.TargetNamespace,
			"sourceRef": map[string]any{"kind": "GitRepository", "name": f.Name},
		},
	}}
	if f.Timeout != "" {
		spec := ks.Object["spec"].(map[string]any)
		spec["wait"], spec["timeout"] = true, f.Timeout
	}
	for _, u := range []*unstructured.Unstructured{repo, ks} {
		if _, err := e.ApplyObject(ctx, u, "kubectl"); err != nil {
			return err
		}
	}
	return nil
}

// readManifests reads the *.yaml and *.yml files of dir in name order.
func readManifests(dir string) ([]byte, string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, "", err
	}
	sort.Strings(files)
	var out []byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, "", err
		}
		out = append(out, []byte("---\n")...)
		out = append(out, b...)
		out = append(out, '\n')
	}
	sum := sha256.Sum256(out)
	return out, "sha256:" + hex.EncodeToString(sum[:]), nil
}
