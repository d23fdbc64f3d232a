package timeline

// Explanation is one row of the "A explains B" table: a failure whose
// reason is Effect is attributed to an earlier failure whose reason is
// Cause in the same chain, and so is not the earliest discriminating
// failure. Cause "*" means any earlier failure: the effect is never a root
// cause on its own (a deadline, a health check, a retry back-off).
//
// SameObject restricts the row to cause and effect on the same object
// (the same pod's probe failures and back-off); otherwise they only need
// to share a chain (linked by ownership or reference).
//
// The table is data: add rows to DefaultExplanations' result and pass it in
// Options.Explanations. docs/timeline.md lists the rows and their sources.
type Explanation struct {
	Cause      string `json:"cause"`
	Effect     string `json:"effect"`
	SameObject bool   `json:"sameObject,omitempty"`
	Why        string `json:"why"`
}

// DefaultExplanations returns a fresh copy of the built-in table.
func DefaultExplanations() []Explanation {
	return append([]Explanation(nil), defaultExplanations...)
}

var defaultExplanations = []Explanation{
	// Pure effects: deadlines, aggregate conditions, health checks and
	// back-offs report that something else failed.
	{Cause: "*", Effect: "ProgressDeadlineExceeded", Why: "the Deployment deadline expires because its pods did not become available"},
	{Cause: "*", Effect: "MinimumReplicasUnavailable", Why: "availability drops because pods failed"},
	{Cause: "*", Effect: "ContainersNotReady", SameObject: true, Why: "a pod is unready because a container failed"},
	{Cause: "*", Effect: "PodNotReady", SameObject: true, Why: "a pod is unready because a container failed"},
	{Cause: "*", Effect: "HealthCheckFailed", Why: "the reconciler's health check reports the workload's failure"},
	{Cause: "*", Effect: "CrashLoopBackOff", SameObject: true, Why: "the kubelet backs off after the container failed"},
	{Cause: "*", Effect: "BackOff", SameObject: true, Why: "the kubelet backs off after a failed start, pull or probe"},
	{Cause: "*", Effect: "NotReady", SameObject: true, Why: "the pod is still unready because of its earlier failure"},
	{Cause: "*", Effect: "DependencyNotReady", Why: "a reconciler waits for a dependency that failed"},
	{Cause: "*", Effect: "BackoffLimitExceeded", Why: "a Job gives up after its pods failed"},

	// Scheduling: the pod never ran, so everything after it is downstream.
	{Cause: "FailedScheduling", Effect: "Unschedulable", SameObject: true, Why: "the PodScheduled condition records the scheduler's failure"},
	{Cause: "Unschedulable", Effect: "FailedScheduling", SameObject: true, Why: "the scheduler event repeats the PodScheduled condition"},

	// Probes: a failing probe restarts (liveness) or unreadies the container.
	{Cause: "Unhealthy", Effect: "Killing", SameObject: true, Why: "the kubelet kills a container whose liveness probe failed"},
	{Cause: "Unhealthy", Effect: "Error", SameObject: true, Why: "a container killed for a failed liveness probe exits non-zero"},
	{Cause: "OOMKilled", Effect: "Unhealthy", SameObject: true, Why: "a container restarting after an OOM kill fails its probes"},

	// Images: the pull failure explains the waiting states.
	{Cause: "Failed", Effect: "ErrImagePull", SameObject: true, Why: "the pull failure event and the waiting reason are the same failure"},
	{Cause: "Failed", Effect: "ImagePullBackOff", SameObject: true, Why: "the kubelet backs off after the pull failed"},
	{Cause: "ErrImagePull", Effect: "ImagePullBackOff", SameObject: true, Why: "the kubelet backs off after the pull failed"},
	{Cause: "ErrImagePull", Effect: "Failed", SameObject: true, Why: "the waiting reason and the pull failure event are the same failure"},

	// Secrets and config: delivery fails before the container can start.
	{Cause: "SecretSyncedError", Effect: "UpdateFailed", SameObject: true, Why: "the ExternalSecret's event and its condition report the same sync failure"},
	{Cause: "UpdateFailed", Effect: "SecretSyncedError", SameObject: true, Why: "the ExternalSecret's condition and its event report the same sync failure"},
	{Cause: "UpdateFailed", Effect: "CreateContainerConfigError", Why: "the ExternalSecret did not produce the Secret the pod needs"},
	{Cause: "UpdateFailed", Effect: "Failed", Why: "the kubelet cannot create the container without the Secret"},
	{Cause: "SecretSyncedError", Effect: "CreateContainerConfigError", Why: "the ExternalSecret did not produce the Secret the pod needs"},
	{Cause: "SecretSyncedError", Effect: "FailedMount", Why: "the ExternalSecret did not produce the Secret the pod mounts"},
	{Cause: "SecretSyncedError", Effect: "Failed", Why: "the kubelet cannot create the container without the Secret"},
	{Cause: "FailedMount", Effect: "Failed", SameObject: true, Why: "a container cannot start without its volume"},
	{Cause: "FailedAttachVolume", Effect: "FailedMount", SameObject: true, Why: "a volume that is not attached cannot be mounted"},
	{Cause: "CreateContainerConfigError", Effect: "Failed", SameObject: true, Why: "the waiting reason and the kubelet's event are the same failure"},
	{Cause: "Failed", Effect: "CreateContainerConfigError", SameObject: true, Why: "the kubelet's event and the waiting reason are the same failure"},

	// Sources: a fetch failure leaves the reconciler on a stale revision.
	{Cause: "GitOperationFailed", Effect: "ArtifactFailed", Why: "the reconciler has no new artifact because the source fetch failed"},
	{Cause: "AuthenticationFailed", Effect: "ArtifactFailed", Why: "the reconciler has no new artifact because the source could not authenticate"},
	{Cause: "FetchFailed", Effect: "ArtifactFailed", Why: "the reconciler has no new artifact because the source fetch failed"},
	{Cause: "GitOperationFailed", Effect: "ReconciliationFailed", Why: "the reconciler fails on the stale or missing source artifact"},
	{Cause: "FetchFailed", Effect: "ReconciliationFailed", Why: "the reconciler fails on the stale or missing source artifact"},
	{Cause: "GitOperationFailed", Effect: "StaleRevision", Why: "the applied revision is stale because the source could not fetch the new one"},
	{Cause: "AuthenticationFailed", Effect: "StaleRevision", Why: "the applied revision is stale because the source could not authenticate"},
	{Cause: "FetchFailed", Effect: "StaleRevision", Why: "the applied revision is stale because the source could not fetch the new one"},
	{Cause: "ArtifactFailed", Effect: "StaleRevision", Why: "the applied revision is stale because no new artifact was available"},
	{Cause: "*", Effect: "StaleRevision", Why: "a reconciler stays on an old revision because something upstream failed"},
	{Cause: "ComparisonError", Effect: "SyncFailed", Why: "Argo CD cannot sync what it cannot compare"},
}

// explainer indexes an explanation table by effect.
type explainer map[string][]Explanation

func newExplainer(rows []Explanation) explainer {
	ex := explainer{}
	for _, r := range rows {
		ex[r.Effect] = append(ex[r.Effect], r)
	}
	return ex
}

// explains returns the row by which cause explains effect, if any. A
// cause is never explained by itself, and a failure cannot explain one of
// the same reason (the first of a series is the discriminating one).
func (ex explainer) explains(cause, effect *Entry) (Explanation, bool) {
	if cause == effect {
		return Explanation{}, false
	}
	for _, r := range ex[effect.Reason] {
		if r.Cause != "*" && r.Cause != cause.Reason {
			continue
		}
		if r.SameObject && !sameObject(cause, effect) {
			continue
		}
		return r, true
	}
	return Explanation{}, false
}

// pureEffect reports whether reason is explained by any earlier failure:
// such a failure only reports that something else went wrong.
func (ex explainer) pureEffect(reason string) bool {
	for _, r := range ex[reason] {
		if r.Cause == "*" {
			return true
		}
	}
	return false
}

func sameObject(a, b *Entry) bool {
	if a.UID != "" && b.UID != "" {
		return a.UID == b.UID
	}
	return a.Object.Key() == b.Object.Key()
}
