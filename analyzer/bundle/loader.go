package bundle

import (
	"fmt"
	"path"
	"sort"
	"strings"
)

// role says how the loader treats one file.
type role int

const (
	roleSkip         role = iota // part of the format, deliberately not read
	roleObjects                  // Kubernetes objects
	roleLog                      // one container log tail
	roleLogsTxt                  // cluster-info dump logs.txt: several containers
	roleMeta                     // bundle.yaml
	roleSource                   // git/<source>/source.yaml
	roleRendered                 // git/<source>/rendered/**
	roleCheck                    // checks/*.yaml
	roleRedaction                // redaction.yaml
	roleErrorList                // troubleshoot *-errors.json: a JSON array of messages
	roleCollectorErr             // troubleshoot collector-errors/*.json
	roleVersion                  // troubleshoot version.yaml
	roleTimestamp                // must-gather timestamp
)

// plan is what the loader will do with one file.
type plan struct {
	role role
	// source is the Git source name (roleSource, roleRendered).
	source string
	// log names the container (roleLog).
	log Log
	// nc is the NotCollected entry a roleErrorList file fills in.
	nc NotCollected
}

// loader gathers one bundle's content across the read pass.
type loader struct {
	opts    LoadOptions
	lay     layout
	plans   map[string]plan // by full path in the storage
	files   []string        // every listed file, full path
	unknown map[string]bool
	meta    Meta
	hasMeta bool
	objs    []*Object
	sources map[string]*GitSource
	logs    []*Log
	checks  []*Check
	redact  *RedactionReport
	errs    []LoadError
	pool    *decodePool // set during the read pass
}

func newLoader(opts LoadOptions, entries []entry) *loader {
	ld := &loader{opts: opts, plans: map[string]plan{}, unknown: map[string]bool{}, sources: map[string]*GitSource{}}
	l := newListing(entries)
	ld.lay = detect(l)
	for _, e := range entries {
		ld.files = append(ld.files, e.path)
		root, rel := ld.split(e.path)
		p, known := ld.planFor(l, root, rel)
		switch {
		case !known:
			ld.unknown[strings.TrimPrefix(root, ld.lay.base)+topLevel(rel)] = true
		case p.role != roleSkip:
			ld.plans[e.path] = p
		}
	}
	return ld
}

// split finds the format root holding p and p's path below it. A file
// outside every root gets root "" and its path relative to the base.
func (ld *loader) split(p string) (root, rel string) {
	for _, r := range ld.lay.roots {
		if strings.HasPrefix(p, r) {
			return r, p[len(r):]
		}
	}
	return "", strings.TrimPrefix(p, ld.lay.base)
}

func (ld *loader) planFor(l *listing, root, rel string) (plan, bool) {
	switch ld.lay.format {
	case FormatRift:
		return ld.planRift(rel)
	case FormatTroubleshoot:
		return planTroubleshoot(l, root, rel)
	case FormatMustGather:
		return planMustGather(l, root, rel)
	case FormatClusterInfo:
		return planClusterInfo(rel)
	}
	if isManifestName(rel) {
		return plan{role: roleObjects}, true
	}
	return plan{}, false
}

// topLevel returns the first component of p, with "/" when it is a folder.
func topLevel(p string) string {
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i+1]
	}
	return p
}

// name is the path shown for a file: relative to the layout base, so that
// a wrapper folder does not repeat in every message.
func (ld *loader) name(full string) string { return strings.TrimPrefix(full, ld.lay.base) }

func (ld *loader) fail(file string, doc int, format string, args ...any) {
	ld.errs = append(ld.errs, LoadError{File: file, Doc: doc, Reason: fmt.Sprintf(format, args...)})
}

// run reads every planned file. bundle.yaml is read in a pass of its own,
// first, so that a refused format version stops loading before anything is
// decoded.
func (ld *loader) run(src source) error {
	var metaPath string
	for p, pl := range ld.plans {
		if pl.role == roleMeta {
			metaPath = p
		}
	}
	if metaPath != "" {
		var refused error
		err := src.read(map[string]bool{metaPath: true}, func(p string, data []byte, err error) {
			if err != nil {
				ld.fail(ld.name(p), -1, "cannot read: %v", err)
				return
			}
			refused = ld.readMeta(ld.name(p), data)
		})
		if refused != nil {
			return refused
		}
		if err != nil {
			ld.fail("", -1, "%v", err)
		}
		delete(ld.plans, metaPath)
	}
	want := make(map[string]bool, len(ld.plans))
	for p := range ld.plans {
		want[p] = true
	}
	// With a manifest, every file is read once to check it, planned or not.
	v := newVerifier(ld.lay.base, ld.meta.Files)
	if v != nil {
		for _, p := range ld.files {
			if p != metaPath {
				want[p] = true
			}
		}
	}
	ld.pool = newDecodePool(ld)
	err := src.read(want, func(p string, data []byte, err error) {
		if err != nil {
			defer ld.pool.lock()()
			ld.fail(ld.name(p), -1, "cannot read: %v", err)
			return
		}
		func() {
			defer ld.pool.lock()()
			v.check(ld, p, data)
		}()
		if pl, ok := ld.plans[p]; ok {
			ld.handle(p, pl, data)
		}
	})
	ld.pool.wait()
	ld.pool = nil
	if err != nil {
		ld.fail("", -1, "%v", err)
	}
	v.missing(ld)
	return nil
}

func (ld *loader) handle(full string, p plan, data []byte) {
	file := ld.name(full)
	switch p.role {
	case roleObjects:
		ld.pool.decode(file, "", data)
		return
	case roleRendered:
		ld.pool.decode(file, p.source, data)
		return
	}
	// Everything else runs on the reader goroutine, but shares ld.errs and
	// ld.sources with the decode workers.
	defer ld.pool.lock()()
	switch p.role {
	case roleLog:
		l := p.log
		l.File, l.Lines = file, splitLines(data)
		ld.logs = append(ld.logs, &l)
	case roleLogsTxt:
		ld.readLogsTxt(file, data)
	case roleSource:
		ld.readSource(file, p.source, data)
	case roleCheck:
		ld.readChecks(file, data)
	case roleRedaction:
		ld.readRedaction(file, data)
	case roleErrorList:
		ld.readErrorList(file, p.nc, data)
	case roleCollectorErr:
		ld.readCollectorError(file, data)
	case roleVersion:
		ld.readVersion(file, data)
	case roleTimestamp:
		ld.readTimestamp(file, data)
	}
}

func (ld *loader) source(name string) *GitSource {
	s := ld.sources[name]
	if s == nil {
		s = &GitSource{Name: name}
		ld.sources[name] = s
	}
	return s
}

// bundle assembles the result.
func (ld *loader) bundle() *Bundle {
	sources := make([]*GitSource, 0, len(ld.sources))
	for _, s := range ld.sources {
		sources = append(sources, s)
	}
	meta := ld.meta
	if meta.APIVersion == "" {
		meta.APIVersion, meta.Kind = APIVersion, "Bundle"
	}
	b := New(ld.lay.format, meta, ld.objs, sources, ld.logs, ld.checks)
	b.Redaction = ld.redact
	for u := range ld.unknown {
		b.Unknown = append(b.Unknown, u)
	}
	sort.Strings(b.Unknown)
	b.Errors = append(ld.errs, b.Errors...)
	sortErrors(b.Errors)
	return b
}

// splitLines splits a log into lines without their line endings.
func splitLines(data []byte) []string {
	s := strings.TrimSuffix(string(data), "\n")
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// manifestIn reports whether rel is an object file under dir.
func manifestIn(rel, dir string) bool {
	return strings.HasPrefix(rel, dir) && isManifestName(path.Base(rel))
}
