// Package healthcheck is the library behind `rift health`: it loads
// objects from bundles, directories and YAML/JSON files, judges each with
// the health registry as the layers do, and says whether all of them
// converged.
package healthcheck

import (
	"fmt"
	"sort"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/health"
	"github.com/rift-dev/rift/analyzer/layers"
)

// Config is what `rift health` maps its flags and arguments into.
type Config struct {
	// Paths are bundles (directories or archives), directories of
	// manifests, or YAML/JSON files holding single objects, Lists or
	// several YAML documents.
	Paths []string
	// PolicyDirs are --policy directories; their health rules replace the
	// built-in ones for the kinds they claim.
	PolicyDirs []string
	// Load bounds what is read (zero: the loader's defaults).
	Load bundle.LoadOptions
}

// Item is one judged object.
type Item struct {
	Ref    bundle.Ref `json:"ref"`
	Status string     `json:"status"`
	Reason string     `json:"reason"`
	// Rule is the id of the winning rule, or "kstatus" for the fallback.
	Rule   string   `json:"rule"`
	Fields []string `json:"fields,omitempty"`
}

// Report is the outcome of Run.
type Report struct {
	Items []Item `json:"items"`
	// Errors are the parts of the input that could not be read; objects
	// read beside them are judged all the same.
	Errors []bundle.LoadError `json:"-"`
}

// Healthy reports whether every item is converged or suspended.
func (r *Report) Healthy() bool {
	for _, it := range r.Items {
		if it.Status != health.Converged && it.Status != health.Suspended {
			return false
		}
	}
	return true
}

// Run loads every path into one set of objects (so that a Deployment's
// pods in another file are its pods), judges every object that has a
// health judgement and returns them sorted by kind, namespace and name. It returns an error when a path cannot be read at all or a
// policy directory does not load.
func Run(cfg Config) (*Report, error) {
	if len(cfg.Paths) == 0 {
		return nil, fmt.Errorf("health: no PATH given")
	}
	reg, err := layers.LoadHealth(cfg.PolicyDirs)
	if err != nil {
		return nil, err
	}
	rep := &Report{Items: []Item{}}
	var bs []*bundle.Bundle
	for _, p := range cfg.Paths {
		b, err := bundle.Load(p, cfg.Load)
		if err != nil {
			return nil, err
		}
		bs = append(bs, b)
	}
	b := bs[0]
	if len(bs) > 1 {
		// One bundle keeps its sources, logs and capture time; several
		// are judged as one set of objects.
		var objs []*bundle.Object
		for _, x := range bs {
			objs = append(objs, x.Objects...)
			rep.Errors = append(rep.Errors, x.Errors...)
		}
		b = bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil)
	}
	rep.Errors = append(rep.Errors, b.Errors...)
	return rep, judge(rep, b, reg)
}

// RunObjects judges objects already decoded (tests, and callers holding a
// bundle's objects).
func RunObjects(objs []*bundle.Object, reg *health.Registry) (*Report, error) {
	rep := &Report{Items: []Item{}}
	b := bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil)
	rep.Errors = b.Errors
	return rep, judge(rep, b, reg)
}

func judge(rep *Report, b *bundle.Bundle, reg *health.Registry) error {
	js, err := layers.Judge(b, reg)
	if err != nil {
		return err
	}
	for _, j := range js {
		rep.Items = append(rep.Items, Item{Ref: j.Ref, Status: j.Result.Status, Reason: j.Result.Reason, Rule: j.Result.Rule, Fields: j.Result.Fields})
	}
	sort.SliceStable(rep.Items, func(i, j int) bool {
		a, b := rep.Items[i].Ref, rep.Items[j].Ref
		return less4([4]string{a.Kind, a.Namespace, a.Name, a.APIVersion}, [4]string{b.Kind, b.Namespace, b.Name, b.APIVersion})
	})
	return nil
}

func less4(a, b [4]string) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
