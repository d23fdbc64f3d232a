package facts

import (
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// FuzzEvents checks that no decoded input makes the event normaliser
// panic, and that what it returns keeps the Event contract.
func FuzzEvents(f *testing.F) {
	for _, seed := range []string{
		"apiVersion: v1\nkind: Event\nmetadata: {name: e, namespace: default}\ninvolvedObject: {kind: Node, name: n1}\ncount: 3\nfirstTimestamp: '2025-03-01T10:00:00Z'\n",
		"apiVersion: events.k8s.io/v1\nkind: Event\nmetadata: {name: e}\nregarding: [1]\nseries: {count: x}\n",
		"apiVersion: v1\nkind: Event\nmetadata: {name: e}\ninvolvedObject: {kind: Pod, name: p, fieldPath: '{'}\nseries: []\n",
		"apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: w}\nspec: {group: g, scope: Cluster, names: 1}\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		objs, _ := bundle.DecodeDocuments("f.yaml", data)
		ix := bundle.NewIndex(objs, nil)
		for _, e := range Events(ix) {
			if e.Count < 1 {
				t.Fatalf("count %d < 1: %v", e.Count, e.Object.Object)
			}
			if (e.Precision == "") != (e.FirstText == "") || e.Last.Before(e.First) {
				t.Fatalf("times %q %v..%v: %v", e.Precision, e.First, e.Last, e.Object.Object)
			}
			if e.Involved.Namespace != "" && ClusterScoped(ix, e.Involved.Kind, bundle.APIGroup(e.Involved.APIVersion)) {
				t.Fatalf("cluster-scoped %v keeps a namespace", e.Involved)
			}
		}
		for _, o := range objs {
			EventsFor(ix, o)
		}
	})
}
