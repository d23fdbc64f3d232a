package verify

import (
	"fmt"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// revision checks, per reconciler of the selected workloads, that the Git
// revision equals the source artifact revision (Flux), the reconciler's
// applied revision and the Argo sync revision.
func (v *verifier) revision(ws []target) []Check {
	want, wantFrom := v.wantRevision()
	seen := map[bundle.Key]bool{}
	var owners []*bundle.Object
	for _, t := range ws {
		if t.w == nil {
			continue
		}
		for _, o := range t.w.Owners {
			obj, ok := v.b.Index.Get(o.Key())
			if ok && !seen[o.Key()] {
				seen[o.Key()] = true
				owners = append(owners, obj)
			}
		}
	}
	slices.SortFunc(owners, func(a, b *bundle.Object) int { return compareRef(a.Ref(), b.Ref()) })
	if len(owners) == 0 {
		c := Check{Name: CheckRevision, Layer: layers.LayerGitOps, Subject: "bundle", Status: Unknown,
			Summary: "no GitOps reconciler manages the selected workloads: the applied revision cannot be compared"}
		if want != "" {
			c.Evidence = []string{wantFrom}
		}
		return []Check{c}
	}
	var out []Check
	for _, o := range owners {
		out = append(out, v.reconcilerRevision(o, want, wantFrom))
	}
	return out
}

// wantRevision is --revision, else the one revision of the bundle's Git
// sources.
func (v *verifier) wantRevision() (rev, from string) {
	if v.cfg.Revision != "" {
		return v.cfg.Revision, "--revision " + v.cfg.Revision
	}
	var revs, froms []string
	for _, s := range v.b.Sources {
		if s.Revision != "" && !slices.Contains(revs, s.Revision) {
			revs = append(revs, s.Revision)
			froms = append(froms, fmt.Sprintf("git/%s/source.yaml revision %s", s.Name, s.Revision))
		}
	}
	if len(revs) == 1 {
		return revs[0], froms[0]
	}
	return "", ""
}

// reconcilerRevision compares one Kustomization, HelmRelease or Application
// (and a Kustomization's source) with the wanted revision.
func (v *verifier) reconcilerRevision(o *bundle.Object, want, wantFrom string) Check {
	c := Check{Name: CheckRevision, Layer: layers.LayerGitOps, Subject: o.Ref().String()}
	type field struct{ who, path, value string }
	var fields []field
	get := func(obj *bundle.Object, path ...string) {
		val, _, _ := unstructured.NestedString(obj.Object, path...)
		fields = append(fields, field{obj.Ref().String(), strings.Join(path, "."), val})
	}
	switch o.GetKind() {
	case "Kustomization", "HelmRelease":
		get(o, "status", "lastAppliedRevision")
		if src := v.sourceOf(o); src != nil {
			get(src, "status", "artifact", "revision")
		}
	case "Application":
		get(o, "status", "sync", "revision")
		if st, _, _ := unstructured.NestedString(o.Object, "status", "sync", "status"); st != "Synced" {
			c.Evidence = append(c.Evidence, fmt.Sprintf("%s status.sync.status %q", o.Ref(), st))
			c.Status = Fail
		}
	default:
		c.Status = Unknown
		c.Summary = fmt.Sprintf("%s: rift does not know where this reconciler records its revision", o.Ref())
		return c
	}
	if want == "" {
		c.Status = Unknown
		c.Summary = "no --revision given and the bundle has no single Git source revision to compare with"
		for _, f := range fields {
			c.Evidence = append(c.Evidence, fmt.Sprintf("%s %s %q", f.who, f.path, f.value))
		}
		return c
	}
	c.Evidence = append(c.Evidence, "want "+wantFrom)
	var bad, missing []string
	for _, f := range fields {
		c.Evidence = append(c.Evidence, fmt.Sprintf("%s %s %q", f.who, f.path, f.value))
		switch {
		case f.value == "":
			missing = append(missing, f.who+" "+f.path)
		case !sameRevision(f.value, want):
			bad = append(bad, fmt.Sprintf("%s %s is %s", f.who, f.path, f.value))
		}
	}
	switch {
	case len(bad) > 0:
		c.Status, c.Summary = Fail, fmt.Sprintf("not at %s: %s", shortSHA(want), strings.Join(bad, "; "))
	case c.Status == Fail:
		c.Summary = fmt.Sprintf("%s is at %s but not Synced", o.Ref(), shortSHA(want))
	case len(missing) > 0:
		c.Status, c.Summary = Unknown, "not recorded: "+strings.Join(missing, ", ")
	default:
		c.Status, c.Summary = Pass, fmt.Sprintf("source, applied and synced revisions are all %s", shortSHA(want))
	}
	return c
}

// sourceOf finds a Flux object's spec.sourceRef (or spec.chart.spec.sourceRef).
func (v *verifier) sourceOf(o *bundle.Object) *bundle.Object {
	ref, ok, _ := unstructured.NestedStringMap(o.Object, "spec", "sourceRef")
	if !ok {
		ref, _, _ = unstructured.NestedStringMap(o.Object, "spec", "chart", "spec", "sourceRef")
	}
	if ref["kind"] == "" || ref["name"] == "" {
		return nil
	}
	ns := ref["namespace"]
	if ns == "" {
		ns = o.GetNamespace()
	}
	for _, s := range v.b.Index.OfKind(ref["kind"]) {
		if s.GetNamespace() == ns && s.GetName() == ref["name"] {
			return s
		}
	}
	return nil
}

// sameRevision compares the SHAs inside two revision strings: Flux writes
// "main@sha1:SHA" (v1) or "main/SHA" (v1beta2), Argo and Git the bare SHA,
// and a user may abbreviate it (at least 7 hex digits).
func sameRevision(got, want string) bool {
	g, w := strings.ToLower(revSHA(got)), strings.ToLower(revSHA(want))
	if len(g) < 7 || len(w) < 7 {
		return g == w
	}
	return strings.HasPrefix(g, w) || strings.HasPrefix(w, g)
}

func revSHA(s string) string {
	if i := strings.LastIndex(s, ":"); i >= 0 {
		return s[i+1:]
	}
	if i := strings.LastIndex(s, "/"); i >= 0 {
		return s[i+1:]
	}
	return s
}

func shortSHA(s string) string {
	s = revSHA(s)
	if len(s) > 12 {
		return s[:12]
	}
	return s
}
