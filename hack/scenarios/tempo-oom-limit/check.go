package tempooomlimit

import (
	"context"
	"fmt"
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

// check asserts what the controllers did: the StatefulSet took the fix as
// a new revision, no pod runs it, and tempo-0 still has the 384Mi limit
// and the OOMKilled last state, also five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	if err := waitTempo(ctx, e, func(ready, updated int32) bool { return ready == 0 }); err != nil {
		return err
	}
	if err := checkStuck(ctx, e); err != nil {
		return err
	}
	time.Sleep(5 * time.Second)
	return checkStuck(ctx, e)
}

func checkStuck(ctx context.Context, e *scenarios.Env) error {
	s, err := e.Client.AppsV1().StatefulSets(ns).Get(ctx, "tempo", metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("StatefulSet/tempo/tempo: %w", err)
	}
	st := s.Status
	if st.UpdateRevision == st.CurrentRevision || st.UpdatedReplicas != 0 {
		return fmt.Errorf("StatefulSet/tempo/tempo: want a pending update revision, got current %s update %s updated %d",
			st.CurrentRevision, st.UpdateRevision, st.UpdatedReplicas)
	}
	p, err := e.Client.CoreV1().Pods(ns).Get(ctx, "tempo-0", metav1.GetOptions{})
	if err != nil {
		return err
	}
	if h := p.Labels["controller-revision-hash"]; h != st.CurrentRevision {
		return fmt.Errorf("Pod/tempo/tempo-0: on revision %s, want the old %s", h, st.CurrentRevision)
	}
	if lim := p.Spec.Containers[0].Resources.Limits.Memory(); lim.Cmp(resource.MustParse("384Mi")) != 0 {
		return fmt.Errorf("Pod/tempo/tempo-0: memory limit %s, want the old 384Mi", lim)
	}
	cs := p.Status.ContainerStatuses[0]
	if t := cs.LastTerminationState.Terminated; t == nil || t.Reason != "OOMKilled" || t.ExitCode != 137 {
		return fmt.Errorf("Pod/tempo/tempo-0: last state %+v, want OOMKilled 137", cs.LastTerminationState)
	}
	return nil
}
