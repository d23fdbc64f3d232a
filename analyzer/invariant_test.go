package analyzer

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/report"
)

// corpusDir is the repository's copy of real data made by other tools (see
// its SOURCES.md); RIFT_CORPUS overrides.
func corpusDir() string {
	if d := os.Getenv("RIFT_CORPUS"); d != "" {
		return d
	}
	return filepath.Join("..", "testdata", "corpus")
}

// invariantBundles are every recorded incident and every bundle-shaped
// item of the corpus: the two real support bundles, troubleshoot's
// analyzer test directories and the controllers' health cases, each file
// read as a bundle of its own. Argo CD's per-kind health cases are the
// health rules' test data and are left to them.
func invariantBundles(t *testing.T) map[string]string {
	t.Helper()
	out := fixtureBundles(t)
	corpus := corpusDir()
	if _, err := os.Stat(corpus); err != nil {
		t.Fatalf("corpus missing: %v (testdata/corpus is part of the repository)", err)
	}
	for _, rel := range []string{
		"must-gather-clean/test/files/must-gather-metal.tar.xz",
		"troubleshoot/test/baselines/supportbundle/baseline.tar.gz",
		"troubleshoot/pkg/analyze/files/support-bundle",
		"flux2-kustomize-helm-example",
	} {
		out["corpus/"+rel] = filepath.Join(corpus, rel)
	}
	for _, dir := range []string{"is-healthy", "gitops-engine-health", "argo-cd-flux-health", "troubleshoot/pkg/analyze/files"} {
		err := filepath.WalkDir(filepath.Join(corpus, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.Contains(p, "support-bundle") {
				return err
			}
			if ext := filepath.Ext(p); ext == ".yaml" || ext == ".yml" || ext == ".json" {
				rel, _ := filepath.Rel(corpus, p)
				out["corpus/"+rel] = p
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestLedgerInvariants holds the one model of the present on every
// recorded incident and every corpus bundle:
//
//   - a workload the layers judge blocked or failed is accounted for in
//     the ledger: a current (supported or open) hypothesis names it, one
//     of its pods or owned objects, a GitOps object that manages it, or
//     the controller its ownerReferences name when the bundle lacks it,
//     or explains one that does; a reconciler that failed waiting for
//     its workloads (waitsOn) is accounted for through one of them;
//   - no supported hypothesis rests only on failures that predate its
//     subject's present converged state (history is resolved, not
//     supported).
func TestLedgerInvariants(t *testing.T) {
	eng := engine(t)
	bundles := invariantBundles(t)
	names := make([]string, 0, len(bundles))
	for n := range bundles {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			b, err := bundle.Load(bundles[name], bundle.LoadOptions{})
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			r, err := Analyze(context.Background(), b, eng)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range unaccounted(b, r) {
				t.Errorf("%s is %s (%s) and no current hypothesis accounts for it; ledger %v", w.Ref, w.Convergence, w.ConvergenceReason, ledgerIDs(r))
			}
			for _, h := range r.Hypotheses {
				for _, m := range h.Individuals() {
					if m.Status != hypothesis.Supported {
						continue
					}
					if since, ok := convergedSince(b, r, m.Subject); ok && onlyBefore(m.Supporting, since) {
						t.Errorf("supported %s rests only on failures before %s, when its subject converged", m.ID, since.Format(time.RFC3339))
					}
				}
			}
		})
	}
}

// unaccounted lists the blocked or failed workloads that no current
// hypothesis names or explains, directly or through a pod, an owned
// object or a managing GitOps object.
func unaccounted(b *bundle.Bundle, r *report.Report) []layers.Workload {
	// Grouped entries are read member by member: each member is one
	// hypothesis with its own subject, status and links.
	byID := map[string]hypothesis.Member{}
	for i := range r.Hypotheses {
		for _, m := range r.Hypotheses[i].Individuals() {
			byID[m.ID] = m
		}
	}
	named := map[string]bool{}
	for _, m := range byID {
		if m.Status != hypothesis.Supported && m.Status != hypothesis.Open {
			continue
		}
		named[m.Subject.String()] = true
		for _, id := range m.Explains {
			named[byID[id].Subject.String()] = true
		}
	}
	byRef := map[string]layers.Workload{}
	for _, w := range r.Workloads {
		byRef[w.Ref.String()] = w
	}
	var out []layers.Workload
	for _, w := range r.Workloads {
		if w.Convergence != layers.Blocked && w.Convergence != layers.Failed {
			continue
		}
		if !accounted(b, w, named, byRef, 0) {
			out = append(out, w)
		}
	}
	return out
}

// accounted follows waitsOn (of w, or of an owner w is stuck behind) two
// levels deep at most: waits chain no further, and owners cycle back.
func accounted(b *bundle.Bundle, w layers.Workload, named map[string]bool, byRef map[string]layers.Workload, depth int) bool {
	if named[w.Ref.String()] {
		return true
	}
	// A reconciler that failed waiting for what it applied is accounted
	// for by what accounts for a workload it waited on.
	for _, r := range w.WaitsOn {
		if ww, ok := byRef[r.String()]; ok && depth < 2 && accounted(b, ww, named, byRef, depth+1) {
			return true
		}
	}
	for _, o := range w.Owners {
		if named[o.String()] {
			return true
		}
		// Stuck behind a reconciler that failed waiting on something else.
		if ow, ok := byRef[o.String()]; ok && len(ow.WaitsOn) > 0 && depth < 2 && accounted(b, ow, named, byRef, depth+1) {
			return true
		}
	}
	for _, p := range w.Pods {
		if named[bundle.Ref{Kind: "Pod", Namespace: w.Ref.Namespace, Name: p.Name}.String()] {
			return true
		}
	}
	// Objects the workload owns (a Deployment's ReplicaSets, their pods).
	o, ok := b.Index.Get(w.Ref.Key())
	if !ok {
		return false
	}
	// The controller its ownerReferences name, which the bundle lacks
	// (else the layers would have made that the workload): a rule that
	// names a pod's owner accounts for the pod.
	for _, ref := range o.GetOwnerReferences() {
		if ref.Controller != nil && *ref.Controller && named[bundle.Ref{Kind: ref.Kind, Namespace: o.GetNamespace(), Name: ref.Name}.String()] {
			return true
		}
	}
	queue := []*bundle.Object{o}
	for depth := 0; depth < 3 && len(queue) > 0; depth++ {
		var next []*bundle.Object
		for _, q := range queue {
			for _, c := range b.Index.Children(q.GetUID()) {
				if named[c.Ref().String()] {
					return true
				}
				next = append(next, c)
			}
		}
		queue = next
	}
	return false
}

// convergedSince is when a subject the layers call converged last became
// ready (the latest Ready transition among it and its pods), when known.
func convergedSince(b *bundle.Bundle, r *report.Report, subject bundle.Ref) (time.Time, bool) {
	for _, w := range r.Workloads {
		if w.Ref.String() != subject.String() {
			continue
		}
		if w.Convergence != layers.Converged {
			return time.Time{}, false
		}
		since := readyTransition(b, w.Ref)
		for _, p := range w.Pods {
			if t := readyTransition(b, bundle.Ref{Kind: "Pod", Namespace: w.Ref.Namespace, Name: p.Name}); t.After(since) {
				since = t
			}
		}
		return since, !since.IsZero()
	}
	return time.Time{}, false
}

func readyTransition(b *bundle.Bundle, r bundle.Ref) time.Time {
	o, ok := b.Index.Get(r.Key())
	if !ok {
		return time.Time{}
	}
	conds, _ := o.Object["status"].(map[string]any)["conditions"].([]any)
	var latest time.Time
	for _, c := range conds {
		m, _ := c.(map[string]any)
		if m["status"] != "True" || (m["type"] != "Ready" && m["type"] != "Available") {
			continue
		}
		s, _ := m["lastTransitionTime"].(string)
		if t, err := time.Parse(time.RFC3339, s); err == nil && t.After(latest) {
			latest = t
		}
	}
	return latest
}

// onlyBefore: every cited fact has a time, and all are before since.
func onlyBefore(ev []evidence.Evidence, since time.Time) bool {
	if len(ev) == 0 {
		return false
	}
	for _, e := range ev {
		if e.Time == nil || !e.Time.Before(since) {
			return false
		}
	}
	return true
}

func ledgerIDs(r *report.Report) []string {
	var ids []string
	for _, h := range r.Hypotheses {
		ids = append(ids, h.ID+" "+h.Status)
	}
	return ids
}
