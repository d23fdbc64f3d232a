package collector

import (
	"fmt"
	"sort"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/redact"
)

// finish writes redaction.yaml and bundle.yaml and closes the archive.
func (r *run) finish(now time.Time, red *redact.Redactor) (*Summary, error) {
	rep := red.Report()
	total := 0
	for _, files := range rep.Rules {
		for _, c := range files {
			total += c
		}
	}
	rb, err := yaml.Marshal(bundle.RedactionReport{Rules: rep.Rules})
	if err != nil {
		return nil, fmt.Errorf("redaction.yaml: %w", err)
	}
	// Written as is: it holds counts only, and redacting it would count
	// itself.
	r.out.mu.Lock()
	err = r.out.add("redaction.yaml", rb)
	r.out.mu.Unlock()
	if err != nil {
		return nil, err
	}
	sortNotCollected(r.nc)
	meta := bundle.Meta{
		APIVersion:   bundle.APIVersion,
		Kind:         "Bundle",
		CreatedAt:    &now,
		Collector:    bundle.Collector{Name: "rift collect", Version: r.cfg.Version},
		Scope:        bundle.Scope{Context: r.t.Context, Cluster: r.t.Cluster, Server: r.t.Server, Identity: r.t.Identity, Namespaces: r.t.Namespaces},
		NotCollected: r.nc,
	}
	if err := r.out.w.Close(meta); err != nil {
		return nil, fmt.Errorf("bundle: %w", err)
	}
	s := &Summary{Out: r.cfg.Out, Target: r.t, Objects: r.out.objects, Redactions: total, NotCollected: r.nc}
	s.Files, s.Bytes = r.out.files+1, r.out.bytes // +1: bundle.yaml
	return s, nil
}

func sortNotCollected(nc []bundle.NotCollected) {
	sort.SliceStable(nc, func(i, j int) bool {
		a, b := nc[i], nc[j]
		if a.Resource != b.Resource {
			return a.Resource < b.Resource
		}
		if a.Namespace != b.Namespace {
			return a.Namespace < b.Namespace
		}
		return a.Reason < b.Reason
	})
}
