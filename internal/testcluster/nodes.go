package testcluster

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// NodeSpec describes a fake node. Zero values get the defaults noted.
type NodeSpec struct {
	Name   string            // required
	CPU    string            // capacity and allocatable; default "32"
	Memory string            // default "128Gi"
	Pods   int               // default 110
	Labels map[string]string // added to the usual kubernetes.io/* labels
	Taints []corev1.Taint    // e.g. a dedicated pool's NoSchedule taint
}

// AddNode registers a kwok-managed node and waits until it is Ready and the
// node lifecycle controller has lifted the not-ready taint, so the
// scheduler can place pods on it when AddNode returns.
func (c *Cluster) AddNode(ctx context.Context, spec NodeSpec) (*corev1.Node, error) {
	node, err := spec.node()
	if err != nil {
		return nil, err
	}
	if _, err := c.Client.CoreV1().Nodes().Create(ctx, node, metav1.CreateOptions{}); err != nil {
		return nil, fmt.Errorf("Node/%s: create: %w", spec.Name, err)
	}
	var ready *corev1.Node
	err = WaitFor(ctx, time.Minute, func(ctx context.Context) (bool, error) {
		n, err := c.Client.CoreV1().Nodes().Get(ctx, spec.Name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		ready = n
		return nodeSchedulable(n), nil
	})
	if err != nil {
		return nil, fmt.Errorf("Node/%s: not schedulable: %w", spec.Name, err)
	}
	return ready, nil
}

func (s NodeSpec) node() (*corev1.Node, error) {
	if s.Name == "" {
		return nil, fmt.Errorf("testcluster: AddNode: empty node name")
	}
	cpu, mem, pods := or(s.CPU, "32"), or(s.Memory, "128Gi"), s.Pods
	if pods == 0 {
		pods = 110
	}
	list := corev1.ResourceList{}
	for name, q := range map[corev1.ResourceName]string{corev1.ResourceCPU: cpu, corev1.ResourceMemory: mem, corev1.ResourcePods: fmt.Sprint(pods)} {
		v, err := resource.ParseQuantity(q)
		if err != nil {
			return nil, fmt.Errorf("Node/%s: %s %q: %w", s.Name, name, q, err)
		}
		list[name] = v
	}
	labels := map[string]string{
		"kubernetes.io/hostname": s.Name,
		"kubernetes.io/os":       "linux",
		"kubernetes.io/arch":     "amd64",
		"type":                   "kwok",
	}
	for k, v := range s.Labels {
		labels[k] = v
	}
	return &corev1.Node{
		ObjectMeta: metav1.ObjectMeta{
			Name:        s.Name,
			Labels:      labels,
			Annotations: map[string]string{fakeNodeAnnotation: "fake", "node.alpha.kubernetes.io/ttl": "0"},
		},
		Spec:   corev1.NodeSpec{Taints: s.Taints},
		Status: corev1.NodeStatus{Capacity: list, Allocatable: list.DeepCopy()},
	}, nil
}

func nodeSchedulable(n *corev1.Node) bool {
	ready := false
	for _, c := range n.Status.Conditions {
		if c.Type == corev1.NodeReady {
			ready = c.Status == corev1.ConditionTrue
		}
	}
	for _, t := range n.Spec.Taints {
		if t.Key == corev1.TaintNodeNotReady || t.Key == corev1.TaintNodeUnreachable {
			return false
		}
	}
	return ready
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// WaitFor polls cond every 200ms until it returns true, ctx ends or
// timeout passes. The error of the last poll is part of the timeout error.
func WaitFor(ctx context.Context, timeout time.Duration, cond func(context.Context) (bool, error)) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var last error
	for {
		ok, err := cond(ctx)
		if ok {
			return nil
		}
		if err != nil {
			last = err
		}
		select {
		case <-ctx.Done():
			if last != nil {
				return fmt.Errorf("%w (last error: %v)", ctx.Err(), last)
			}
			return ctx.Err()
		case <-time.After(pollInterval):
		}
	}
}
