package hypothesis

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// oracleDocument is the reference for the whole input: the plain-map
// document the input was first built from (every part, sanitized copies of
// the objects, events indexed as maps, workloads and timeline through
// JSON), which ast.InterfaceToValue converts the slow, obvious way. The
// direct conversion of Input.value must give an equal value.
func oracleDocument(t testing.TB, in Input) ast.Value {
	t.Helper()
	doc := map[string]any{"version": InputVersion}
	b := in.Bundle
	if b == nil {
		b = &bundle.Bundle{}
	}
	doc["bundle"] = bundleDoc(b)
	ix := b.Index
	if ix == nil {
		ix = bundle.NewIndex(b.Objects, b.Logs)
	}
	objs := map[string]any{}
	events := newEventIndex()
	for _, kind := range ix.Kinds() {
		byNS := map[string]any{}
		for _, o := range ix.OfKind(kind) {
			if bundle.IsEvent(o) {
				continue // added below, normalised
			}
			ns, _ := byNS[o.GetNamespace()].(map[string]any)
			if ns == nil {
				ns = map[string]any{}
				byNS[o.GetNamespace()] = ns
			}
			ns[o.GetName()] = sanitize(o)
		}
		if len(byNS) > 0 {
			objs[kind] = byNS
		}
	}
	doc["objects"] = objs
	evs := facts.Events(ix)
	for i := range evs {
		events.add(&evs[i])
	}
	events.finish()
	doc["events_by_uid"] = events.byUID
	doc["events_by_object"] = events.byObject
	doc["events_by_reason"] = events.byReason
	doc["events_by_type"] = events.byType
	doc["referenced_by"] = newRefIndex(ix).referencedBy
	doc["service_pods"], doc["pod_services"] = servicePods(ix)
	doc["pods_by_node"] = podsByNode(ix)
	addrs := map[string]any{}
	for ip, refs := range facts.Addresses(ix) {
		l := []any{}
		for _, r := range refs {
			ref := map[string]any{"kind": r.Kind, "name": r.Name}
			if r.APIVersion != "" {
				ref["apiVersion"] = r.APIVersion
			}
			if r.Namespace != "" {
				ref["namespace"] = r.Namespace
			}
			l = append(l, ref)
		}
		addrs[ip] = l
	}
	doc["addresses"] = addrs
	lags := map[string]any{}
	for _, kind := range layers.LagKinds() {
		for _, o := range ix.OfKind(kind) {
			if l, ok := layers.ControllerLag(o, b.CaptureTime); ok {
				p, err := toPlain(struct {
					Ref bundle.Ref `json:"ref"`
					layers.Lag
				}{o.Ref(), l})
				if err != nil {
					t.Fatal(err)
				}
				lags[o.Ref().String()] = p
			}
		}
	}
	doc["controller_lags"] = lags
	doc["network_policies"] = networkPolicies(ix)
	doc["stale_reads"] = staleReads(ix)
	doc["pods_by_phase"], doc["pods_by_container_reason"] = podIndexes(ix)
	doc["logs"] = logsDoc(b.Logs)
	doc["service_routes"] = serviceRoutes(b, ix)
	doc["dangling_routes"] = danglingRoutes(b, ix)
	doc["service_workloads"] = serviceWorkloads(ix, b.Sources)
	ws := map[string]layers.Workload{}
	for _, w := range in.Workloads {
		ws[w.Ref.String()] = w
	}
	byOwner := listMap{}
	for k, w := range ws {
		seen := map[string]bool{}
		for _, o := range w.Owners {
			if !seen[o.String()] {
				seen[o.String()] = true
				byOwner[o.String()] = append(byOwner[o.String()], k)
			}
		}
	}
	doc["workloads_by_owner"] = byOwner.sortStrings().plain()
	doc["workload_images"] = oracleImages(objs, ws)
	tl := in.Timeline
	if tl == nil {
		tl = &timeline.Timeline{}
	}
	for k, v := range map[string]any{"workloads": ws, "timeline": tl} {
		p, err := toPlain(v)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		doc[k] = p
	}
	v, err := ast.InterfaceToValue(doc)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestInputValueMatchesOracle: the direct, parallel, shared-term conversion
// gives the value the plain document gives, on every recorded incident,
// every test bundle and a synthetic bundle.
func TestInputValueMatchesOracle(t *testing.T) {
	bundles := map[string]*bundle.Bundle{"synthetic": synthetic(3000)}
	fixtures, _ := filepath.Glob("../../fixtures/*/bundle")
	for _, dir := range fixtures {
		b, err := bundle.Load(dir, bundle.LoadOptions{})
		if err != nil {
			t.Fatalf("load %s: %v", dir, err)
		}
		bundles[filepath.Base(filepath.Dir(dir))] = b
	}
	files, _ := filepath.Glob("testdata/*.yaml")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		objs, _ := bundle.DecodeDocuments(f, data) // malformed objects too
		bundles[f] = bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil)
	}
	if len(fixtures) == 0 || len(files) == 0 {
		t.Fatal("no fixtures found")
	}
	names := make([]string, 0, len(bundles))
	for n := range bundles {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Run(n, func(t *testing.T) {
			b := bundles[n]
			ws := layers.Build(b)
			in := Input{Bundle: b, Workloads: ws, Timeline: timeline.Build(b, ws)}
			got, err := in.value(nil)
			if err != nil {
				t.Fatal(err)
			}
			if want := oracleDocument(t, in); ast.Compare(want, got) != 0 {
				t.Errorf("input differs from the plain document:\nwant %v\n got %v", want, got)
			}
		})
	}
}

// sanitize is the reference for objectValue: the object as rules see it,
// as a plain copy. Secret values never enter
// the input: a Secret keeps its metadata, type and key names only, and
// ConfigMaps keep key names (their data is bulky and rules need only keys).
// managedFields and the last-applied annotation are dropped because they
// duplicate the object (and, for a Secret, its values).
func sanitize(o *bundle.Object) map[string]any {
	src := o.Object
	out := make(map[string]any, len(src))
	for k, v := range src {
		out[k] = v
	}
	if md, ok := src["metadata"].(map[string]any); ok {
		m := make(map[string]any, len(md))
		for k, v := range md {
			if k != "managedFields" {
				m[k] = v
			}
		}
		if ann, ok := md["annotations"].(map[string]any); ok {
			a := make(map[string]any, len(ann))
			for k, v := range ann {
				if k != "kubectl.kubernetes.io/last-applied-configuration" {
					a[k] = v
				}
			}
			m["annotations"] = a
		}
		out["metadata"] = m
	}
	if o.GetKind() == "Secret" || o.GetKind() == "ConfigMap" {
		keys := map[string]bool{}
		for _, f := range []string{"data", "stringData", "binaryData"} {
			if d, ok := src[f].(map[string]any); ok {
				for k := range d {
					keys[k] = true
				}
			}
			delete(out, f)
		}
		out["dataKeys"] = sortedKeys(keys)
	}
	return out
}

func sortedKeys(m map[string]bool) []any {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	out := make([]any, len(ks))
	for i, k := range ks {
		out[i] = k
	}
	return out
}

// oracleImages is workload_images from the plain objects: the sorted
// distinct [container, digest] pairs each workload's current pods run
// and pin, for the workloads with any.
func oracleImages(objs map[string]any, ws map[string]layers.Workload) map[string]any {
	byNS, _ := objs["Pod"].(map[string]any)
	pairs := func(pods []map[string]any, a, b, field string, pinned bool) []any {
		set := map[string][]any{}
		for _, p := range pods {
			l, _ := mapAt(p, a)[b].([]any)
			for _, it := range l {
				m, _ := it.(map[string]any)
				name, _ := m["name"].(string)
				id, _ := m[field].(string)
				if id == "" || (pinned && !strings.Contains(id, "@sha256:")) {
					continue
				}
				d := strings.Split(id, "@")
				set[name+"\x00"+d[len(d)-1]] = []any{name, d[len(d)-1]}
			}
		}
		keys := make([]string, 0, len(set))
		for k := range set {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		out := make([]any, len(keys))
		for i, k := range keys {
			out[i] = set[k]
		}
		return out
	}
	imgs := map[string]any{}
	for k, w := range ws {
		var pods []map[string]any
		for _, ps := range w.Pods {
			ns, _ := byNS[w.Ref.Namespace].(map[string]any)
			if p, ok := ns[ps.Name].(map[string]any); ok && ps.Current {
				pods = append(pods, p)
			}
		}
		running := pairs(pods, "status", "containerStatuses", "imageID", false)
		pinned := pairs(pods, "spec", "containers", "image", true)
		if len(running)+len(pinned) > 0 {
			imgs[k] = map[string]any{"running": running, "pinned": pinned}
		}
	}
	return imgs
}
