package benchgen

import (
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"sigs.k8s.io/yaml"
)

// troubleshootResources are the cluster-resources folders troubleshoot
// writes for the kinds of the mix; other kinds are custom resources.
var troubleshootResources = map[string]bool{
	"pods": true, "deployments": true, "replicasets": true, "statefulsets": true,
	"services": true, "endpointslices": true, "events": true, "configmaps": true,
}

// writeTroubleshoot writes g's objects as a troubleshoot support bundle
// (FormatTroubleshoot), in one folder named for the capture time as
// support-bundle names it. Lists are indented JSON, as troubleshoot's
// collector writes them; custom resources are written as JSON and again
// as YAML, as it does.
func (g *gen) writeTroubleshoot(w io.Writer) error {
	root := "support-bundle-" + CaptureTime.Format("2006-01-02T15_04_05") + "/"
	cr := root + "cluster-resources/"
	fs := files{}
	rv := 0
	gs := g.groups(&rv, true)
	for _, gr := range gs {
		kind, av := gr.objs[0]["kind"].(string), gr.objs[0]["apiVersion"].(string)
		body := func() ([]byte, error) { gr.dressOnce(); return jsonList(kind, av, rv, gr.objs) }
		if troubleshootResources[gr.resource] {
			fs[cr+gr.resource+"/"+gr.ns+".json"] = body
			continue
		}
		dir := cr + "custom-resources/" + gr.resource + "." + apiGroup(gr.objs[0]) + "/" + gr.ns
		fs[dir+".json"] = body
		fs[dir+".yaml"] = func() ([]byte, error) { gr.dressOnce(); return yaml.Marshal(gr.objs) }
	}
	var nsl, nodes []any
	for _, ns := range sortedKeys(g.nsSeen) {
		nsl = append(nsl, namespaceObject(ns))
	}
	for _, n := range nodeNames(gs) {
		nodes = append(nodes, nodeObject(n))
	}
	fs[cr+"namespaces.json"] = func() ([]byte, error) { return jsonList("Namespace", "v1", rv, nsl) }
	fs[cr+"nodes.json"] = func() ([]byte, error) { return jsonList("Node", "v1", rv, nodes) }
	for p, l := range g.logs {
		// logs/<ns>/<pod>/app.log and app.previous.log
		p = strings.Replace(strings.TrimPrefix(p, "logs/"), ".previous.log", "-previous.log", 1)
		fs[cr+"pods/logs/"+p] = static([]byte(l))
	}
	fs[root+"version.yaml"] = static([]byte("apiVersion: troubleshoot.sh/v1beta2\nkind: SupportBundle\nspec:\n  versionNumber: v0.123.14\n"))
	fs[root+"cluster-info/cluster_version.json"] = static([]byte(`{
  "info": {
    "major": "1",
    "minor": "31",
    "gitVersion": "v1.31.2",
    "platform": "linux/amd64"
  },
  "string": "v1.31.2"
}
`))
	return fs.write(w)
}

// jsonList is a List of items as troubleshoot writes it: kind, apiVersion,
// the list's resourceVersion and the items, indented by two spaces.
func jsonList[T any](kind, apiVersion string, rv int, items []T) ([]byte, error) {
	b, err := json.MarshalIndent(struct {
		Kind       string         `json:"kind"`
		APIVersion string         `json:"apiVersion"`
		Metadata   map[string]any `json:"metadata"`
		Items      []T            `json:"items"`
	}{kind + "List", apiVersion, map[string]any{"resourceVersion": strconv.Itoa(rv)}, items}, "", "  ")
	return append(b, '\n'), err
}
