package timeline

import (
	"fmt"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// staleEntries states, at capture time, each Flux Kustomization or Argo CD
// Application that applies another revision than the one recorded from its
// Git source (matched by sourceRef and repository URL, never by name). The
// reconciler may be behind because its source could not fetch: the
// explanation table attributes the stale revision to such a failure.
func (bd *builder) staleEntries() {
	if len(bd.b.Sources) == 0 || bd.b.CaptureTime.IsZero() {
		return
	}
	byURL := map[string]*bundle.GitSource{}
	for _, s := range bd.b.Sources {
		if s.URL != "" && s.Revision != "" {
			byURL[normURL(s.URL)] = s
		}
	}
	for _, k := range bd.ix.OfKind("Kustomization") {
		sr := mapAt(k.Object, "spec", "sourceRef")
		if str(sr, "kind") != "GitRepository" {
			continue
		}
		ns := str(sr, "namespace")
		if ns == "" {
			ns = k.GetNamespace()
		}
		repo, ok := bd.ix.Get(bundle.Key{Group: "source.toolkit.fluxcd.io", Kind: "GitRepository", Namespace: ns, Name: str(sr, "name")})
		if !ok {
			continue
		}
		bd.stale(k, byURL[normURL(str(repo.Object, "spec", "url"))], str(k.Object, "status", "lastAppliedRevision"))
	}
	for _, a := range bd.ix.OfKind("Application") {
		bd.stale(a, byURL[normURL(str(a.Object, "spec", "source", "repoURL"))], str(a.Object, "status", "sync", "revision"))
	}
}

func (bd *builder) stale(o *bundle.Object, s *bundle.GitSource, applied string) {
	if s == nil || applied == "" {
		return
	}
	sha := applied
	if i := strings.LastIndexAny(sha, ":/"); i >= 0 {
		sha = sha[i+1:]
	}
	if strings.HasPrefix(s.Revision, sha) || strings.HasPrefix(sha, s.Revision) {
		return
	}
	msg := fmt.Sprintf("still applies revision %s at capture; Git source %s is at %s", shortRev(applied), s.Name, shortRev(s.Revision))
	if s.CommitTime != nil {
		msg += fmt.Sprintf(", committed %s before capture", bd.b.CaptureTime.Sub(*s.CommitTime).Round(1e9))
	}
	bd.add(Entry{Time: bd.b.CaptureTime, Precision: PrecisionSecond, Object: o.Ref(), UID: string(o.GetUID()),
		Layer: layers.LayerGitOps, Type: TypeState, Reason: "StaleRevision", Message: msg, Failure: true,
		Source: SourceSnapshot, File: o.Source.File, Revision: applied})
}
