package layers

import (
	"regexp"
	"sort"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// waitJudges are the GitOps kinds whose failure can be a wait for the
// objects they applied, keyed by group and kind: a Flux health check
// (Kustomization wait or healthChecks), Helm's --wait (HelmRelease), an
// Argo CD Application whose health aggregates its resources' or whose sync
// failed because a hook it ran failed. Each says whether o failed that
// way, and the message (naming the objects, where it can) that says so.
var waitJudges = map[[2]string]func(o *bundle.Object) (string, bool){
	{groupFluxKustomize, "Kustomization"}: func(o *bundle.Object) (string, bool) {
		return failedWith(o, []string{"Ready", "Healthy"}, func(c condition) bool {
			return c.Reason == "HealthCheckFailed" || healthTimeout.MatchString(c.Message)
		})
	},
	{groupFluxHelm, "HelmRelease"}: func(o *bundle.Object) (string, bool) {
		return failedWith(o, []string{"Ready", "Released"}, func(c condition) bool { return helmWaitTimeout.MatchString(c.Message) })
	},
	{groupArgo, "Application"}: func(o *bundle.Object) (string, bool) {
		phase := str(o.Object, "status", "operationState", "phase")
		if phase == "Failed" || phase == "Error" {
			// A sync that failed because a hook it ran failed (a PreSync
			// migration Job) waited on that hook; a sync failed on its own
			// (a rejected apply) did not.
			hooks := failedHooks(o)
			return hooks, hooks != ""
		}
		return "", str(o.Object, "status", "health", "status") == "Degraded"
	},
}

// failedHooks names, in waitNames' form, the sync hooks of o's last
// operation that failed ("Job/ns/name status: 'Failed'"), or "".
func failedHooks(o *bundle.Object) string {
	var out string
	for _, r := range maps(sliceAt(o.Object, "status", "operationState", "syncResult", "resources")) {
		if hp := str(r, "hookPhase"); str(r, "hookType") != "" && (hp == "Failed" || hp == "Error") {
			out += str(r, "kind") + "/" + str(r, "namespace") + "/" + str(r, "name") + " status: '" + hp + "' "
		}
	}
	return out
}

var (
	// healthTimeout is kustomize-controller's health check message
	// ("Health check failed after 5m0s: timeout waiting for: [...]").
	healthTimeout = regexp.MustCompile(`(?i)health check failed|timeout waiting for: \[`)
	// helmWaitTimeout is Helm's --wait running out (the legacy waiter's
	// "timed out waiting for the condition", the context's "context
	// deadline exceeded", the kstatus waiter's "resource not ready") or a
	// hook it ran failing ("pre-upgrade hooks failed: ... job db-migrate
	// failed: BackoffLimitExceeded").
	helmWaitTimeout = regexp.MustCompile(`(?i)timed out waiting for the condition|context deadline exceeded|resources? not ready|hooks? failed`)
	// waitNames are the objects a Flux health check names:
	// "[Deployment/billing/api status: 'InProgress', ...]".
	waitNames = regexp.MustCompile(`([A-Za-z]+)/([a-z0-9]([-a-z0-9.]*[a-z0-9])?)/([a-z0-9]([-a-z0-9.]*[a-z0-9])?) status:`)
)

// failedWith returns the message of the first of o's conditions of types
// that is False and matches.
func failedWith(o *bundle.Object, types []string, match func(condition) bool) (string, bool) {
	for _, t := range types {
		if c, ok := statusCond(o.Object, t); ok && c.Status == "False" && match(c) {
			return c.Message, true
		}
	}
	return "", false
}

// linkWaits sets WaitsOn of every GitOps workload in ws that failed or is
// blocked waiting for the workloads it manages: the workloads its message
// names, or, when it names none the bundle holds, every one it manages.
// Only workloads that are themselves blocked or failed are listed: a
// reconciler waiting on healthy workloads waits on something else.
func linkWaits(ix *bundle.Index, ws []Workload) {
	managed := map[bundle.Ref][]int{}
	for i := range ws {
		for _, o := range ws[i].Owners {
			managed[o] = append(managed[o], i)
		}
	}
	stuck := func(i int) bool { return ws[i].Convergence == Blocked || ws[i].Convergence == Failed }
	for i := range ws {
		w := &ws[i]
		if !stuck(i) {
			continue
		}
		judge := waitJudges[[2]string{bundle.APIGroup(w.Ref.APIVersion), w.Ref.Kind}]
		if judge == nil {
			continue
		}
		o, ok := ix.Get(w.Ref.Key())
		if !ok {
			continue
		}
		msg, waited := judge(o)
		if !waited {
			continue
		}
		var named []bundle.Ref
		for _, j := range managed[w.Ref] {
			for _, m := range waitNames.FindAllStringSubmatch(msg, -1) {
				if r := ws[j].Ref; r.Kind == m[1] && r.Namespace == m[2] && r.Name == m[4] && stuck(j) {
					named = append(named, r)
					break
				}
			}
		}
		if len(named) == 0 {
			for _, j := range managed[w.Ref] {
				if stuck(j) {
					named = append(named, ws[j].Ref)
				}
			}
		}
		sort.Slice(named, func(a, b int) bool { return named[a].Less(named[b]) })
		w.WaitsOn = named
	}
}
