package benchgen

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/health"
	"github.com/rift-dev/rift/analyzer/layers"
)

// TestCustomResources: in every format, --custom-resources N writes N of
// the objects as custom resources of CustomMix (the Events give up their
// share), each a rollout subject of its own, judged by the health rule of
// its kind (the fallback for the one kind no rule claims), and some of
// every kind not converged.
func TestCustomResources(t *testing.T) {
	reg, err := layers.DefaultHealth()
	if err != nil {
		t.Fatal(err)
	}
	const n, crs = 1500, 300
	for _, f := range Formats {
		t.Run(string(f), func(t *testing.T) {
			cfg := Config{Objects: n, Seed: 4, Format: f, CustomResources: crs}
			if a, b := generate(t, cfg), generate(t, cfg); !bytes.Equal(a, b) {
				t.Fatal("two runs with the same seed gave different bytes")
			}
			b, err := bundle.Load(writeFile(t, cfg), bundle.LoadOptions{})
			if err != nil || len(b.Errors) > 0 {
				t.Fatalf("Load: %v %v", err, b.Errors)
			}
			got, events := map[string]int{}, 0
			for _, o := range b.Objects {
				if strings.Contains(bundle.APIGroup(o.GetAPIVersion()), ".") && shortName[o.GetKind()] != "" {
					got[o.GetKind()]++
				}
				if o.GetKind() == "Event" {
					events++
				}
			}
			if diff := cmp.Diff(CustomCounts(crs), got); diff != "" {
				t.Errorf("custom resources per kind (-want +got):\n%s", diff)
			}
			if want := CountsFor(f, n)["Event"] - crs; events != want {
				t.Errorf("%d Events, want %d", events, want)
			}
			subjects, notConverged := map[string]int{}, map[string]int{}
			ws, err := layers.BuildWith(b, reg)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range ws {
				if got[w.Ref.Kind] == 0 {
					continue
				}
				subjects[w.Ref.Kind]++
				if w.Convergence != health.Converged {
					notConverged[w.Ref.Kind]++
				}
			}
			if diff := cmp.Diff(got, subjects); diff != "" {
				t.Errorf("custom resources analysed as subjects (-want +got):\n%s", diff)
			}
			for _, k := range CustomMix {
				if notConverged[k.kind] == 0 {
					t.Errorf("no %s is planted to fail", k.kind)
				}
				rule := reg.Lookup(health.GroupKind{Group: bundle.APIGroup(k.apiVersion), Kind: k.kind})
				if (rule == nil) != (k.kind == "Alertmanager") {
					t.Errorf("%s: rule %v; want a Rego rule for every kind but Alertmanager, which the fallback judges", k.kind, rule)
				}
			}
		})
	}
}

func TestCustomResourcesBounded(t *testing.T) {
	var buf bytes.Buffer
	for _, crs := range []int{-1, Counts(1000)["Event"] + 1} {
		if err := Write(&buf, Config{Objects: 1000, CustomResources: crs}); err == nil {
			t.Errorf("CustomResources %d of 1000 objects: no error", crs)
		}
	}
}
