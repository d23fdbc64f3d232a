package bundle

import (
	"path"
	"sort"
	"strings"
)

// listing is the set of files of a bundle, for layout detection.
type listing struct {
	files map[string]bool
	dirs  map[string]bool // every directory holding a file, with trailing "/"
}

func newListing(entries []entry) *listing {
	l := &listing{files: make(map[string]bool, len(entries)), dirs: map[string]bool{}}
	for _, e := range entries {
		l.files[e.path] = true
		for d := path.Dir(e.path); d != "."; d = path.Dir(d) {
			if l.dirs[d+"/"] {
				break
			}
			l.dirs[d+"/"] = true
		}
	}
	return l
}

// children returns the names directly under prefix ("" or "dir/"), with a
// trailing "/" for directories, sorted.
func (l *listing) children(prefix string) []string {
	set := map[string]bool{}
	add := func(p string, isDir bool) {
		if !strings.HasPrefix(p, prefix) || p == prefix {
			return
		}
		rest := p[len(prefix):]
		if i := strings.IndexByte(rest, '/'); i >= 0 && i < len(rest)-1 {
			set[rest[:i+1]] = true
		} else if i < 0 || isDir {
			set[rest] = true
		}
	}
	for f := range l.files {
		add(f, false)
	}
	for d := range l.dirs {
		add(d, true)
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// hasManifestIn reports whether dir ("a/b/") directly holds an object
// file.
func (l *listing) hasManifestIn(dir string) bool {
	for f := range l.files {
		if rest, ok := strings.CutPrefix(f, dir); ok && !strings.Contains(rest, "/") && isManifestName(rest) {
			return true
		}
	}
	return false
}

// layout is a detected bundle format and where its content starts.
type layout struct {
	format Format
	// base is the prefix detection matched at: "" or the single wrapper
	// folder. Bundle paths in objects and errors are relative to it.
	base string
	// roots are the prefixes ("" or "dir/") the format's paths are relative
	// to. Only must-gather has more than one: one per image folder.
	roots []string
}

// detect finds the format at the top of the listing, or one folder down
// when the bundle is wrapped in a single top-level folder. Anything else is
// a plain directory of objects.
func detect(l *listing) layout {
	if lay, ok := detectAt(l, ""); ok {
		return lay
	}
	if top := l.children(""); len(top) == 1 && strings.HasSuffix(top[0], "/") {
		if lay, ok := detectAt(l, top[0]); ok {
			return lay
		}
	}
	return layout{format: FormatDirectory, roots: []string{""}}
}

func detectAt(l *listing, p string) (layout, bool) {
	switch {
	case l.files[p+"bundle.yaml"] || l.dirs[p+"objects/"] || l.dirs[p+"git/"]:
		return layout{format: FormatRift, base: p, roots: []string{p}}, true
	case l.dirs[p+"cluster-resources/"]:
		return layout{format: FormatTroubleshoot, base: p, roots: []string{p}}, true
	case isMustGatherRoot(l, p):
		return layout{format: FormatMustGather, base: p, roots: []string{p}}, true
	}
	// A must-gather holds one folder per gather image, named for its digest.
	var roots []string
	for _, c := range l.children(p) {
		if strings.HasSuffix(c, "/") && isMustGatherRoot(l, p+c) {
			roots = append(roots, p+c)
		}
	}
	if len(roots) > 0 {
		return layout{format: FormatMustGather, base: p, roots: roots}, true
	}
	if isClusterInfoRoot(l, p) {
		return layout{format: FormatClusterInfo, base: p, roots: []string{p}}, true
	}
	return layout{}, false
}

func isMustGatherRoot(l *listing, p string) bool {
	return l.dirs[p+"namespaces/"] || l.dirs[p+"cluster-scoped-resources/"]
}

// isClusterInfoRoot matches kubectl cluster-info dump --output-directory:
// nodes.json at the top and <namespace>/pods.json or events.json below.
func isClusterInfoRoot(l *listing, p string) bool {
	if !l.files[p+"nodes.json"] && !l.files[p+"nodes.yaml"] {
		return false
	}
	for _, c := range l.children(p) {
		for _, f := range []string{"pods.json", "events.json", "pods.yaml", "events.yaml"} {
			if strings.HasSuffix(c, "/") && l.files[p+c+f] {
				return true
			}
		}
	}
	return false
}
