package collector

import (
	"k8s.io/apimachinery/pkg/runtime"
)

// toMap converts a typed object to the unstructured form the bundle holds,
// setting the apiVersion and kind that typed clients leave empty.
func toMap(obj runtime.Object, apiVersion, kind string) (map[string]any, error) {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return nil, err
	}
	m["apiVersion"], m["kind"] = apiVersion, kind
	return m, nil
}
