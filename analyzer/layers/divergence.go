package layers

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"regexp"
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// divergences compares (a) the rendered manifest with the applied object,
// on declared fields and on the fields Git removed that the applier still
// owns (removedFields), and (b) the controller's pod template with each of
// its pods, on declared fields only.
func (a *analysis) divergences(s *subject) []Divergence {
	var out []Divergence
	sets := bundle.NewFieldSets()
	if s.hasRendered {
		exp := declaredPart(s.rendered.obj.Object)
		obs := declaredPart(s.obj.Object)
		ignore := argoIgnores(s.owners, s.obj)
		for _, d := range declaredDiff(exp, obs, nil, ignore.path) {
			owner := fieldOwner(s.obj, d.path, appliers, sets)
			if ignore.managers[owner] {
				continue
			}
			out = append(out, toDivergence(LayerRendered, LayerApplied, s.obj, d, owner))
		}
		if !partialRender(s.owners) {
			out = append(out, removedFields(s.obj, s.rendered.obj.Object, ignore.path)...)
		}
	}
	if tmpl := s.pods.template; tmpl != nil {
		seen := newDivergenceValues()
		skip := podSkip(s.obj.GetKind())
		// Pod annotations are left out: admission plugins rewrite them
		// (OpenShift strips target.workload.openshift.io/management), and a
		// template annotation change already shows as a new template hash.
		exp := map[string]any{"spec": mapAt(tmpl, "spec"), "metadata": map[string]any{"labels": mapAt(tmpl, "metadata", "labels")}}
		for _, p := range s.pods.pods {
			obs := map[string]any{"spec": mapAt(p.Object, "spec"), "metadata": map[string]any{"labels": mapAt(p.Object, "metadata", "labels")}}
			for _, d := range declaredDiff(exp, obs, nil, skip) {
				if meshRewrote(p, d) {
					continue
				}
				owner := fieldOwner(p, d.path, podCreators, sets)
				if owner == "" && d.path.under("resources") && annotation(p, "vpaUpdates") != "" {
					// The VPA admission controller sets resources on the
					// pod it creates; managedFields credit the creator.
					owner = "vpa-admission-controller"
				}
				out = append(out, seen.share(toDivergence(LayerController, LayerRuntime, p, d, owner)))
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Between != out[j].Between {
			return out[i].Between[0] > out[j].Between[0] // rendered before controller
		}
		if out[i].Object != out[j].Object {
			return out[i].Object.Less(out[j].Object)
		}
		return out[i].Path < out[j].Path
	})
	return out
}

// declaredPart is what an apply declares: labels, annotations and every
// top-level field except identity and status.
func declaredPart(obj map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range obj {
		switch k {
		case "apiVersion", "kind", "status":
			continue
		case "metadata":
			if m, ok := v.(map[string]any); ok {
				if md := metaPart(m); len(md) > 0 {
					out[k] = md
				}
			}
		default:
			out[k] = v
		}
	}
	return out
}

func metaPart(m map[string]any) map[string]any {
	out := map[string]any{}
	for _, k := range []string{"labels", "annotations"} {
		if v, ok := m[k]; ok {
			out[k] = v
		}
	}
	return out
}

// podSkip drops the fields a workload controller rewrites on its pods on
// purpose: a DaemonSet pins each pod to its node by replacing the required
// node affinity.
func podSkip(kind string) func(fieldPath) bool {
	if kind != "DaemonSet" {
		return nil
	}
	const rewritten = "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"
	return func(p fieldPath) bool {
		// The path's text ends with its last key, or with "]" when it ends
		// in a list element; only a path that can match is formatted.
		if len(p) == 0 || p[len(p)-1].key == "" || !strings.HasSuffix(rewritten, p[len(p)-1].key) {
			return false
		}
		return p.String() == rewritten
	}
}

func toDivergence(expLayer, obsLayer string, o *bundle.Object, d delta, owner string) Divergence {
	return Divergence{
		Between: [2]string{expLayer, obsLayer}, Object: o.Ref(), Path: d.path.String(),
		Expected: toJSON(redact(d.path, d.expected)), Observed: toJSON(redact(d.path, d.observed)), Owner: owner,
	}
}

// divergenceValues holds the paths and values of one workload's
// divergences by their text. The pods of a stuck rollout differ from the
// template in the same fields with the same values, pod after pod: one
// copy serves them all, here and in the rule input converted from them.
type divergenceValues struct {
	paths map[string]string
	vals  map[string]json.RawMessage
}

func newDivergenceValues() divergenceValues {
	return divergenceValues{paths: map[string]string{}, vals: map[string]json.RawMessage{}}
}

func (dv divergenceValues) share(d Divergence) Divergence {
	if p, ok := dv.paths[d.Path]; ok {
		d.Path = p
	} else {
		dv.paths[d.Path] = d.Path
	}
	d.Expected, d.Observed = dv.val(d.Expected), dv.val(d.Observed)
	return d
}

func (dv divergenceValues) val(v json.RawMessage) json.RawMessage {
	if old, ok := dv.vals[string(v)]; ok {
		return old
	}
	dv.vals[string(v)] = v
	return v
}

func toJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage("null")
	}
	return b
}

var sensitiveName = regexp.MustCompile(`(?i)(pass|secret|token|credential|private|api[-_]?key|access[-_]?key|auth)`)

// redact hides literal values that look secret wherever they sit in a
// divergence: env values whose names suggest a secret, and
// "--password=..."-style arguments. A divergence must show that such a
// value changed, never the value; the replacement is a short digest so
// equal values still look equal.
func redact(p fieldPath, v any) any {
	if s, ok := v.(string); ok && len(p) > 1 && p[len(p)-1].key == "value" && len(p[len(p)-2].match) > 0 {
		if n, _ := p[len(p)-2].match[0].value.(string); sensitiveName.MatchString(n) {
			return digest(s)
		}
	}
	return redactDeep(v, p.last() == "args" || p.last() == "command")
}

func redactDeep(v any, inArgs bool) any {
	switch x := v.(type) {
	case map[string]any:
		c := make(map[string]any, len(x))
		for k, vv := range x {
			c[k] = redactDeep(vv, k == "args" || k == "command")
		}
		if name, _ := x["name"].(string); sensitiveName.MatchString(name) {
			if val, ok := x["value"].(string); ok {
				c["value"] = digest(val)
			}
		}
		return c
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = redactDeep(e, inArgs)
		}
		return out
	case string:
		if i := strings.Index(x, "="); inArgs && i > 0 && sensitiveName.MatchString(x[:i]) {
			return x[:i+1] + digest(x[i+1:])
		}
	}
	return v
}

func digest(s string) string {
	h := sha256.Sum256([]byte(s))
	return "redacted:sha256:" + hex.EncodeToString(h[:4])
}

// meshRewrote reports a probe the Istio sidecar injector rewrote on purpose:
// HTTP probes of an injected pod are sent to the sidecar's port 15020 under
// /app-health/<container>/, which forwards them to the original port.
func meshRewrote(p *bundle.Object, d delta) bool {
	if _, injected := p.GetAnnotations()["sidecar.istio.io/status"]; !injected {
		return false
	}
	switch d.path.last() {
	case "readinessProbe", "livenessProbe", "startupProbe":
	default:
		return false
	}
	probe, _ := d.observed.(map[string]any)
	port, _ := toInt(mapAt(probe, "httpGet")["port"])
	return port == 15020 && strings.HasPrefix(str(probe, "httpGet", "path"), "/app-health/")
}
