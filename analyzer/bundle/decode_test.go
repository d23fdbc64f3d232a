package bundle

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// decoded is the comparable summary of one DecodeDocuments result.
type decoded struct {
	Refs   []string
	Docs   []int
	Errors []string
}

func summarize(objs []*Object, errs []LoadError) decoded {
	var d decoded
	for _, o := range objs {
		d.Refs = append(d.Refs, o.Ref().String())
		d.Docs = append(d.Docs, o.Source.Doc)
	}
	for _, e := range errs {
		d.Errors = append(d.Errors, e.Error())
	}
	return d
}

func TestDecodeDocuments(t *testing.T) {
	tests := []struct {
		name string
		data string
		want decoded
	}{{
		name: "multi-document yaml with blank and comment docs",
		data: "---\n# leading comment\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: ns}\n---\n\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: ns}\n",
		want: decoded{Refs: []string{"ConfigMap/ns/a", "Deployment/ns/web"}, Docs: []int{0, 1}},
	}, {
		name: "json list items inherit kind and apiVersion",
		data: `{"kind":"JobList","apiVersion":"batch/v1","items":[{"metadata":{"name":"a","namespace":"x"}},{"kind":"Job","metadata":{"name":"b","namespace":"x"}}]}`,
		want: decoded{Refs: []string{"Job/x/a", "Job/x/b"}, Docs: []int{0, 1}},
	}, {
		name: "yaml v1 List",
		data: "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: p, namespace: d}\n- apiVersion: v1\n  kind: Service\n  metadata: {name: s, namespace: d}\n",
		want: decoded{Refs: []string{"Pod/d/p", "Service/d/s"}, Docs: []int{0, 1}},
	}, {
		name: "top-level array of objects",
		data: "- apiVersion: helm.cattle.io/v1\n  kind: HelmChart\n  metadata: {name: traefik, namespace: kube-system}\n- 3\n",
		want: decoded{Refs: []string{"HelmChart/kube-system/traefik"}, Docs: []int{0},
			Errors: []string{"f[1]: item is a number, not an object"}},
	}, {
		name: "objects without kind, apiVersion or name",
		data: "metadata: {name: x}\n---\nkind: Pod\nmetadata: {name: x}\n---\napiVersion: v1\nmetadata: {name: x}\n---\napiVersion: v1\nkind: Pod\nmetadata: {}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: ok}\n",
		want: decoded{Refs: []string{"Pod/ok"}, Docs: []int{4}, Errors: []string{
			"f[0]: object has no apiVersion and no kind",
			"f[1]: Pod: object has no apiVersion",
			"f[2]: object of v1 has no kind",
			"f[3]: Pod: metadata.name is missing",
		}},
	}, {
		name: "malformed yaml doc does not stop the file",
		data: "apiVersion: v1\nkind: Pod\nmetadata: {name: a\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: b}\n",
		want: decoded{Refs: []string{"Pod/b"}, Docs: []int{1}, Errors: []string{
			"f[0]: malformed yaml: yaml: line 3: did not find expected ',' or '}'",
		}},
	}, {
		name: "yaml flow style that looks like json",
		data: "{apiVersion: v1, kind: ConfigMap, metadata: {name: flow, namespace: ns}}\n",
		want: decoded{Refs: []string{"ConfigMap/ns/flow"}, Docs: []int{0}},
	}, {
		name: "malformed json",
		data: `{"apiVersion":"v1","kind":"Pod",`,
		want: decoded{Errors: []string{"f[0]: malformed json: unexpected EOF"}},
	}, {
		name: "placeholder timestamps are reported and dropped",
		data: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  creationTimestamp: \"@now-5m\"\nstatus:\n  conditions:\n  - type: Ready\n    lastTransitionTime: null\n  containerStatuses:\n  - state:\n      terminated: {startedAt: \"@now-1h\", finishedAt: \"2024-01-01T00:00:00Z\"}\n",
		want: decoded{Refs: []string{"Pod/ns/p"}, Docs: []int{0}, Errors: []string{
			`f[0]: Pod/ns/p: metadata.creationTimestamp: invalid time "@now-5m" (want RFC 3339); field dropped`,
			`f[0]: Pod/ns/p: status.containerStatuses[0].state.terminated.startedAt: invalid time "@now-1h" (want RFC 3339); field dropped`,
		}},
	}, {
		name: "scalar document",
		data: "just a string\n",
		want: decoded{Errors: []string{"f[0]: document is a string, not an object"}},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := summarize(DecodeDocuments("f", []byte(tc.data)))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("DecodeDocuments (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDecodeDocumentsNumbersAndSecrets(t *testing.T) {
	data := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n  namespace: n\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: '{\"data\":{\"password\":\"aHVudGVyMg==\"}}'\ndata:\n  password: aHVudGVyMg==\nstringData:\n  token: hunter2\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d, namespace: n}\nspec: {replicas: 3, ratio: 0.5}\n"
	objs, errs := DecodeDocuments("f", []byte(data))
	if len(errs) != 0 || len(objs) != 2 {
		t.Fatalf("got %d objects, errors %v", len(objs), errs)
	}
	for _, o := range objs {
		js, err := o.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		for _, secret := range []string{"aHVudGVyMg==", "hunter2"} {
			if strings.Contains(string(js), secret) {
				t.Errorf("%s: secret value %q survived decoding: %s", o.Ref(), secret, js)
			}
		}
	}
	spec := objs[1].Object["spec"].(map[string]any)
	if _, ok := spec["replicas"].(int64); !ok {
		t.Errorf("replicas is %T, want int64", spec["replicas"])
	}
	if _, ok := spec["ratio"].(float64); !ok {
		t.Errorf("ratio is %T, want float64", spec["ratio"])
	}
}
