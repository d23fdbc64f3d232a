package redact

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/bundlewrite"
	"sigs.k8s.io/yaml"
)

// ReportFile is the redaction report's path inside a bundle.
const ReportFile = "redaction.yaml"

// BundleOptions configure RedactBundle.
type BundleOptions struct {
	// Load bounds what is read from the input.
	Load bundle.LoadOptions
	// Redact configures the Redactor.
	Redact Options
}

// Summary says what RedactBundle did. It holds no values.
type Summary struct {
	// Format is the input's detected layout.
	Format bundle.Format `json:"format"`
	// Files is the number of files written, bundle.yaml excluded.
	Files int `json:"files"`
	// Dropped lists input files (or importer load errors) that are not in
	// the output, with the reason: files that could not be read or decoded
	// by an importer are left out rather than shared unscanned.
	Dropped []Skipped `json:"dropped,omitempty"`
	// Report is what went into redaction.yaml.
	Report Report `json:"report"`
}

// RedactBundle reads the bundle at in (any layout bundle.Load reads),
// redacts every file and writes a rift.dev/v1alpha1 bundle to w, closing
// it. A rift bundle is redacted file by file, so Git files and unknown
// entries are kept; an imported bundle (troubleshoot, cluster-info dump,
// must-gather, plain directory) is converted from its loaded form into the
// v1alpha1 layout. The output's capture time is the input's.
//
// The limits in opts.Load bound both the loading and the raw reading of a
// rift bundle, with everything decoded inside its files. A limit that stops
// reading part way (entries, total size, compression ratio) fails the whole
// run with a *LimitError: a bundle that analyze would read only in part is
// not redacted in part. On any error w is aborted (bundlewrite.Writer.Abort:
// no bundle.yaml is written and the spool is removed); the caller discards
// the output.
func RedactBundle(in string, w *bundlewrite.Writer, opts BundleOptions) (*Summary, error) {
	return RedactBundleContext(context.Background(), in, w, opts)
}

// RedactBundleContext is RedactBundle ended early, with ctx's error, once
// ctx is done: it looks between files, and after loading (which it does
// not interrupt).
func RedactBundleContext(ctx context.Context, in string, w *bundlewrite.Writer, opts BundleOptions) (*Summary, error) {
	s, meta, err := redactBundle(ctx, in, w, opts)
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		w.Abort()
		return nil, err
	}
	return s, w.Close(meta)
}

func redactBundle(ctx context.Context, in string, w *bundlewrite.Writer, opts BundleOptions) (*Summary, bundle.Meta, error) {
	b, err := bundle.Load(in, opts.Load)
	if err != nil {
		return nil, bundle.Meta{}, err
	}
	if le := loadHalt(b); le != nil {
		return nil, bundle.Meta{}, le
	}
	if err := ctx.Err(); err != nil {
		return nil, bundle.Meta{}, err
	}
	r, err := New(opts.Redact)
	if err != nil {
		return nil, bundle.Meta{}, err
	}
	s := &Summary{Format: b.Format}
	add := func(name string, data []byte) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := w.Add(name, data); err != nil {
			return err
		}
		s.Files++
		return nil
	}
	if b.Format == bundle.FormatRift {
		err = r.rawFiles(in, opts.Load, add, s)
	} else {
		err = r.converted(b, opts.Load, add, s)
	}
	if err != nil {
		return nil, bundle.Meta{}, err
	}
	s.Report = r.Report()
	merge(&s.Report, b.Redaction)
	rep, err := yaml.Marshal(s.Report)
	if err != nil {
		return nil, bundle.Meta{}, err
	}
	if err := add(ReportFile, rep); err != nil {
		return nil, bundle.Meta{}, err
	}
	sortSkipped(s.Dropped)
	return s, r.meta(b), nil
}

// loadHalt returns the limit at which the loader stopped reading b, if it
// did: the loader reports such a limit as a LoadError saying the rest is
// not read, and goes on with what it has.
func loadHalt(b *bundle.Bundle) *LimitError {
	for _, e := range b.Errors {
		if strings.Contains(e.Reason, "the rest is not read") {
			return &LimitError{e.File, e.Reason}
		}
	}
	return nil
}

// rawFiles redacts a rift bundle file by file, dropping a wrapping folder.
// A path the archive holds twice is written once, from its first copy, as
// the loader reads it; the later copy is listed as dropped.
// Compressed files, archives and UTF-16 text are redacted inside and
// written back in the same layers (see opener); a file that cannot be
// opened all the way is dropped.
func (r *Redactor) rawFiles(in string, lim bundle.LoadOptions, add func(string, []byte) error, s *Summary) error {
	wrap := ""
	first := true
	seen := map[string]bool{}
	b := newBudget(lim)
	o := r.opener(b)
	defer func() { s.Dropped = append(s.Dropped, o.skipped...) }()
	return walkBudget(in, b,
		func(name string, data []byte) error {
			if first {
				first = false
				if top, _, ok := strings.Cut(name, "/"); ok && !riftTop[top] {
					wrap = top + "/"
				}
			}
			name = strings.TrimPrefix(name, wrap)
			if name == bundlewrite.MetaFile || name == ReportFile {
				return nil // rewritten from the loaded bundle
			}
			if seen[name] {
				// The loader's rule: the first copy counts.
				s.Dropped = append(s.Dropped, Skipped{name, bundle.DuplicateMember})
				return nil
			}
			seen[name] = true
			out, keep, err := o.open(name, name, data, 0)
			if err != nil || !keep {
				return err
			}
			return add(name, out)
		},
		func(name, reason string) { s.Dropped = append(s.Dropped, Skipped{name, reason}) })
}

// opener returns an opener that redacts every text it finds with r.
func (r *Redactor) opener(b *budget) *opener {
	o := &opener{b: b, rewrite: true}
	o.leaf = func(name, as string, text []byte) ([]byte, bool) {
		out, keep := r.fileAs(name, as, text)
		if !keep {
			o.skipped = append(o.skipped, Skipped{name, "a credential blob as a whole"})
		}
		return out, keep
	}
	return o
}

var riftTop = map[string]bool{"objects": true, "logs": true, "git": true, "checks": true}

// meta is the output's bundle.yaml: the input's, with the capture time made
// explicit and free-text fields redacted.
func (r *Redactor) meta(b *bundle.Bundle) bundle.Meta {
	m := b.Meta
	m.APIVersion, m.Kind, m.Files = bundle.APIVersion, "Bundle", nil
	if m.CreatedAt == nil && !b.CaptureTime.IsZero() {
		t := b.CaptureTime
		m.CreatedAt = &t
	}
	sc := &scope{file: bundlewrite.MetaFile}
	m.Scope.Server = r.text(sc, m.Scope.Server)
	m.Scope.Context = r.text(sc, m.Scope.Context)
	m.Scope.Cluster = r.text(sc, m.Scope.Cluster)
	m.NotCollected = slices.Clone(m.NotCollected)
	for i := range m.NotCollected {
		m.NotCollected[i].Reason = r.text(sc, m.NotCollected[i].Reason)
	}
	return m
}

// merge adds an input bundle's earlier redaction counts to rep.
func merge(rep *Report, prev *bundle.RedactionReport) {
	if prev == nil {
		return
	}
	for _, rule := range slices.Sorted(maps.Keys(prev.Rules)) {
		if rep.Rules[rule] == nil {
			rep.Rules[rule] = map[string]int{}
		}
		for f, n := range prev.Rules[rule] {
			rep.Rules[rule][f] += n
		}
	}
}

// errorf formats an error about file.
func errorf(file, format string, args ...any) error {
	return fmt.Errorf("%s: "+format, append([]any{file}, args...)...)
}
