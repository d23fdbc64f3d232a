package redact

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"sigs.k8s.io/yaml"
)

// converted writes an imported bundle in the v1alpha1 layout: objects by
// namespace and kind, Git sources, logs and checks, each redacted.
func (r *Redactor) converted(b *bundle.Bundle, lim bundle.LoadOptions, add func(string, []byte) error, s *Summary) error {
	for _, e := range b.Errors {
		reason := e.Reason
		if e.Doc >= 0 {
			reason = fmt.Sprintf("document %d: %s", e.Doc, reason)
		}
		s.Dropped = append(s.Dropped, Skipped{e.File, reason})
	}
	for _, u := range b.Unknown {
		s.Dropped = append(s.Dropped, Skipped{u, "not part of the " + string(b.Format) + " layout; not carried over"})
	}
	o := r.opener(newBudget(lim))
	defer func() { s.Dropped = append(s.Dropped, o.skipped...) }()
	groups := map[string][]map[string]any{}
	for _, o := range b.Objects {
		p := objectPath(o)
		groups[p] = append(groups[p], o.Object)
	}
	for _, src := range b.Sources {
		for _, o := range src.Rendered {
			p := "git/" + safe(src.Name) + "/rendered/objects.yaml"
			if strings.HasPrefix(o.Source.File, "git/"+src.Name+"/rendered/") {
				p = yamlName(o.Source.File)
			}
			groups[p] = append(groups[p], o.Object)
		}
		if err := r.source(src, add); err != nil {
			return err
		}
	}
	for _, p := range slices.Sorted(maps.Keys(groups)) {
		var kept []map[string]any
		for _, o := range groups[p] {
			if o, keep := r.Object(p, o); keep {
				kept = append(kept, o)
			}
		}
		data, err := Encode(p, kept)
		if err != nil {
			return errorf(p, "encode: %w", err)
		}
		if err := add(p, data); err != nil {
			return err
		}
	}
	for _, l := range b.Logs {
		p := "logs/" + safe(l.Namespace) + "/" + safe(l.Pod) + "/" + safe(l.Container)
		if l.Previous {
			p += ".previous"
		}
		p += ".log"
		body := strings.Join(l.Lines, "\n")
		if len(l.Lines) > 0 {
			body += "\n"
		}
		// An importer takes any file with a log's name as a log: its
		// content may still be compressed or binary.
		out, keep, err := o.open(p, p, []byte(body), 0)
		if err != nil {
			return err
		}
		if keep {
			if err := add(p, out); err != nil {
				return err
			}
		}
	}
	for i, c := range b.Checks {
		p := "checks/" + safe(strings.TrimSuffix(path.Base(c.File), path.Ext(c.File))) + ".yaml"
		if c.File == "" {
			p = fmt.Sprintf("checks/check-%03d.yaml", i)
		}
		if err := r.yamlFile(p, checkDoc{c.Name, c.Target, c.Time, c.OK, c.Detail}, add); err != nil {
			return err
		}
	}
	return nil
}

type checkDoc struct {
	Name   string     `json:"name"`
	Target string     `json:"target,omitempty"`
	Time   *time.Time `json:"time,omitempty"`
	OK     bool       `json:"ok"`
	Detail string     `json:"detail,omitempty"`
}

type sourceDoc struct {
	URL        string          `json:"url,omitempty"`
	Ref        string          `json:"ref,omitempty"`
	Revision   string          `json:"revision,omitempty"`
	CommitTime *time.Time      `json:"commitTime,omitempty"`
	Path       string          `json:"path,omitempty"`
	Renderer   string          `json:"renderer,omitempty"`
	History    []bundle.Commit `json:"history,omitempty"`
}

func (r *Redactor) source(src *bundle.GitSource, add func(string, []byte) error) error {
	doc := sourceDoc{src.URL, src.Ref, src.Revision, src.CommitTime, src.Path, src.Renderer, src.History}
	return r.yamlFile("git/"+safe(src.Name)+"/source.yaml", doc, add)
}

// yamlFile encodes v as YAML and adds it redacted.
func (r *Redactor) yamlFile(p string, v any, add func(string, []byte) error) error {
	data, err := yaml.Marshal(v)
	if err != nil {
		return errorf(p, "encode: %w", err)
	}
	out, keep := r.File(p, data)
	if !keep {
		return nil
	}
	return add(p, out)
}

// objectPath places an imported object: objects/<namespace>/<kind>[.<group>].yaml,
// with _cluster for cluster-scoped objects. File names carry no meaning in
// the format; this one only keeps files small and readable.
func objectPath(o *bundle.Object) string {
	ns := o.GetNamespace()
	if ns == "" {
		ns = "_cluster"
	}
	name := strings.ToLower(o.GetKind())
	if g := o.GroupVersionKind().Group; g != "" {
		name += "." + g
	}
	if name == "" {
		name = "unknown"
	}
	return "objects/" + safe(ns) + "/" + safe(name) + ".yaml"
}

// yamlName gives a manifest path a .yaml extension (output is YAML).
func yamlName(p string) string {
	if ext := path.Ext(p); ext == ".json" || ext == ".yml" {
		return strings.TrimSuffix(p, ext) + ".yaml"
	}
	return p
}

// safe makes one path element from data: no separators, no dot-only names.
func safe(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			b[i] = '_'
		}
	}
	out := string(b)
	if strings.Trim(out, ".") == "" {
		return "_" + out
	}
	return out
}
