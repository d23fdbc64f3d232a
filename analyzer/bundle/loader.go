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
	roleErrorText                // troubleshoot <container>-logs-errors.log
	roleCollectorErr             // troubleshoot collector-errors/*.json
	roleVersion                  // troubleshoot version.yaml
	roleTimestamp                // must-gather timestamp
	roleAPIGroups                // troubleshoot cluster-resources/groups.json
	roleAPIResources             // troubleshoot cluster-resources/resources.json
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
	disc    *Discovery
	// riftWritten is set when the bundle holds redaction.yaml, which only
	// rift's writers (collect, redact) write, just before bundle.yaml.
	riftWritten bool
	errs        []LoadError
	pool        *decodePool // set during the read pass
	// absent are the pods and events an imported layout lacks where its
	// format keeps them; gaps adds them to meta.NotCollected.
	absent []NotCollected
}

func newLoader(opts LoadOptions, entries []entry) *loader {
	ld := &loader{opts: opts, plans: map[string]plan{}, unknown: map[string]bool{}, sources: map[string]*GitSource{}}
	l := newListing(entries)
	ld.lay = detect(l)
	switch ld.lay.format {
	case FormatTroubleshoot:
		ld.absent = absentTroubleshoot(l, ld.lay.roots[0])
	case FormatMustGather:
		ld.absent = absentMustGather(l, ld.lay.roots)
	case FormatClusterInfo:
		ld.absent = absentClusterInfo(l, ld.lay.roots[0])
	}
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
	b.Discovery = ld.disc
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
