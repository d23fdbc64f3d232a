package verify

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// lastTerminated records, as the kubelet does, that the first container
// (of the init containers when init is set) of pod o restarted n times and
// last stopped at finishedAt for reason. An empty finishedAt leaves
// lastState empty, as a kubelet that lost the container's record does.
func lastTerminated(o *bundle.Object, init bool, n int64, finishedAt, reason string) {
	field := "containerStatuses"
	if init {
		field = "initContainerStatuses"
		set(o, []any{map[string]any{
			"name": "migrate", "image": "registry.example.com/shop/web:2.1.0", "ready": true, "restartCount": int64(0),
			"state": map[string]any{"terminated": map[string]any{"exitCode": int64(0), "reason": "Completed",
				"startedAt": "2026-01-01T11:00:31Z", "finishedAt": "2026-01-01T11:00:45Z"}},
			"lastState": map[string]any{},
		}}, "status", field)
	}
	list, _, _ := nestedSlice(o.Object, "status", field)
	cs := list[0].(map[string]any)
	cs["restartCount"] = n
	cs["lastState"] = map[string]any{}
	if finishedAt != "" {
		cs["lastState"] = map[string]any{"terminated": map[string]any{
			"exitCode": int64(1), "reason": reason, "startedAt": finishedAt, "finishedAt": finishedAt,
			"containerID": "containerd://0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9"}}
	}
}

func deleteCreation(o *bundle.Object) {
	delete(o.Object["metadata"].(map[string]any), "creationTimestamp")
}

// TestRestartsSinceRollout: without --before, a restart counts unless it
// provably ended before the current revision began rolling out; the check
// lists what it ignored and why. testdata/rollout-in-flight.yaml holds a
// release that began at 11:00 with, per workload, one pod left on the
// previous revision whose container restarted days before.
func TestRestartsSinceRollout(t *testing.T) {
	const (
		web       = "Deployment/shop/web"
		oldWeb    = "Pod/shop/web-6b8d7f5c9-x2k4p"
		newWeb    = "Pod/shop/web-5f7c9d8b4-q8j5w"
		webStart  = "revision 5f7c9d8b4 began rolling out at 2026-01-01T11:00:00Z"
		webIgnore = "; ignored restarts that ended before " + webStart + ": web-6b8d7f5c9-x2k4p/web (2025-12-28T03:14:07Z, OOMKilled)"
	)
	type result struct {
		Status  Status
		Summary string
	}
	tests := []struct {
		name    string
		subject string
		mutate  func(map[string]*bundle.Object)
		// before, when set, is applied to a copy of the bundle given as
		// --before.
		before func(map[string]*bundle.Object)
		want   result
		// evidence are lines the check must show.
		evidence []string
	}{
		{
			name:    "Deployment: a restart from days before the release is ignored and listed",
			subject: web,
			want:    result{Pass, "no new restarts in 3 pods" + webIgnore},
			evidence: []string{
				"baseline: none (--before not given): restarts count unless they ended before " + webStart + " (ReplicaSet/shop/web-5f7c9d8b4 metadata.creationTimestamp)",
				"Pod/shop/web-6b8d7f5c9-x2k4p container web restarts 1, last terminated at 2025-12-28T03:14:07Z (OOMKilled): ignored: terminated at 2025-12-28T03:14:07Z, before " + webStart,
				"web-6b8d7f5c9-x2k4p restarts 1 (1 ignored)",
				"web-5f7c9d8b4-q8j5w restarts 0",
			},
		},
		{
			name:    "Deployment: a restart after the rollout began counts",
			subject: web,
			mutate: func(m map[string]*bundle.Object) {
				lastTerminated(m[newWeb], false, 1, "2026-01-01T11:20:13Z", "Error")
			},
			want: result{Fail, "restarts since " + webStart + ": web-5f7c9d8b4-q8j5w +1" + webIgnore},
			evidence: []string{
				"Pod/shop/web-5f7c9d8b4-q8j5w container web restarts 1, last terminated at 2026-01-01T11:20:13Z (Error): counted: terminated at 2026-01-01T11:20:13Z, not before " + webStart,
			},
		},
		{
			name:    "Deployment: an init container's restart after the rollout began counts",
			subject: web,
			mutate: func(m map[string]*bundle.Object) {
				lastTerminated(m[newWeb], true, 2, "2026-01-01T11:00:30Z", "Error")
			},
			want: result{Fail, "restarts since " + webStart + ": web-5f7c9d8b4-q8j5w +2" + webIgnore},
		},
		{
			name:    "a restart whose finishedAt is not recorded counts: it cannot be proven old",
			subject: web,
			mutate: func(m map[string]*bundle.Object) {
				lastTerminated(m[oldWeb], false, 1, "", "")
			},
			want: result{Fail, "restarts since " + webStart + ": web-6b8d7f5c9-x2k4p +1"},
			evidence: []string{
				"Pod/shop/web-6b8d7f5c9-x2k4p container web restarts 1, lastState.terminated.finishedAt not recorded: counted: it cannot be proven older than the rollout",
			},
		},
		{
			name:    "a restart in the second the ReplicaSet was created counts: the times are cut to the second",
			subject: web,
			mutate: func(m map[string]*bundle.Object) {
				lastTerminated(m[oldWeb], false, 1, "2026-01-01T11:00:00Z", "Error")
			},
			want: result{Fail, "restarts since " + webStart + ": web-6b8d7f5c9-x2k4p +1"},
		},
		{
			name:    "one second earlier is proven before",
			subject: web,
			mutate: func(m map[string]*bundle.Object) {
				lastTerminated(m[oldWeb], false, 1, "2026-01-01T10:59:59Z", "Error")
			},
			want: result{Pass, "no new restarts in 3 pods; ignored restarts that ended before " + webStart + ": web-6b8d7f5c9-x2k4p/web (2026-01-01T10:59:59Z, Error)"},
		},
		{
			name:    "a new pod's restart dated before the rollout counts: the node's clock is behind",
			subject: web,
			mutate: func(m map[string]*bundle.Object) {
				lastTerminated(m[newWeb], false, 1, "2026-01-01T10:58:30Z", "Error")
			},
			want: result{Fail, "restarts since " + webStart + ": web-5f7c9d8b4-q8j5w +1" + webIgnore},
			evidence: []string{
				"Pod/shop/web-5f7c9d8b4-q8j5w container web restarts 1, last terminated at 2026-01-01T10:58:30Z (Error): counted: terminated at 2026-01-01T10:58:30Z, before " + webStart +
					", but the pod was created at 2026-01-01T11:00:21Z, not before it: the node's clock disagrees with the API server's",
			},
		},
		{
			name:    "a pod without creationTimestamp may be newer than the rollout: its restart counts",
			subject: web,
			mutate: func(m map[string]*bundle.Object) {
				deleteCreation(m[oldWeb])
			},
			want: result{Fail, "restarts since " + webStart + ": web-6b8d7f5c9-x2k4p +1"},
			evidence: []string{
				"Pod/shop/web-6b8d7f5c9-x2k4p container web restarts 1, last terminated at 2025-12-28T03:14:07Z (OOMKilled): counted: terminated at 2025-12-28T03:14:07Z, before " + webStart +
					", but the pod's creationTimestamp is not recorded: it may be newer than the rollout",
			},
		},
		{
			name:    "the ReplicaSet records no creationTimestamp: the earliest pod on it starts the count",
			subject: web,
			mutate: func(m map[string]*bundle.Object) {
				deleteCreation(m["ReplicaSet/shop/web-5f7c9d8b4"])
			},
			want: result{Pass, "no new restarts in 3 pods; ignored restarts that ended before revision 5f7c9d8b4 began rolling out at 2026-01-01T11:00:01Z: web-6b8d7f5c9-x2k4p/web (2025-12-28T03:14:07Z, OOMKilled)"},
			evidence: []string{
				"baseline: none (--before not given): restarts count unless they ended before revision 5f7c9d8b4 began rolling out at 2026-01-01T11:00:01Z " +
					"(Pod/shop/web-5f7c9d8b4-7mq2n metadata.creationTimestamp, the earliest pod on the revision: ReplicaSet/shop/web-5f7c9d8b4 records no metadata.creationTimestamp)",
			},
		},
		{
			name:    "no start time found: every restart counts, and the check says so",
			subject: web,
			mutate: func(m map[string]*bundle.Object) {
				deleteCreation(m["ReplicaSet/shop/web-5f7c9d8b4"])
				deleteCreation(m["Pod/shop/web-5f7c9d8b4-7mq2n"])
				deleteCreation(m[newWeb])
			},
			want: result{Fail, "restarts appeared: web-6b8d7f5c9-x2k4p +1; no rollout start found for the current revision, so every restart counts"},
			evidence: []string{
				"baseline: none (--before not given) and no rollout start found (ReplicaSet/shop/web-5f7c9d8b4 records no metadata.creationTimestamp, nor does a pod on it record a creationTimestamp): every restart counts",
				"Pod/shop/web-6b8d7f5c9-x2k4p container web restarts 1, last terminated at 2025-12-28T03:14:07Z (OOMKilled): counted: no rollout start to compare with",
			},
		},
		{
			name:    "--before: the count grew since the baseline, whenever the restart was",
			subject: web,
			before: func(m map[string]*bundle.Object) {
				lastTerminated(m[oldWeb], false, 0, "", "")
			},
			want:     result{Fail, "restarts appeared: web-6b8d7f5c9-x2k4p +1"},
			evidence: []string{"web-6b8d7f5c9-x2k4p restarts 1 (baseline 0)"},
		},
		{
			name:    "--before: the same count as the baseline passes",
			subject: web,
			before:  func(map[string]*bundle.Object) {},
			want:    result{Pass, "no new restarts in 3 pods"},
		},
		{
			name:    "StatefulSet: the ControllerRevision named by updateRevision starts the count",
			subject: "StatefulSet/shop/db",
			want: result{Pass, "no new restarts in 3 pods; ignored restarts that ended before revision db-85d4b7c6f9 began rolling out at 2026-01-01T11:00:00Z: " +
				"db-0/postgres (2025-12-30T22:41:19Z, Error)"},
			evidence: []string{
				"baseline: none (--before not given): restarts count unless they ended before revision db-85d4b7c6f9 began rolling out at 2026-01-01T11:00:00Z (ControllerRevision/shop/db-85d4b7c6f9 metadata.creationTimestamp)",
			},
		},
		{
			name:    "StatefulSet: without its ControllerRevision, the earliest pod on updateRevision starts the count",
			subject: "StatefulSet/shop/db",
			mutate: func(m map[string]*bundle.Object) {
				// Owned by another StatefulSet: not db's revision.
				set(m["ControllerRevision/shop/db-85d4b7c6f9"], []any{map[string]any{"apiVersion": "apps/v1", "kind": "StatefulSet", "name": "other", "uid": "other", "controller": true}}, "metadata", "ownerReferences")
				lastTerminated(m["Pod/shop/db-2"], false, 1, "2026-01-01T11:00:04Z", "Error")
			},
			want: result{Fail, "restarts since revision db-85d4b7c6f9 began rolling out at 2026-01-01T11:00:05Z: db-2 +1; ignored restarts that ended before revision db-85d4b7c6f9 began rolling out at 2026-01-01T11:00:05Z: " +
				"db-0/postgres (2025-12-30T22:41:19Z, Error)"},
			evidence: []string{
				"baseline: none (--before not given): restarts count unless they ended before revision db-85d4b7c6f9 began rolling out at 2026-01-01T11:00:05Z " +
					"(Pod/shop/db-2 metadata.creationTimestamp, the earliest pod on the revision: ControllerRevision db-85d4b7c6f9 is not in the bundle)",
			},
		},
		{
			name:    "DaemonSet: the ControllerRevision with the current pods' hash starts the count",
			subject: "DaemonSet/shop/node-agent",
			want: result{Pass, "no new restarts in 2 pods; ignored restarts that ended before revision 59c7d8f6b4 began rolling out at 2026-01-01T11:00:00Z: " +
				"node-agent-k7vxq/agent (2025-12-20T16:05:10Z, Error)"},
			evidence: []string{
				"baseline: none (--before not given): restarts count unless they ended before revision 59c7d8f6b4 began rolling out at 2026-01-01T11:00:00Z (ControllerRevision/shop/node-agent-59c7d8f6b4 metadata.creationTimestamp)",
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, r := load(t, "rollout-in-flight.yaml", nil, tc.mutate)
			var cfg Config
			if tc.before != nil {
				cfg.Before, _ = load(t, "rollout-in-flight.yaml", nil, tc.before)
			}
			res, err := Verify(b, r, cfg)
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(res.Checks, func(c Check) bool { return c.Name == CheckRestarts && c.Subject == tc.subject })
			if i < 0 {
				t.Fatalf("no %s check for %s in %+v", CheckRestarts, tc.subject, res.Checks)
			}
			c := res.Checks[i]
			if diff := cmp.Diff(tc.want, result{c.Status, c.Summary}); diff != "" {
				t.Errorf("%s (-want +got):\n%s", CheckRestarts, diff)
			}
			for _, line := range tc.evidence {
				if !slices.Contains(c.Evidence, line) {
					t.Errorf("evidence lacks\n  %s\ngot:\n  %s", line, strings.Join(c.Evidence, "\n  "))
				}
			}
		})
	}
}

func TestProvenBefore(t *testing.T) {
	const start = "2026-01-01T11:00:00Z"
	tests := []struct {
		raw, start string
		want       bool
	}{
		{"2025-12-28T03:14:07Z", start, true},
		{"2026-01-01T10:59:59Z", start, true},
		{"2026-01-01T11:00:00Z", start, false},
		// Cut to the second: 11:00:00 may be 11:00:00.7, after the start.
		{"2026-01-01T11:00:00Z", "2026-01-01T11:00:00.5Z", false},
		{"2026-01-01T10:59:59Z", "2026-01-01T11:00:00.5Z", true},
		{"2026-01-01T10:59:59.999999Z", start, true},
		{"2026-01-01T11:00:00.000001Z", start, false},
		{"2026-01-01T12:00:00+01:00", start, false},
		{"2026-01-01T11:59:59+01:00", start, true},
		{"", start, false},
	}
	for _, tc := range tests {
		t.Run(tc.raw+" "+tc.start, func(t *testing.T) {
			at, ok := parseTime(tc.start)
			if !ok {
				t.Fatalf("bad start %q", tc.start)
			}
			if got := provenBefore(tc.raw, at); got != tc.want {
				t.Errorf("provenBefore(%q, %s) = %v, want %v", tc.raw, tc.start, got, tc.want)
			}
		})
	}
}
