package scenarios

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/jsonmergepatch"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes/scheme"
)

// LastApplied is the annotation in which kubectl's client-side apply keeps
// the configuration it applied last.
const LastApplied = "kubectl.kubernetes.io/last-applied-configuration"

// ApplyClientSide applies every document of a multi-document YAML stream
// the way `kubectl apply` (and Argo CD's default sync) does without
// --server-side: the object carries its own configuration in the
// last-applied-configuration annotation; a new object is created, an
// existing one is patched with the three-way merge of that annotation, the
// new configuration and the live object (strategic merge for built-in
// kinds, JSON merge for custom ones). The API server records the writes as
// Update operations of opts.FieldManager. It returns the applied objects in
// input order.
func (e *Env) ApplyClientSide(ctx context.Context, manifests []byte, opts ApplyOptions) ([]*unstructured.Unstructured, error) {
	dec := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(manifests), 4096)
	var out []*unstructured.Unstructured
	for {
		var u unstructured.Unstructured
		if err := dec.Decode(&u.Object); err != nil {
			if errors.Is(err, io.EOF) {
				return out, nil
			}
			return out, fmt.Errorf("apply: decode: %w", err)
		}
		if len(u.Object) == 0 {
			continue
		}
		applied, err := e.clientSideApply(ctx, &u, opts, false)
		if err != nil {
			return out, err
		}
		out = append(out, applied)
	}
}

// ClientSideDryRun is the server-side dry run of one client-side apply of
// manifest: it returns the API server's refusal as kubectl reports it
// ("error when patching ...: <error>"), or nil when it would be accepted.
func (e *Env) ClientSideDryRun(ctx context.Context, manifest []byte, opts ApplyOptions) error {
	var u unstructured.Unstructured
	dec := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(manifest), 4096)
	if err := dec.Decode(&u.Object); err != nil {
		return fmt.Errorf("apply: decode: %w", err)
	}
	_, err := e.clientSideApply(ctx, &u, opts, true)
	return err
}

func (e *Env) clientSideApply(ctx context.Context, u *unstructured.Unstructured, opts ApplyOptions, dryRun bool) (*unstructured.Unstructured, error) {
	if len(opts.Labels) > 0 {
		l := u.GetLabels()
		if l == nil {
			l = map[string]string{}
		}
		for k, v := range opts.Labels {
			l[k] = v
		}
		u.SetLabels(l)
	}
	m, err := e.mapping(u.GroupVersionKind())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", objectRef(u), err)
	}
	var ri dynamic.ResourceInterface = e.Dynamic.Resource(m.Resource)
	if m.Scope.Name() == meta.RESTScopeNameNamespace {
		if opts.Namespace != "" {
			u.SetNamespace(opts.Namespace)
		}
		ri = e.Dynamic.Resource(m.Resource).Namespace(u.GetNamespace())
	}
	modified, err := withLastApplied(u)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", objectRef(u), err)
	}
	var dry []string
	if dryRun {
		dry = []string{metav1.DryRunAll}
	}
	live, err := ri.Get(ctx, u.GetName(), metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		created, err := ri.Create(ctx, u, metav1.CreateOptions{FieldManager: opts.FieldManager, DryRun: dry})
		if err != nil {
			return nil, fmt.Errorf("error when creating %s: %w", objectRef(u), err)
		}
		return created, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", objectRef(u), err)
	}
	current, err := json.Marshal(live.Object)
	if err != nil {
		return nil, err
	}
	original := []byte(live.GetAnnotations()[LastApplied])
	var patch []byte
	pt := types.StrategicMergePatchType
	if typed, err := scheme.Scheme.New(u.GroupVersionKind()); err == nil {
		meta, err := strategicpatch.NewPatchMetaFromStruct(typed)
		if err != nil {
			return nil, err
		}
		patch, err = strategicpatch.CreateThreeWayMergePatch(original, modified, current, meta, true)
		if err != nil {
			return nil, fmt.Errorf("%s: three-way patch: %w", objectRef(u), err)
		}
	} else {
		pt = types.MergePatchType
		patch, err = jsonmergepatch.CreateThreeWayJSONMergePatch(original, modified, current)
		if err != nil {
			return nil, fmt.Errorf("%s: three-way patch: %w", objectRef(u), err)
		}
	}
	patched, err := ri.Patch(ctx, u.GetName(), pt, patch, metav1.PatchOptions{FieldManager: opts.FieldManager, DryRun: dry})
	if err != nil {
		return nil, err
	}
	return patched, nil
}

// withLastApplied sets the last-applied-configuration annotation of u to
// u's own JSON (without that annotation) and returns u's JSON with it, as
// kubectl's GetModifiedConfiguration does.
func withLastApplied(u *unstructured.Unstructured) ([]byte, error) {
	ann := u.GetAnnotations()
	delete(ann, LastApplied)
	u.SetAnnotations(ann)
	cfg, err := json.Marshal(u.Object)
	if err != nil {
		return nil, err
	}
	if ann == nil {
		ann = map[string]string{}
	}
	ann[LastApplied] = string(cfg) + "\n"
	u.SetAnnotations(ann)
	return json.Marshal(u.Object)
}
