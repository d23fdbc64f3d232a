package daemonsetondeletestale

import (
	"context"
	"fmt"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

// templateGeneration is the label the DaemonSet controller still puts on
// its pods (extensions/v1beta1 DaemonSetTemplateGenerationKey).
const templateGeneration = "pod-template-generation"

// check asserts what the DaemonSet controller did with the fix: it
// observed the new generation and recorded a second ControllerRevision,
// the template carries 256Mi, yet updatedNumberScheduled is 0 of 3 and no
// pod was replaced; every pod still runs the first revision with 64Mi, is
// not ready, and was OOM-killed again in a run that started after the fix
// was applied. The same holds five seconds later; log-aggregator stays
// available.
func check(ctx context.Context, e *scenarios.Env) error {
	// The controller counts the crash-looping pods unready on its next sync.
	if err := e.Wait(ctx, "DaemonSet/"+ns+"/"+ds+" with no ready pod", time.Minute, func(ctx context.Context) (bool, error) {
		d, err := e.Client.AppsV1().DaemonSets(ns).Get(ctx, ds, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return d.Status.ObservedGeneration == d.Generation && d.Status.NumberReady == 0, fmt.Errorf("status %+v", d.Status)
	}); err != nil {
		return err
	}
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error { return stale(ctx, e) })
}

func stale(ctx context.Context, e *scenarios.Env) error {
	d, err := e.Client.AppsV1().DaemonSets(ns).Get(ctx, ds, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("DaemonSet/%s/%s: %w", ns, ds, err)
	}
	st := d.Status
	if d.Generation < 2 || st.ObservedGeneration != d.Generation {
		return fmt.Errorf("DaemonSet/%s/%s: generation %d observed %d, want the fix observed", ns, ds, d.Generation, st.ObservedGeneration)
	}
	if d.Spec.UpdateStrategy.Type != appsv1.OnDeleteDaemonSetStrategyType {
		return fmt.Errorf("DaemonSet/%s/%s: updateStrategy %s, want OnDelete", ns, ds, d.Spec.UpdateStrategy.Type)
	}
	if lim := d.Spec.Template.Spec.Containers[0].Resources.Limits.Memory(); lim.Cmp(resource.MustParse("256Mi")) != 0 {
		return fmt.Errorf("DaemonSet/%s/%s: template memory limit %s, want the fix's 256Mi", ns, ds, lim)
	}
	if st.DesiredNumberScheduled != int32(len(nodes)) || st.CurrentNumberScheduled != st.DesiredNumberScheduled ||
		st.UpdatedNumberScheduled != 0 || st.NumberReady != 0 || st.NumberUnavailable != st.DesiredNumberScheduled {
		return fmt.Errorf("DaemonSet/%s/%s: want %d desired and scheduled, 0 updated, 0 ready, all unavailable, got %+v", ns, ds, len(nodes), st)
	}
	revs, err := e.Client.AppsV1().ControllerRevisions(ns).List(ctx, metav1.ListOptions{LabelSelector: selector})
	if err != nil {
		return err
	}
	var newest *appsv1.ControllerRevision
	for i := range revs.Items {
		if r := &revs.Items[i]; newest == nil || r.Revision > newest.Revision {
			newest = r
		}
	}
	if len(revs.Items) != 2 || newest == nil {
		return fmt.Errorf("DaemonSet/%s/%s: %d ControllerRevisions, want 2", ns, ds, len(revs.Items))
	}
	updated := newest.Labels[appsv1.DefaultDaemonSetUniqueLabelKey]
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: selector})
	if err != nil {
		return err
	}
	if len(pods.Items) != len(nodes) {
		return fmt.Errorf("DaemonSet/%s/%s: %d pods, want %d (none replaced)", ns, ds, len(pods.Items), len(nodes))
	}
	for _, p := range pods.Items {
		if h := p.Labels[appsv1.DefaultDaemonSetUniqueLabelKey]; h == updated || p.Labels[templateGeneration] != "1" {
			return fmt.Errorf("Pod/%s/%s: on revision %s (template generation %s), want the first", ns, p.Name, h, p.Labels[templateGeneration])
		}
		if lim := p.Spec.Containers[0].Resources.Limits.Memory(); lim.Cmp(resource.MustParse("64Mi")) != 0 {
			return fmt.Errorf("Pod/%s/%s: memory limit %s, want the old 64Mi", ns, p.Name, lim)
		}
		cs := p.Status.ContainerStatuses[0]
		t := cs.LastTerminationState.Terminated
		if cs.Ready || cs.State.Waiting == nil || cs.State.Waiting.Reason != "CrashLoopBackOff" || cs.RestartCount != 4 ||
			t == nil || t.Reason != "OOMKilled" || t.ExitCode != 137 || !t.StartedAt.After(fixedAt) {
			return fmt.Errorf("Pod/%s/%s: want CrashLoopBackOff after 4 restarts, last OOMKilled 137 in a run started after the fix (%s), got %+v",
				ns, p.Name, fixedAt.Format(time.RFC3339), cs)
		}
	}
	return e.WaitDeployment(ctx, ns, "log-aggregator", scenarios.Available(2))
}
