// Package benchgen generates synthetic rift bundles for benchmarks: a
// realistic mix of workload, networking, event, configuration and GitOps
// objects with planted failures, so the layers, the timeline and the rules
// all do real work.
//
// Output is a pure function of Config: the same objects count and seed
// always give the same bytes, and no wall clock is read.
package benchgen

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/bundlewrite"
)

// CaptureTime is every generated bundle's capture time; all timestamps in
// the bundle lie before it.
var CaptureTime = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

// Config is what to generate.
type Config struct {
	// Objects is the total number of Kubernetes objects (at least 1).
	Objects int
	// Seed varies restart counts, images and time jitter; the mix and the
	// planted failures do not depend on it.
	Seed uint64
	// Format is the layout to write ("" is FormatRift).
	Format Format
	// CustomResources is how many of the Objects are custom resources of
	// CustomMix that a GitOps reconciler applies, taken from the Events'
	// share; 0 (the default) writes the mix alone.
	CustomResources int
}

// Share is one kind's part of the mix, per 1,000 objects.
type Share struct {
	Kind    string
	Per1000 int
}

// Mix is the object mix per 1,000 objects (issue 11). Events absorb the
// rounding remainder so a bundle holds exactly Config.Objects objects.
var Mix = []Share{
	{"Pod", 200}, {"ReplicaSet", 40}, {"Deployment", 20}, {"StatefulSet", 5},
	{"ControllerRevision", 20}, {"Service", 30}, {"EndpointSlice", 30},
	{"Event", 500}, {"ConfigMap", 70}, {"Secret", 40},
	{"GitRepository", 5}, {"Kustomization", 15}, {"HelmRelease", 5},
	{"Application", 20},
}

// Counts returns how many objects of each kind a bundle of n objects holds.
// Every kind but Event gets n×share/1000 rounded down, with at least one
// Deployment, ReplicaSet and Pod once n allows it; Event takes the rest.
func Counts(n int) map[string]int {
	c := make(map[string]int, len(Mix))
	used := 0
	for _, s := range Mix {
		if s.Kind == "Event" {
			continue
		}
		k := n * s.Per1000 / 1000
		c[s.Kind] = k
		used += k
	}
	for _, kind := range []string{"Deployment", "ReplicaSet", "Pod"} {
		if c[kind] == 0 && used < n {
			c[kind] = 1
			used++
		}
	}
	c["Event"] = n - used
	return c
}

// Write generates the bundle described by cfg and writes it to w as a
// .tar.gz: rift's own through internal/bundlewrite, the others as their
// collectors lay them out (Format).
func Write(w io.Writer, cfg Config) error {
	if cfg.Objects < 1 {
		return fmt.Errorf("benchgen: objects must be at least 1, got %d", cfg.Objects)
	}
	if _, err := ParseFormat(string(cfg.Format)); err != nil {
		return fmt.Errorf("benchgen: %w", err)
	}
	if ev := CountsFor(cfg.Format, cfg.Objects)["Event"]; cfg.CustomResources < 0 || cfg.CustomResources > ev {
		return fmt.Errorf("benchgen: custom resources %d: want 0 to %d, the Events' share of %d objects", cfg.CustomResources, ev, cfg.Objects)
	}
	g := newGen(cfg)
	g.generate()
	switch cfg.Format {
	case FormatTroubleshoot:
		return g.writeTroubleshoot(w)
	case FormatMustGather:
		return g.writeMustGather(w)
	}
	bw := bundlewrite.New(w, bundlewrite.Options{Level: 6})
	if err := g.flush(bw); err != nil {
		bw.Close(bundle.Meta{})
		return err
	}
	return bw.Close(g.meta())
}

// gen holds the objects generated so far, grouped by output file.
type gen struct {
	cfg    Config
	n      map[string]int
	rng    *rand.Rand
	files  map[string][]map[string]any
	logs   map[string]string
	nsSeen map[string]bool

	byApp   map[string][]podRef // "ns/app" → its Pods
	allPods []podRef
}

func newGen(cfg Config) *gen {
	return &gen{
		cfg:    cfg,
		n:      countsWith(cfg),
		rng:    rand.New(rand.NewPCG(cfg.Seed, 0x72696674)),
		files:  map[string][]map[string]any{},
		logs:   map[string]string{},
		nsSeen: map[string]bool{},
	}
}

func (g *gen) generate() {
	g.workloads()
	g.statefulSets()
	g.pods()
	g.services()
	g.events()
	g.config()
	g.gitops()
	g.custom()
}

// countsWith is CountsFor with the custom resources taken from the
// Events.
func countsWith(cfg Config) map[string]int {
	c := CountsFor(cfg.Format, cfg.Objects)
	c["Event"] -= cfg.CustomResources
	return c
}

// add files obj under objects/<namespace>/<file>.yaml.
func (g *gen) add(ns, file string, obj map[string]any) {
	g.nsSeen[ns] = true
	p := "objects/" + ns + "/" + file + ".yaml"
	g.files[p] = append(g.files[p], obj)
}

func (g *gen) meta() bundle.Meta {
	at := CaptureTime
	ns := make([]string, 0, len(g.nsSeen))
	for k := range g.nsSeen {
		ns = append(ns, k)
	}
	slices.Sort(ns)
	return bundle.Meta{
		CreatedAt: &at,
		Collector: bundle.Collector{Name: "rift-benchgen", Version: "v1"},
		Scope:     bundle.Scope{Context: "bench", Cluster: "bench-1", Namespaces: ns},
	}
}
