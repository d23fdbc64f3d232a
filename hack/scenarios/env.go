package scenarios

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/restmapper"

	"github.com/rift-dev/rift/internal/testcluster"
)

// Env is what a scenario drives: the cluster, typed and dynamic clients,
// and the scenario's Git repository.
type Env struct {
	Cluster *testcluster.Cluster
	Client  kubernetes.Interface
	Dynamic dynamic.Interface
	Git     *GitRepo
	// Logf reports progress (testing.T.Logf in tests).
	Logf   func(format string, args ...any)
	mapper *restmapper.DeferredDiscoveryRESTMapper
}

// NewEnv wires an Env to a started cluster and a Git repository in gitDir.
func NewEnv(ctx context.Context, c *testcluster.Cluster, gitDir string, logf func(string, ...any)) (*Env, error) {
	dyn, err := dynamic.NewForConfig(c.Config)
	if err != nil {
		return nil, fmt.Errorf("dynamic client: %w", err)
	}
	g, err := InitGit(ctx, gitDir)
	if err != nil {
		return nil, err
	}
	return &Env{
		Cluster: c, Client: c.Client, Dynamic: dyn, Git: g, Logf: logf,
		mapper: restmapper.NewDeferredDiscoveryRESTMapper(memory.NewMemCacheClient(c.Client.Discovery())),
	}, nil
}

// Namespaces creates each namespace.
func (e *Env) Namespaces(ctx context.Context, names ...string) error {
	for _, n := range names {
		ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: n}}
		if _, err := e.Client.CoreV1().Namespaces().Create(ctx, ns, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
			return fmt.Errorf("Namespace/%s: %w", n, err)
		}
	}
	return nil
}

// AddNodes adds nodes of one size (kwok runs them), in order.
func (e *Env) AddNodes(ctx context.Context, cpu, memory string, names ...string) error {
	for _, n := range names {
		if _, err := e.Cluster.AddNode(ctx, testcluster.NodeSpec{Name: n, CPU: cpu, Memory: memory}); err != nil {
			return err
		}
	}
	return nil
}

// ApplyOptions says who applies and how the objects are adjusted.
type ApplyOptions struct {
	// FieldManager, e.g. "kustomize-controller" for what Flux applies or
	// "kubectl" for a hand edit.
	FieldManager string
	// Labels are added to every object.
	Labels map[string]string
	// Namespace, when set, is forced on every namespaced object, as
	// Flux's spec.targetNamespace does.
	Namespace string
	// KeepDisabled leaves alone an object whose live copy carries
	// kustomize.toolkit.fluxcd.io/reconcile: disabled, as kustomize-controller
	// does; the live object is returned as if applied.
	KeepDisabled bool
}

// Apply server-side applies every document of a multi-document YAML
// stream and returns the applied objects in input order.
func (e *Env) Apply(ctx context.Context, manifests []byte, opts ApplyOptions) ([]*unstructured.Unstructured, error) {
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
		applied, err := e.applyOne(ctx, &u, opts)
		if err != nil {
			return out, err
		}
		out = append(out, applied)
	}
}

// ReconcileAnnotation, set to "disabled" on an object in the cluster, makes
// kustomize-controller stop applying and pruning it.
const ReconcileAnnotation = "kustomize.toolkit.fluxcd.io/reconcile"

// ApplyObject server-side applies one object as fieldManager.
func (e *Env) ApplyObject(ctx context.Context, u *unstructured.Unstructured, fieldManager string) (*unstructured.Unstructured, error) {
	return e.applyOne(ctx, u, ApplyOptions{FieldManager: fieldManager})
}

func (e *Env) applyOne(ctx context.Context, u *unstructured.Unstructured, opts ApplyOptions) (*unstructured.Unstructured, error) {
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
	if opts.KeepDisabled {
		if live, err := ri.Get(ctx, u.GetName(), metav1.GetOptions{}); err == nil && live.GetAnnotations()[ReconcileAnnotation] == "disabled" {
			return live, nil
		}
	}
	applied, err := ri.Apply(ctx, u.GetName(), u, metav1.ApplyOptions{FieldManager: opts.FieldManager, Force: true})
	if err != nil {
		return nil, fmt.Errorf("%s: apply: %w", objectRef(u), err)
	}
	return applied, nil
}

// ApplyStatus server-side applies the status of an object whose kind has a
// status subresource, the way its controller reports.
func (e *Env) ApplyStatus(ctx context.Context, u *unstructured.Unstructured, fieldManager string) error {
	m, err := e.mapping(u.GroupVersionKind())
	if err != nil {
		return fmt.Errorf("%s: %w", objectRef(u), err)
	}
	ri := e.Dynamic.Resource(m.Resource).Namespace(u.GetNamespace())
	if _, err := ri.ApplyStatus(ctx, u.GetName(), u, metav1.ApplyOptions{FieldManager: fieldManager, Force: true}); err != nil {
		return fmt.Errorf("%s: apply status: %w", objectRef(u), err)
	}
	return nil
}

func (e *Env) mapping(gvk schema.GroupVersionKind) (*meta.RESTMapping, error) {
	m, err := e.mapper.RESTMapping(gvk.GroupKind(), gvk.Version)
	if err != nil {
		// A CRD installed a moment ago is not in the cached discovery yet.
		e.mapper.Reset()
		m, err = e.mapper.RESTMapping(gvk.GroupKind(), gvk.Version)
	}
	return m, err
}

func objectRef(u *unstructured.Unstructured) string {
	if u.GetNamespace() == "" {
		return u.GetKind() + "/" + u.GetName()
	}
	return u.GetKind() + "/" + u.GetNamespace() + "/" + u.GetName()
}

// Wait polls cond until it holds (see testcluster.WaitFor), naming what
// it waited for in the error.
func (e *Env) Wait(ctx context.Context, what string, timeout time.Duration, cond func(context.Context) (bool, error)) error {
	if err := testcluster.WaitFor(ctx, timeout, cond); err != nil {
		return fmt.Errorf("waiting for %s: %w", what, err)
	}
	return nil
}
