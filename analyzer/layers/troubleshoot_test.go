package layers

import (
	"os"
	"strings"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// TestTroubleshootMessagePods runs the real pods (and their events) of
// troubleshoot's analyzer test data; SOURCES.md says what each one shows.
func TestTroubleshootMessagePods(t *testing.T) {
	const dir = corpusRoot + "troubleshoot/pkg/analyze/files/"
	tests := []struct {
		name, workload, want string
		reasonHas            []string
		failedStage          string
	}{
		{"message-container-creating-failed-mount", "Pod/message-container-creating-failed-mount/troubleshoot-copyfromhost-4m79m-psdjm", Blocked, []string{"FailedMount", "hostPath type check failed"}, StageStarted},
		{"message-image-pull-fail", "Pod/message-image-pull-fail/no-image-deployment-849c4c4958-rxqmt", Failed, []string{"ErrImagePull"}, StagePulled},
		{"message-pod-init-crashloop-backoff", "Pod/message-pod-init-crashloop-backoff/init-demo2", Failed, []string{"RunContainerError"}, StageStarted},
		{"message-oomkill-pod", "Pod/message-oomkill-pod/oom-kill-job3-gbb89", Failed, []string{"OOMKilled"}, StageStarted},
		{"message-pending-node-affinity", "Pod/message-pending-node-affinity/kotsadm-b6cb54c8f-zgzrn", Blocked, []string{"node affinity"}, StageScheduled},
		{"message-pending-pod-resources", "Pod/message-pending-pod-resources/pending-pod-resources-5fddcf7688-djjfc", Blocked, []string{"Insufficient nvidia.com/gpu"}, StageScheduled},
		{"message-pod-crashloop-backoff", "Pod/message-pod-crashloop-backoff/init-demo", Failed, []string{"CrashLoopBackOff"}, StageStarted},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var objs []*bundle.Object
			for _, f := range []string{"pods/" + tc.name + ".json", "events/" + tc.name + ".json"} {
				data, err := os.ReadFile(dir + f)
				if os.IsNotExist(err) {
					continue // not every case has events
				}
				if err != nil {
					t.Fatal(err)
				}
				o, _ := bundle.DecodeDocuments(f, data)
				objs = append(objs, o...)
			}
			w := findWorkload(t, Build(bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil)), tc.workload)
			if w.Convergence != tc.want {
				t.Errorf("convergence = %s (%s), want %s", w.Convergence, w.ConvergenceReason, tc.want)
			}
			for _, s := range tc.reasonHas {
				if !strings.Contains(w.ConvergenceReason, s) {
					t.Errorf("reason %q lacks %q", w.ConvergenceReason, s)
				}
			}
			if st := stageOf(w, tc.failedStage); st.Status != StatusFailed {
				t.Errorf("stage %s = %s, want failed", tc.failedStage, st.Status)
			}
		})
	}
}
