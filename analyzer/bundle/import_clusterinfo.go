package bundle

import (
	"regexp"
	"strings"
)

// planClusterInfo maps a path of a kubectl cluster-info dump directory to
// its role: nodes.json at the top, <namespace>/<resource>.json lists, and
// <namespace>/<pod>/logs.txt.
func planClusterInfo(rel string) (plan, bool) {
	parts := strings.Split(rel, "/")
	switch {
	case len(parts) <= 2 && isManifestName(rel):
		return plan{role: roleObjects}, true
	case len(parts) == 3 && parts[2] == "logs.txt":
		return plan{role: roleLogsTxt}, true
	}
	return plan{}, false
}

// absentClusterInfo states the pods and events a cluster-info dump lacks.
// kubectl writes pods.json and events.json into every namespace folder it
// dumps, empty lists included, so a namespace folder without one lost it;
// a dump without any lacks that resource everywhere.
func absentClusterInfo(l *listing, root string) []NotCollected {
	var found [2]bool
	var missing [2][]string
	for _, c := range l.children(root) {
		dir := root + c
		if !strings.HasSuffix(c, "/") || !l.hasManifestIn(dir) {
			continue
		}
		for i, res := range [2]string{"pods", "events"} {
			if l.files[dir+res+".json"] || l.files[dir+res+".yaml"] {
				found[i] = true
			} else {
				missing[i] = append(missing[i], strings.TrimSuffix(c, "/"))
			}
		}
	}
	out := absent("dump", [2]string{"<namespace>/pods.json", "<namespace>/events.json"}, found)
	for i, res := range [2]string{"pods", "events"} {
		if !found[i] {
			continue // the entry for all namespaces says it
		}
		for _, ns := range missing[i] {
			out = append(out, NotCollected{Resource: res, Namespace: ns, Reason: "absent: the dump holds no " + ns + "/" + res + ".json"})
		}
	}
	return out
}

// logMarker matches the lines kubectl cluster-info dump writes around each
// container's log.
var logMarker = regexp.MustCompile(`^==== (START|END) logs for container (\S+) of pod ([^/\s]+)/(\S+) ====$`)

// readLogsTxt splits a logs.txt into one Log per container. Lines outside
// START/END markers are dropped; an unterminated section still counts.
func (ld *loader) readLogsTxt(file string, data []byte) {
	var cur *Log
	n := 0
	for _, line := range splitLines(data) {
		m := logMarker.FindStringSubmatch(line)
		switch {
		case m != nil && m[1] == "START":
			cur = &Log{Namespace: m[3], Pod: m[4], Container: m[2], File: file}
			ld.logs = append(ld.logs, cur)
			n++
		case m != nil:
			cur = nil
		case cur != nil:
			cur.Lines = append(cur.Lines, line)
		}
	}
	if n == 0 {
		ld.fail(file, -1, "no \"==== START logs for container\" section found")
	}
}
