package bundle

// RedactedValue replaces every Secret value the loader reads. rift never
// needs a secret's value, only which keys exist, so values are dropped at the
// door and cannot leak into any report, log or error.
const RedactedValue = "REDACTED"

// lastApplied is the client-side-apply annotation, which repeats the whole
// object, Secret data included.
const lastApplied = "kubectl.kubernetes.io/last-applied-configuration"

// sanitizeSecret blanks the values of a core/v1 Secret's data and stringData
// (keeping the keys) and drops its last-applied annotation.
func sanitizeSecret(o *Object) {
	if o.GetKind() != "Secret" || o.GroupVersionKind().Group != "" {
		return
	}
	for _, field := range []string{"data", "stringData"} {
		m, ok := o.Object[field].(map[string]any)
		if !ok {
			if _, present := o.Object[field]; present {
				delete(o.Object, field)
			}
			continue
		}
		for k := range m {
			m[k] = RedactedValue
		}
	}
	if ann := o.GetAnnotations(); ann != nil {
		if _, ok := ann[lastApplied]; ok {
			delete(ann, lastApplied)
			o.SetAnnotations(ann)
		}
	}
}
