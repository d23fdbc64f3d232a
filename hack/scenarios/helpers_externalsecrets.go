package scenarios

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// CRD is an operator's CustomResourceDefinition reduced to what a recorder
// needs: the real group, version, kind and plural, namespaced, with a
// status subresource and an open schema.
type CRD struct{ Group, Version, Kind, Plural string }

// ExternalSecretsCRDs are External Secrets Operator's ExternalSecret and
// SecretStore (external-secrets.io/v1).
var ExternalSecretsCRDs = []CRD{
	{"external-secrets.io", "v1", "ExternalSecret", "externalsecrets"},
	{"external-secrets.io", "v1", "SecretStore", "secretstores"},
}

// InstallCRDs installs the CRDs and waits until they are served.
func (e *Env) InstallCRDs(ctx context.Context, crds []CRD) error {
	for _, c := range crds {
		crd := &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
			"metadata": map[string]any{"name": c.Plural + "." + c.Group},
			"spec": map[string]any{
				"group": c.Group, "scope": "Namespaced",
				"names": map[string]any{"kind": c.Kind, "listKind": c.Kind + "List", "plural": c.Plural, "singular": strings.ToLower(c.Kind)},
				"versions": []any{map[string]any{
					"name": c.Version, "served": true, "storage": true,
					"subresources": map[string]any{"status": map[string]any{}},
					"schema": map[string]any{"openAPIV3Schema": map[string]any{
						"type": "object", "x-kubernetes-preserve-unknown-fields": true,
					}},
				}},
			},
		}}
		if _, err := e.ApplyObject(ctx, crd, "kubectl"); err != nil {
			return err
		}
	}
	return e.Wait(ctx, "CRDs served", time.Minute, func(ctx context.Context) (bool, error) {
		for _, c := range crds {
			if _, err := e.mapping(schemaGVK(c.Group, c.Version, c.Kind)); err != nil {
				return false, err
			}
		}
		return true, nil
	})
}

// SecretStoreValid writes a SecretStore's status as ESO's store controller
// does once the store's configuration validates: Ready=True, reason Valid,
// "store validated", capabilities ReadWrite.
func (e *Env) SecretStoreValid(ctx context.Context, namespace, name string, at time.Time) error {
	u := statusObject("external-secrets.io/v1", "SecretStore", namespace, name, map[string]any{
		"capabilities": "ReadWrite",
		"conditions": []any{map[string]any{
			"type": "Ready", "status": "True", "reason": "Valid", "message": "store validated",
			"lastTransitionTime": at.UTC().Format(time.RFC3339),
		}},
	})
	return e.ApplyStatus(ctx, u, "external-secrets")
}

// ExternalSecretSyncFailed writes what ESO's ExternalSecret controller
// (pkg/controllers/externalsecret markAsFailed) leaves after failing to
// read .data[0] from the provider: Ready=False, reason SecretSyncedError,
// message "could not get secret data from provider", and the Warning
// UpdateFailed event carrying the error, "error retrieving secret at
// .data[0], key: <key>, err: <providerErr>", repeated count times since
// first (the controller retries with back-off).
func (e *Env) ExternalSecretSyncFailed(ctx context.Context, namespace, name, key, providerErr string, count int32, first time.Time) error {
	u := statusObject("external-secrets.io/v1", "ExternalSecret", namespace, name, map[string]any{
		"conditions": []any{map[string]any{
			"type": "Ready", "status": "False", "reason": "SecretSyncedError",
			"message":            "could not get secret data from provider",
			"lastTransitionTime": first.UTC().Format(time.RFC3339),
		}},
	})
	if err := e.ApplyStatus(ctx, u, "external-secrets"); err != nil {
		return err
	}
	msg := fmt.Sprintf("error retrieving secret at .data[0], key: %s, err: %s", key, providerErr)
	return e.ControllerEvent(ctx, ObjectRef{APIVersion: "external-secrets.io/v1", Kind: "ExternalSecret", Namespace: namespace, Name: name},
		"external-secrets", corev1.EventTypeWarning, "UpdateFailed", msg, count, first, time.Now())
}

// ObjectRef names the object an event is about.
type ObjectRef struct{ APIVersion, Kind, Namespace, Name string }

// ControllerEvent records a core/v1 Event as a controller's client-go
// event recorder does: source component, the object's UID and
// resourceVersion, and repeats aggregated into one Event with a count.
func (e *Env) ControllerEvent(ctx context.Context, r ObjectRef, component, eventType, reason, message string, count int32, first, last time.Time) error {
	m, err := e.mapping(schemaGVKFromAPIVersion(r.APIVersion, r.Kind))
	if err != nil {
		return fmt.Errorf("%s/%s/%s: %w", r.Kind, r.Namespace, r.Name, err)
	}
	obj, err := e.Dynamic.Resource(m.Resource).Namespace(r.Namespace).Get(ctx, r.Name, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("%s/%s/%s: %w", r.Kind, r.Namespace, r.Name, err)
	}
	if count < 1 {
		count = 1
	}
	ev := &corev1.Event{
		ObjectMeta: metav1.ObjectMeta{Name: r.Name + "." + strconv.FormatInt(first.UnixNano(), 16), Namespace: r.Namespace},
		InvolvedObject: corev1.ObjectReference{
			APIVersion: r.APIVersion, Kind: r.Kind, Namespace: r.Namespace, Name: r.Name,
			UID: obj.GetUID(), ResourceVersion: obj.GetResourceVersion(),
		},
		Reason: reason, Message: message, Type: eventType, Count: count,
		FirstTimestamp: metav1.NewTime(first), LastTimestamp: metav1.NewTime(last),
		Source: corev1.EventSource{Component: component},
	}
	if _, err := e.Client.CoreV1().Events(r.Namespace).Create(ctx, ev, metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("%s/%s/%s: event %s: %w", r.Kind, r.Namespace, r.Name, reason, err)
	}
	return nil
}

func schemaGVKFromAPIVersion(apiVersion, kind string) schema.GroupVersionKind {
	group, version := "", apiVersion
	if i := strings.LastIndex(apiVersion, "/"); i >= 0 {
		group, version = apiVersion[:i], apiVersion[i+1:]
	}
	return schemaGVK(group, version, kind)
}

func statusObject(apiVersion, kind, namespace, name string, status map[string]any) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": apiVersion, "kind": kind,
		"metadata": map[string]any{"name": name, "namespace": namespace},
		"status":   status,
	}}
}
