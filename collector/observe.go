package collector

import (
	"sort"
	"strings"
	"sync"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// observed is what the collector learns from scoped objects while listing
// them, so that the cluster-scoped and GitOps reads that follow fetch only
// what relates to the scope. It holds names only, never whole objects, so
// memory stays small however many objects stream past.
type observed struct {
	mu       sync.Mutex
	pods     []podRef
	volumes  map[string]bool // PersistentVolume names bound to scoped PVCs
	classes  map[string]bool // StorageClass names used by them
	fluxKS   map[nsName]bool // Kustomizations named in owner labels
	fluxHR   map[nsName]bool // HelmReleases named in owner labels
	argoApps map[string]bool // Argo CD app instance names
	custom   map[string]bool // custom resources collected, as plural.group
}

type nsName struct{ ns, name string }

type podRef struct {
	ns, name   string
	containers []ctrRef
}

type ctrRef struct {
	name     string
	current  bool // has run, so a current log can exist
	previous bool // has restarted, so a previous log exists
}

func newObserved() *observed {
	return &observed{volumes: map[string]bool{}, classes: map[string]bool{},
		fluxKS: map[nsName]bool{}, fluxHR: map[nsName]bool{}, argoApps: map[string]bool{}, custom: map[string]bool{}}
}

// Owner labels and annotations Flux and Argo CD put on what they apply.
const (
	ksNameLabel  = "kustomize.toolkit.fluxcd.io/name"
	ksNSLabel    = "kustomize.toolkit.fluxcd.io/namespace"
	hrNameLabel  = "helm.toolkit.fluxcd.io/name"
	hrNSLabel    = "helm.toolkit.fluxcd.io/namespace"
	argoInstance = "argocd.argoproj.io/instance"
	argoTracking = "argocd.argoproj.io/tracking-id"
)

func (s *observed) object(a apiResource, o map[string]any) {
	u := unstructured.Unstructured{Object: o}
	lb, ann := u.GetLabels(), u.GetAnnotations()
	s.mu.Lock()
	defer s.mu.Unlock()
	if isCustom(a.gvr.Group) {
		s.custom[a.name()] = true
	}
	if n := lb[ksNameLabel]; n != "" {
		s.fluxKS[nsName{lb[ksNSLabel], n}] = true
	}
	if n := lb[hrNameLabel]; n != "" {
		s.fluxHR[nsName{lb[hrNSLabel], n}] = true
	}
	if n := lb[argoInstance]; n != "" {
		s.argoApps[n] = true
	}
	if t := ann[argoTracking]; t != "" {
		// <app>:<group>/<kind>:<namespace>/<name>
		if app, _, ok := strings.Cut(t, ":"); ok && app != "" {
			s.argoApps[app] = true
		}
	}
	switch {
	case a.gvr.Group == "" && a.kind == "Pod":
		s.pods = append(s.pods, podOf(&u))
	case a.gvr.Group == "" && a.kind == "PersistentVolumeClaim":
		if v, _, _ := unstructured.NestedString(o, "spec", "volumeName"); v != "" {
			s.volumes[v] = true
		}
		if c, _, _ := unstructured.NestedString(o, "spec", "storageClassName"); c != "" {
			s.classes[c] = true
		}
	case a.gvr.Group == "" && a.kind == "PersistentVolume":
		if c, _, _ := unstructured.NestedString(o, "spec", "storageClassName"); c != "" {
			s.classes[c] = true
		}
	}
}

// podOf lists the containers whose logs can exist: a current log once the
// container has run, a previous one once it has restarted.
func podOf(u *unstructured.Unstructured) podRef {
	p := podRef{ns: u.GetNamespace(), name: u.GetName()}
	status := map[string]map[string]any{}
	for _, f := range []string{"initContainerStatuses", "containerStatuses"} {
		l, _, _ := unstructured.NestedSlice(u.Object, "status", f)
		for _, x := range l {
			if m, ok := x.(map[string]any); ok {
				n, _ := m["name"].(string)
				status[n] = m
			}
		}
	}
	for _, f := range []string{"initContainers", "containers"} {
		l, _, _ := unstructured.NestedSlice(u.Object, "spec", f)
		for _, x := range l {
			m, _ := x.(map[string]any)
			n, _ := m["name"].(string)
			st := status[n]
			if n == "" || st == nil {
				continue
			}
			restarts, _, _ := unstructured.NestedInt64(st, "restartCount")
			_, running, _ := unstructured.NestedMap(st, "state", "running")
			_, terminated, _ := unstructured.NestedMap(st, "state", "terminated")
			_, lastTerm, _ := unstructured.NestedMap(st, "lastState", "terminated")
			c := ctrRef{name: n, current: running || terminated || lastTerm, previous: restarts > 0 || lastTerm}
			if c.current || c.previous {
				p.containers = append(p.containers, c)
			}
		}
	}
	return p
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
