package scenarios

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/rift-dev/rift/internal/testcluster"
)

// Ship commits files with message and has Flux apply that commit, both
// now, as a push that Flux picks up at once. It returns when the commit
// was applied.
func (e *Env) Ship(ctx context.Context, f FluxSync, message string, files map[string][]byte) (time.Time, error) {
	at := time.Now()
	sha, err := e.Git.Commit(ctx, message, at, files)
	if err != nil {
		return at, err
	}
	return at, e.Reconcile(ctx, f, sha, at)
}

// CrashLoopAll writes previous, the log of the crashed run (the
// namespace-wide previous log of c.Container, which Options.PodLogs must
// list), and puts every pod of pods in CrashLoopBackOff with c.
func (e *Env) CrashLoopAll(ctx context.Context, namespace string, pods []corev1.Pod, previous []testcluster.LogLine, c CrashLoop) error {
	if err := e.Cluster.WritePreviousContainerLog(namespace, "", c.Container, previous); err != nil {
		return err
	}
	for _, p := range pods {
		if err := e.CrashLoopBackOff(ctx, namespace, p.Name, c); err != nil {
			return err
		}
	}
	return nil
}
