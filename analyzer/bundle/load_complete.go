package bundle

import (
	"fmt"
	"strings"
)

// incompletePrefix starts the Reason of every LoadError that means part of
// the bundle was not read, so that the error itself (in rift inspect, in a
// report's scope, in JSON) says why it matters.
const incompletePrefix = "incomplete: "

// Incomplete reports whether e means the loaded bundle lacks data it holds,
// or held when it was collected: the archive is truncated or corrupt, a
// limit stopped reading or skipped a file, a file or folder could not be
// read, bundle.yaml is malformed (its notCollected and files are lost) or
// missing from a bundle rift wrote (it holds redaction.yaml), or a file
// listed in bundle.yaml files is missing or differs from it. An
// analysis of such a bundle can at best be "unknown", never "healthy".
//
// Errors about what was read (a malformed document, an object without a
// name, a bad time), files refused on purpose (links, unsafe archive paths,
// a second copy of a path) and files bundle.yaml does not list are not:
// the data the collector recorded is all there.
func (e LoadError) Incomplete() bool { return strings.HasPrefix(e.Reason, incompletePrefix) }

// incomplete makes a LoadError that marks the bundle incomplete.
func incomplete(file string, format string, args ...any) LoadError {
	return LoadError{File: file, Doc: -1, Reason: incompletePrefix + fmt.Sprintf(format, args...)}
}

// failIncomplete records a LoadError that marks the bundle incomplete.
func (ld *loader) failIncomplete(file string, format string, args ...any) {
	ld.errs = append(ld.errs, incomplete(file, format, args...))
}

// ResourceManifest is the Resource of the NotCollected entry the loader
// adds to a rift bundle without a files manifest in its bundle.yaml: its
// completeness cannot be checked.
const ResourceManifest = "bundle.yaml files"

// noManifest is the Reason of the NotCollected entry a rift bundle without
// a files manifest gets. It is a gap, not a load error: hand-made bundles
// carry no manifest, and every file they hold is read.
const noManifest = "no manifest: completeness cannot be checked"

// gaps adds the NotCollected entries the layout implies, once every file
// is read: the manifest of a rift bundle without one, and the pods and
// events an imported format holds in known places when it holds none. An
// entry the bundle already has for the same resource cluster-wide (a
// troubleshoot pods-errors.json) is not repeated. metaFile says whether
// the bundle holds a bundle.yaml.
func (ld *loader) gaps(metaFile bool) {
	var want []NotCollected
	switch ld.lay.format {
	case FormatRift:
		if !metaFile && ld.riftWritten {
			// rift collect and rift redact write redaction.yaml, then
			// bundle.yaml last: a bundle they wrote without it is a
			// write that never finished, or a copy that lost its manifest.
			ld.failIncomplete("bundle.yaml", "missing: the bundle holds redaction.yaml, which rift writes just before bundle.yaml; an unfinished write?")
			break
		}
		if len(ld.meta.Files) == 0 {
			why := "bundle.yaml lists no files"
			if !metaFile {
				why = "the bundle has no bundle.yaml"
			}
			want = append(want, NotCollected{Resource: ResourceManifest, Reason: noManifest + "; " + why})
		}
	case FormatTroubleshoot, FormatMustGather, FormatClusterInfo:
		want = ld.absent
	}
	have := map[string]bool{}
	for _, nc := range ld.meta.NotCollected {
		if nc.Namespace == "" {
			have[nc.Resource] = true
		}
	}
	for _, nc := range want {
		if !have[nc.Resource] {
			ld.meta.NotCollected = append(ld.meta.NotCollected, nc)
		}
	}
}

// absent lists pods and events as not collected when an imported layout
// holds none of the files its format keeps them in. format names the
// format and where those files, for the message; found says whether any
// file of the layout holds pods, then events.
func absent(format string, where [2]string, found [2]bool) []NotCollected {
	var out []NotCollected
	for i, res := range [2]string{"pods", "events"} {
		if !found[i] {
			out = append(out, NotCollected{Resource: res, Reason: fmt.Sprintf("absent: the %s holds no %s", format, where[i])})
		}
	}
	return out
}
