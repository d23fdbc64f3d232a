package testcluster

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/utils/ptr"
)

// TestClusterSmoke checks that the real controllers and kwok act: the
// Deployment and StatefulSet controllers create pods, the scheduler binds
// them, and kwok runs them to Ready.
func TestClusterSmoke(t *testing.T) {
	ctx := context.Background()
	c := Start(t, Options{ContextName: "smoke-ctx", PodLogs: []PodLog{{Namespace: "smoke", Pod: "db-0", Container: "db"}, {Namespace: "smoke", Container: "web"}}})
	for _, name := range []string{"node-a", "node-b"} {
		if _, err := c.AddNode(ctx, NodeSpec{Name: name, CPU: "4", Memory: "8Gi"}); err != nil {
			t.Fatal(err)
		}
	}
	ns := "smoke"
	if _, err := c.Client.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}

	t.Run("kubeconfig", func(t *testing.T) {
		raw, err := clientcmd.LoadFromFile(c.Kubeconfig)
		if err != nil {
			t.Fatal(err)
		}
		if raw.CurrentContext != "smoke-ctx" || raw.Contexts["smoke-ctx"] == nil {
			t.Errorf("current context = %q, contexts %v; want smoke-ctx", raw.CurrentContext, raw.Contexts)
		}
		if got := raw.Clusters[raw.Contexts["smoke-ctx"].Cluster].Server; got != c.Server {
			t.Errorf("server = %q, want %q", got, c.Server)
		}
	})

	t.Run("restricted identity is forbidden", func(t *testing.T) {
		cfg, err := c.ClientFor("auditor", []string{"auditors"})
		if err != nil {
			t.Fatal(err)
		}
		client := kubernetes.NewForConfigOrDie(cfg)
		_, err = client.CoreV1().Secrets(ns).List(ctx, metav1.ListOptions{})
		if !apierrors.IsForbidden(err) {
			t.Errorf("list secrets as auditor: err = %v, want Forbidden", err)
		}
	})

	workloads := []struct {
		name   string
		create func(context.Context) error
		ready  func(context.Context) (bool, error)
		pods   string // label selector of the workload's pods
	}{
		{
			name: "Deployment/smoke/web",
			create: func(ctx context.Context) error {
				_, err := c.Client.AppsV1().Deployments(ns).Create(ctx, deployment(ns, "web", 2), metav1.CreateOptions{})
				return err
			},
			ready: func(ctx context.Context) (bool, error) {
				d, err := c.Client.AppsV1().Deployments(ns).Get(ctx, "web", metav1.GetOptions{})
				if err != nil {
					return false, err
				}
				return d.Status.ReadyReplicas == 2 && d.Status.AvailableReplicas == 2, fmt.Errorf("status %+v", d.Status)
			},
			pods: "app=web",
		},
		{
			name: "StatefulSet/smoke/db",
			create: func(ctx context.Context) error {
				svc := &corev1.Service{
					ObjectMeta: metav1.ObjectMeta{Name: "db", Namespace: ns},
					Spec:       corev1.ServiceSpec{ClusterIP: corev1.ClusterIPNone, Selector: map[string]string{"app": "db"}, Ports: []corev1.ServicePort{{Name: "tcp", Port: 5432}}},
				}
				if _, err := c.Client.CoreV1().Services(ns).Create(ctx, svc, metav1.CreateOptions{}); err != nil {
					return err
				}
				_, err := c.Client.AppsV1().StatefulSets(ns).Create(ctx, statefulSet(ns, "db", 2), metav1.CreateOptions{})
				return err
			},
			ready: func(ctx context.Context) (bool, error) {
				s, err := c.Client.AppsV1().StatefulSets(ns).Get(ctx, "db", metav1.GetOptions{})
				if err != nil {
					return false, err
				}
				return s.Status.ReadyReplicas == 2 && s.Status.AvailableReplicas == 2, fmt.Errorf("status %+v", s.Status)
			},
			pods: "app=db",
		},
	}
	for _, w := range workloads {
		t.Run(w.name, func(t *testing.T) {
			start := time.Now()
			if err := w.create(ctx); err != nil {
				t.Fatal(err)
			}
			if err := WaitFor(ctx, 90*time.Second, w.ready); err != nil {
				t.Fatalf("%s: not ready: %v", w.name, err)
			}
			t.Logf("%s ready in %s", w.name, time.Since(start).Round(time.Millisecond))
			pods, err := c.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: w.pods})
			if err != nil {
				t.Fatal(err)
			}
			if len(pods.Items) != 2 {
				t.Fatalf("%d pods, want 2", len(pods.Items))
			}
			for _, p := range pods.Items {
				checkRunningPod(t, &p)
			}
		})
	}

	t.Run("container logs", func(t *testing.T) {
		at := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
		if err := c.WriteContainerLog(ns, "db-0", "db", []LogLine{{Time: at, Text: "database system is ready to accept connections"}}); err != nil {
			t.Fatal(err)
		}
		if err := c.WritePreviousContainerLog(ns, "db-0", "db", []LogLine{{Time: at.Add(-time.Minute), Stream: "stderr", Text: "FATAL: out of shared memory"}}); err != nil {
			t.Fatal(err)
		}
		if err := c.WriteContainerLog(ns, "", "web", []LogLine{{Time: at, Text: "listening on :8080"}}); err != nil {
			t.Fatal(err)
		}
		pods, err := c.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=web"})
		if err != nil || len(pods.Items) == 0 {
			t.Fatalf("web pods: %v", err)
		}
		tests := []struct {
			pod, container string
			previous       bool
			want           string
		}{
			{"db-0", "db", false, "database system is ready to accept connections\n"},
			{"db-0", "db", true, "FATAL: out of shared memory\n"},
			{pods.Items[0].Name, "web", false, "listening on :8080\n"},
			{"db-1", "db", false, ""},
		}
		for _, tt := range tests {
			got, err := c.Client.CoreV1().Pods(ns).GetLogs(tt.pod, &corev1.PodLogOptions{Container: tt.container, Previous: tt.previous}).DoRaw(ctx)
			if err != nil {
				t.Errorf("logs of %s/%s: %v", tt.pod, tt.container, err)
				continue
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("logs of %s/%s (-want +got):\n%s", tt.pod, tt.container, diff)
			}
		}
	})

	t.Run("controllers recorded their work", func(t *testing.T) {
		rs, err := c.Client.AppsV1().ReplicaSets(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=web"})
		if err != nil {
			t.Fatal(err)
		}
		if len(rs.Items) != 1 || len(rs.Items[0].OwnerReferences) != 1 || rs.Items[0].OwnerReferences[0].Name != "web" {
			t.Fatalf("ReplicaSets of web = %+v, want one owned by Deployment web", rs.Items)
		}
		revs, err := c.Client.AppsV1().ControllerRevisions(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=db"})
		if err != nil {
			t.Fatal(err)
		}
		if len(revs.Items) != 1 {
			t.Errorf("%d ControllerRevisions of db, want 1", len(revs.Items))
		}
		events, err := c.Client.CoreV1().Events(ns).List(ctx, metav1.ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		reasons := map[string]bool{}
		for _, e := range events.Items {
			// Controllers on the events.k8s.io API fill reportingController;
			// the older recorders fill source.component.
			by := e.ReportingController
			if by == "" {
				by = e.Source.Component
			}
			reasons[e.Reason+"/"+by] = true
		}
		for _, want := range []string{"Scheduled/default-scheduler", "SuccessfulCreate/replicaset-controller", "SuccessfulCreate/statefulset-controller", "ScalingReplicaSet/deployment-controller"} {
			if !reasons[want] {
				t.Errorf("no event %s; have %v", want, reasons)
			}
		}
	})
}

func checkRunningPod(t *testing.T, p *corev1.Pod) {
	t.Helper()
	if p.Spec.NodeName == "" {
		t.Errorf("Pod/%s/%s: not scheduled", p.Namespace, p.Name)
	}
	if p.Status.Phase != corev1.PodRunning || p.Status.PodIP == "" {
		t.Errorf("Pod/%s/%s: phase %s, podIP %q; want Running with an IP", p.Namespace, p.Name, p.Status.Phase, p.Status.PodIP)
	}
	ready := false
	for _, cond := range p.Status.Conditions {
		if cond.Type == corev1.PodReady {
			ready = cond.Status == corev1.ConditionTrue
		}
	}
	if !ready {
		t.Errorf("Pod/%s/%s: not Ready: %+v", p.Namespace, p.Name, p.Status.Conditions)
	}
}

func podTemplate(name string) corev1.PodTemplateSpec {
	return corev1.PodTemplateSpec{
		ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"app": name}},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{
			Name:  name,
			Image: "registry.example/" + name + ":1.0",
			Resources: corev1.ResourceRequirements{Requests: corev1.ResourceList{
				corev1.ResourceCPU: resource.MustParse("100m"), corev1.ResourceMemory: resource.MustParse("64Mi"),
			}},
		}}},
	}
}

func deployment(ns, name string, replicas int32) *appsv1.Deployment {
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, Labels: map[string]string{"app": name}},
		Spec: appsv1.DeploymentSpec{
			Replicas: ptr.To(replicas),
			Selector: &metav1.LabelSelector{MatchLabels: map[string]string{"app": name}},
			Template: podTemplate(name),
		},
	}
}

func statefulSet(ns, name string, replicas int32) *appsv1.StatefulSet {
	return &appsv1.StatefulSet{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, Labels: map[string]string{"app": name}},
		Spec: appsv1.StatefulSetSpec{
			Replicas:    ptr.To(replicas),
			ServiceName: name,
			Selector:    &metav1.LabelSelector{MatchLabels: map[string]string{"app": name}},
			Template:    podTemplate(name),
		},
	}
}
