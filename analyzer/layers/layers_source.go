package layers

import (
	"fmt"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
)

// layers rebuilds the eight layers of a subject, in causal order.
func (a *analysis) layers(s *subject, divs []Divergence) []Layer {
	return []Layer{
		a.desiredLayer(s), a.renderedLayer(s), a.gitopsLayer(s), a.appliedLayer(s, divs),
		a.controllerLayer(s), a.runtimeLayer(s, divs), a.dependenciesLayer(s), a.externalLayer(s),
	}
}

// gitSource returns the bundle's Git source behind a subject: the one that
// renders it, else the one its reconciler reads.
func (a *analysis) gitSource(s *subject) *bundle.GitSource {
	if s.hasRendered {
		return s.rendered.src
	}
	if src := a.g.sourceOf[s.obj]; src != nil {
		return src
	}
	for _, r := range s.owners {
		if src := a.g.sourceOf[r]; src != nil {
			return src
		}
	}
	if s.obj.GetKind() == "GitRepository" && isGroup(s.obj, groupFluxSource) {
		var found *bundle.GitSource
		for _, src := range a.b.Sources {
			if normURL(src.URL) == normURL(str(s.obj.Object, "spec", "url")) {
				if found != nil {
					return nil // several checkouts of one repository: ambiguous
				}
				found = src
			}
		}
		return found
	}
	return nil
}

func sourceFile(src *bundle.GitSource) string { return "git/" + src.Name + "/source.yaml" }

func (a *analysis) desiredLayer(s *subject) Layer {
	l := Layer{Name: LayerDesired, Status: StatusUnknown}
	src := a.gitSource(s)
	if src == nil {
		l.Evidence = []evidence.Evidence{{Message: "no Git source in the bundle renders this object or feeds its reconciler"}}
		return l
	}
	l.Identity = strings.TrimSpace(src.URL + " " + src.Ref + " " + src.Path)
	l.Revision = src.Revision
	if src.Revision == "" {
		l.Evidence = []evidence.Evidence{{File: sourceFile(src), Message: "the Git source records no revision"}}
		return l
	}
	l.Status = StatusOK
	msg := fmt.Sprintf("Git %s at %s", src.Name, shortRevision(src.Revision))
	if len(src.History) > 0 && src.History[0].Subject != "" && sameRevision(src.History[0].Revision, src.Revision) {
		msg += ": " + src.History[0].Subject
	}
	l.Evidence = []evidence.Evidence{{File: sourceFile(src), Time: src.CommitTime, Message: msg}}
	return l
}

func (a *analysis) renderedLayer(s *subject) Layer {
	l := Layer{Name: LayerRendered, Status: StatusUnknown}
	if src := a.g.sourceOf[s.obj]; src != nil && !s.hasRendered {
		// A reconciler's rendered layer is the output it applies.
		l.Status, l.Identity, l.Revision = StatusOK, "git/"+src.Name+"/rendered/", src.Revision
		l.Evidence = []evidence.Evidence{{File: "git/" + src.Name + "/rendered/", Message: fmt.Sprintf("rendered objects: %d", len(src.Rendered))}}
		if len(src.Rendered) == 0 {
			l.Status = StatusUnknown
		}
		return l
	}
	if !s.hasRendered {
		if src := a.gitSource(s); src != nil && len(src.Rendered) > 0 && s.obj.GetKind() != "GitRepository" {
			l.Evidence = []evidence.Evidence{{File: "git/" + src.Name + "/rendered/", Message: "the rendered manifests of the source do not contain this object"}}
			l.Status = StatusFailed
			return l
		}
		l.Evidence = []evidence.Evidence{{Message: "no rendered manifest for this object in the bundle"}}
		return l
	}
	r := s.rendered
	l.Status = StatusOK
	l.Identity = r.obj.Ref().String()
	l.Revision = r.src.Revision
	msg := "rendered from Git source " + r.src.Name
	if r.by != nil {
		msg += ", placed by " + r.by.Ref().String()
	}
	l.Evidence = []evidence.Evidence{{File: r.obj.Source.File, Object: refPtr(r.obj), Message: msg}}
	return l
}

// gitopsLayer reports the reconcilers of a subject (or the subject itself
// when it is a GitOps object): their Ready state, suspend and revisions.
func (a *analysis) gitopsLayer(s *subject) Layer {
	l := Layer{Name: LayerGitOps, Status: StatusUnknown}
	objs := s.owners
	// By group and kind: an Argo Rollout shares Argo CD's group and is no
	// GitOps object.
	if g := apiGroup(s.obj); (g == groupArgo && s.obj.GetKind() == "Application") || strings.HasSuffix(g, ".toolkit.fluxcd.io") {
		objs = []*bundle.Object{s.obj}
		if so, ok := a.g.sourceObject(s.obj); ok {
			objs = append(objs, so)
		}
	}
	if len(objs) == 0 {
		l.Evidence = []evidence.Evidence{{Message: "no Flux or Argo CD object in the bundle manages this object"}}
		return l
	}
	var ids []string
	worst := StatusOK
	for _, r := range objs {
		ids = append(ids, r.Ref().String())
		v := a.converge(&subject{obj: r})
		st := verdictStatus(v.status)
		worst = worse(worst, st)
		rev := reportedRevision(r)
		if l.Revision == "" {
			l.Revision = rev
		}
		rc, _ := statusCond(r.Object, "Ready")
		l.Evidence = append(l.Evidence, ev(r, "status", fmt.Sprintf("%s: %s (revision %s)", v.status, v.reason, orNone(shortRevision(rev))), rc.Time))
		l.Evidence = append(l.Evidence, revisionChain(r, s.obj)...)
	}
	if src := a.gitSource(s); src != nil && commitOf(l.Revision) != "" && src.Revision != "" && !sameRevision(src.Revision, commitOf(l.Revision)) {
		worst = worse(worst, StatusProgressing)
		l.Evidence = append(l.Evidence, evidence.Evidence{File: sourceFile(src),
			Message: fmt.Sprintf("Git is at %s but the reconciler reports %s", shortRevision(src.Revision), shortRevision(l.Revision))})
	}
	l.Status = worst
	l.Identity = strings.Join(ids, ", ")
	return l
}

// reportedRevision is the revision a GitOps object says it is at.
func reportedRevision(r *bundle.Object) string {
	m := r.Object
	for _, p := range [][]string{
		{"status", "lastAppliedRevision"}, {"status", "sync", "revision"}, {"status", "artifact", "revision"},
		{"status", "operationState", "syncResult", "revision"}, {"status", "lastAttemptedRevision"},
	} {
		if s := str(m, p...); s != "" {
			return s
		}
	}
	return ""
}

var statusRank = map[string]int{StatusNotApplicable: 0, StatusOK: 1, StatusProgressing: 2, StatusUnknown: 3, StatusFailed: 4}

func worse(a, b string) string {
	if statusRank[b] > statusRank[a] {
		return b
	}
	return a
}
