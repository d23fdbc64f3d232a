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
