package collector

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/rift-dev/rift/internal/bundlewrite"
	"github.com/rift-dev/rift/internal/redact"
)

// sink is the bundle being written: the shared deterministic writer with
// redaction in front of it. Every byte that reaches the writer has been
// through the Redactor.
type sink struct {
	red *redact.Redactor

	mu      sync.Mutex
	w       *bundlewrite.Writer
	pages   map[string]int // object directory -> pages written
	objects int
	files   int
	bytes   int64
}

// errWrite marks a failure to write the bundle, which ends the run (unlike a
// failed read, which becomes a notCollected entry).
type errWrite struct{ err error }

func (e errWrite) Error() string { return e.err.Error() }
func (e errWrite) Unwrap() error { return e.err }

// objDir is objects/<namespace>/<resource[.group]>; cluster-scoped objects
// go under objects/_cluster, which no namespace can be named.
func objDir(ns, resource string) string {
	if ns == "" {
		ns = "_cluster"
	}
	return "objects/" + ns + "/" + resource
}

// page writes one page of objects as a v1 List in JSON, one object per
// line, at <dir>/<NNNNN>.json. Pages are numbered in list order, and the
// API server lists in key order, so the same cluster state gives the same
// files. JSON rather than YAML: encoding YAML costs ten times as much, which
// dominates collection time in large namespaces.
func (s *sink) page(dir string, objs []map[string]any) error {
	if len(objs) == 0 {
		return nil
	}
	s.mu.Lock()
	n := s.pages[dir]
	s.pages[dir] = n + 1
	s.mu.Unlock()
	p := fmt.Sprintf("%s/%05d.json", dir, n)
	var buf bytes.Buffer
	buf.WriteString(`{"apiVersion":"v1","kind":"List","items":[`)
	written := 0
	for _, o := range objs {
		o, keep := s.red.Object(p, o)
		if !keep {
			continue
		}
		b, err := json.Marshal(o)
		if err != nil {
			return errWrite{fmt.Errorf("%s: encode: %w", p, err)}
		}
		if written > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n")
		buf.Write(b)
		written++
	}
	buf.WriteString("\n]}\n")
	s.mu.Lock()
	defer s.mu.Unlock()
	s.objects += written
	return s.add(p, buf.Bytes())
}

// file redacts and writes a whole non-object file (a log, source.yaml).
func (s *sink) file(p string, data []byte) error {
	data, keep := s.red.File(p, data)
	if !keep {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.add(p, data)
}

// add checks one redacted file for anything secret-looking left and hands
// it to the writer; s.mu must be held. A finding stops the run: the
// collector would rather write no bundle than a leaking one.
func (s *sink) add(p string, data []byte) error {
	if f := redact.Check(p, data); len(f) > 0 {
		return errWrite{fmt.Errorf("%s: line %d: value matching rule %s left after redaction; refusing to write the bundle", p, f[0].Line, f[0].Rule)}
	}
	if err := s.w.Add(p, data); err != nil {
		return errWrite{err}
	}
	s.files++
	s.bytes += int64(len(data))
	return nil
}

// managedFields are kept on purpose: they hold field names and managers,
// never values, and the analysis reads them to tell drift (a field written
// by kubectl-set or an HPA) from the GitOps applier's own writes.
