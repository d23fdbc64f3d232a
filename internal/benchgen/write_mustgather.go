package benchgen

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"time"

	"sigs.k8s.io/yaml"
)

// writeMustGather writes g's objects as an OpenShift must-gather
// (FormatMustGather) packed as .tar.gz, the way support cases upload one
// (tar caf must-gather.tar.gz must-gather.local.N): a folder
// must-gather.local.N holding one gather image's folder. Lists are YAML,
// each file beginning with "---" as oc writes them; every pod also has a
// folder with the pod again and its container's logs (current, and
// previous after a restart), which rift reads only for the logs.
func (g *gen) writeMustGather(w io.Writer) error {
	sum := sha256.Sum256([]byte("rift-benchgen must-gather " + strconv.FormatUint(g.cfg.Seed, 10)))
	top := fmt.Sprintf("must-gather.local.%d/", binary.BigEndian.Uint64(sum[:8])>>1)
	root := top + "quay-io-openshift-release-dev-ocp-v4-0-art-dev-sha256-" + hex.EncodeToString(sum[:]) + "/"
	fs := files{}
	rv := 0
	gs := g.groups(&rv, false)
	for _, gr := range gs {
		kind, av := gr.objs[0]["kind"].(string), gr.objs[0]["apiVersion"].(string)
		dir := root + "namespaces/" + gr.ns + "/"
		fs[dir+apiGroup(gr.objs[0])+"/"+gr.resource+".yaml"] = func() ([]byte, error) {
			gr.dressOnce()
			return yamlDoc(map[string]any{"apiVersion": av, "kind": kind + "List", "items": gr.objs,
				"metadata": map[string]any{"resourceVersion": strconv.Itoa(rv)}})
		}
		if gr.resource != "pods" {
			continue
		}
		for _, o := range gr.objs {
			name := o["metadata"].(map[string]any)["name"].(string)
			pd := dir + "pods/" + name + "/"
			fs[pd+name+".yaml"] = func() ([]byte, error) { gr.dressOnce(); return yamlDoc(o) }
			started := startedAt(o)
			for _, prev := range []bool{false, true} {
				if l, ok := podLog(g, gr.ns, name, started, prev); ok {
					fs[pd+"app/app/logs/"+map[bool]string{false: "current.log", true: "previous.log"}[prev]] = static([]byte(l))
				}
			}
		}
	}
	for _, ns := range sortedKeys(g.nsSeen) {
		fs[root+"namespaces/"+ns+"/"+ns+".yaml"] = func() ([]byte, error) { return yamlDoc(namespaceObject(ns)) }
	}
	for _, n := range nodeNames(gs) {
		fs[root+"cluster-scoped-resources/core/nodes/"+n+".yaml"] = func() ([]byte, error) { return yamlDoc(nodeObject(n)) }
	}
	// Go's time.Time.String with a monotonic reading, one line at the
	// start of gathering and one at its end, in the top folder and the
	// image's.
	stamp := static([]byte(CaptureTime.Add(-40*time.Second).String() + " m=+0.412345678\n" +
		CaptureTime.String() + " m=+40.412345678\n"))
	fs[top+"timestamp"] = stamp
	fs[root+"timestamp"] = stamp
	return fs.write(w)
}

// yamlDoc is v as one YAML document that begins with "---".
func yamlDoc(v any) ([]byte, error) {
	b, err := yaml.Marshal(v)
	return append([]byte("---\n"), b...), err
}

// startedAt is when a pod's container started, "" if it never ran (its
// image could not be pulled).
func startedAt(pod map[string]any) string {
	st := pod["status"].(map[string]any)
	css, _ := st["containerStatuses"].([]any)
	if len(css) == 0 || css[0].(map[string]any)["imageID"] == "" {
		return ""
	}
	s, _ := st["startTime"].(string)
	return s
}
