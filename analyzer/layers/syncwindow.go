package layers

import (
	"fmt"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// windowBlock says why an AppProject's sync windows refuse an Application's
// automated sync at capture time: Argo CD's application controller checks
// SyncWindows.Matches(app).CanSync(false) before every automated sync and
// selfHeal, and when it refuses it only logs "Sync prevented by sync
// window": nothing in the Application's status says so.
type windowBlock struct {
	// project is the AppProject whose windows refuse.
	project *bundle.Object
	// windows are the refusing windows: the open deny windows, or, when no
	// deny is open, the allow windows, all closed.
	windows []syncWindow
	// until is when an automated sync may run again: the last open deny's
	// end, or the next allow window's start.
	until time.Time
	// manual is whether a manual sync would pass (every refusing window
	// has manualSync: true).
	manual bool
}

// syncWindow is one entry of spec.syncWindows, placed at capture time.
type syncWindow struct {
	index                    int
	kind, schedule, duration string
	zone                     string
	manual                   bool
	// open is whether the window is open at capture time; start and end
	// bound the opening that contains capture time, or the next one.
	open       bool
	start, end time.Time
}

// syncWindowBlock returns why the sync windows of app's AppProject refuse
// an automated sync at a.now, or nil when they allow it, when the bundle
// holds no such AppProject, or when the capture time is unknown. It
// follows Argo CD's documented rules: an open deny window refuses; else
// allow windows, when any match, permit a sync only while one is open. A
// window matches when the Application's name, destination cluster (name
// or server) or destination namespace matches one of its globs (all of
// the lists given, with andOperator). A window whose schedule, duration
// or time zone Argo CD would refuse is skipped.
func (a *analysis) syncWindowBlock(app *bundle.Object) *windowBlock {
	if a.now.IsZero() {
		return nil
	}
	proj := a.appProject(app)
	if proj == nil {
		return nil
	}
	var denies, allows []syncWindow
	for i, w := range maps(sliceAt(proj.Object, "spec", "syncWindows")) {
		if !windowMatches(w, app.Object) {
			continue
		}
		sw, ok := placeWindow(i, w, a.now)
		if !ok {
			continue
		}
		switch {
		case sw.kind == "deny" && sw.open:
			denies = append(denies, sw)
		case sw.kind == "allow":
			if sw.open {
				return nil
			}
			allows = append(allows, sw)
		}
	}
	block := &windowBlock{project: proj, manual: true}
	switch {
	case len(denies) > 0:
		block.windows = denies
		for _, w := range denies {
			if w.end.After(block.until) {
				block.until = w.end
			}
		}
	case len(allows) > 0:
		block.windows = allows
		for _, w := range allows {
			if block.until.IsZero() || w.start.Before(block.until) {
				block.until = w.start
			}
		}
	default:
		return nil
	}
	for _, w := range block.windows {
		block.manual = block.manual && w.manual
	}
	return block
}

// appProject is the AppProject spec.project names ("default" when unset):
// in the Application's namespace, else the only one of that name in the
// bundle (an Application outside the control plane's namespace).
func (a *analysis) appProject(app *bundle.Object) *bundle.Object {
	name := str(app.Object, "spec", "project")
	if name == "" {
		name = "default"
	}
	if p, ok := a.ix.Get(bundle.Key{Group: "argoproj.io", Kind: "AppProject", Namespace: app.GetNamespace(), Name: name}); ok {
		return p
	}
	var found *bundle.Object
	for _, p := range a.ix.OfKind("AppProject") {
		if p.GetName() == name && p.Key().Group == "argoproj.io" {
			if found != nil {
				return nil
			}
			found = p
		}
	}
	return found
}

// setting names the refusing windows, for ApplyState.Setting.
func (b *windowBlock) setting() string {
	parts := make([]string, len(b.windows))
	for i, w := range b.windows {
		zone := w.zone
		if zone == "" {
			zone = "UTC"
		}
		parts[i] = fmt.Sprintf("spec.syncWindows[%d] (%s %q for %s, %s)", w.index, w.kind, w.schedule, w.duration, zone)
	}
	return fmt.Sprintf("AppProject/%s/%s %s", b.project.GetNamespace(), b.project.GetName(), strings.Join(parts, ", "))
}

// describe says what refuses and until when, for ApplyState.Reason.
func (b *windowBlock) describe() string {
	what := "an open deny sync window of AppProject %s until it closes at %s"
	if b.windows[0].kind == "allow" {
		what = "the allow sync windows of AppProject %s, all closed, until the next opens at %s"
	}
	manual := "a manual sync is refused too"
	if b.manual {
		manual = "a manual sync may run (manualSync: true)"
	}
	return fmt.Sprintf(what, b.project.GetName(), b.until.Format(time.RFC3339)) + "; " + manual
}
