package benchgen

import (
	"fmt"
	"strings"
)

// Format is the layout a generated bundle is written in. Every format
// holds the same workloads, with the same planted failures; they differ in
// where objects go, how they are encoded, and which kinds the collector of
// that format gathers.
type Format string

// The formats Write writes, each of which bundle.Load reads.
const (
	// FormatRift is rift's own: objects/<ns>/<resource>.yaml,
	// multi-document YAML, and bundle.yaml.
	FormatRift Format = "rift"
	// FormatTroubleshoot is a troubleshoot support bundle:
	// cluster-resources/<resource>/<ns>.json, one indented JSON List per
	// resource and namespace, custom resources under
	// cluster-resources/custom-resources/<plural>.<group>/ (JSON and
	// YAML), namespaces.json and nodes.json, the logs of failing pods and
	// version.yaml (testdata/corpus/troubleshoot).
	FormatTroubleshoot Format = "troubleshoot"
	// FormatMustGather is an OpenShift must-gather packed as .tar.gz:
	// one image folder holding namespaces/<ns>/<group>/<resource>.yaml
	// (YAML Lists), namespaces/<ns>/<ns>.yaml, one folder per pod with
	// the pod again and every container's logs, and
	// cluster-scoped-resources/core/nodes/<node>.yaml
	// (testdata/corpus/must-gather-clean).
	FormatMustGather Format = "must-gather"
)

// Formats lists the formats in the order hack/bench.sh measures them.
var Formats = []Format{FormatRift, FormatTroubleshoot, FormatMustGather}

// ParseFormat returns the format named s ("" is FormatRift).
func ParseFormat(s string) (Format, error) {
	if s == "" {
		return FormatRift, nil
	}
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = string(f)
	}
	return "", fmt.Errorf("format %q: want one of %s", s, strings.Join(names, ", "))
}

// uncollected are the kinds of the mix a format's collector does not
// gather: troubleshoot's cluster-resources collector reads neither Secrets
// nor ControllerRevisions, and must-gather (oc adm inspect) no
// ControllerRevisions.
var uncollected = map[Format][]string{
	FormatTroubleshoot: {"Secret", "ControllerRevision"},
	FormatMustGather:   {"ControllerRevision"},
}

// CountsFor is Counts for a format: the kinds its collector does not
// gather get none, and Events take their share, so the bundle still holds
// n objects of the mix (besides the Namespaces and Nodes a troubleshoot
// bundle or a must-gather lists beside them).
func CountsFor(f Format, n int) map[string]int {
	c := Counts(n)
	for _, kind := range uncollected[f] {
		c["Event"] += c[kind]
		c[kind] = 0
	}
	return c
}
