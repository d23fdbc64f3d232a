package serve_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"net/http"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"

	"github.com/rift-dev/rift/internal/serve"
)

const kafka = "fixtures/kafka-stale-probe/bundle"

var kafkaPods = []string{"kafka-0", "kafka-1", "kafka-2", "kafka-ui-bf96bd84f-xtnlm"}

// TestClientGoDiscovery reads the served groups and resources through
// client-go's discovery client, as kubectl and controllers do.
func TestClientGoDiscovery(t *testing.T) {
	s := start(t, map[string]string{"rift": kafka})
	dc, err := discovery.NewDiscoveryClientForConfig(s.srv.RESTConfig("rift"))
	if err != nil {
		t.Fatal(err)
	}
	_, lists, err := dc.ServerGroupsAndResources()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, l := range lists {
		for _, r := range l.APIResources {
			got[l.GroupVersion+" "+r.Name] = r.Namespaced
		}
	}
	for res, namespaced := range map[string]bool{
		"v1 pods": true, "v1 pods/log": true, "v1 nodes": false, "v1 events": true, "events.k8s.io/v1 events": true,
		"apps/v1 statefulsets": true, "rift.dev/v1alpha1 hypotheses": false,
		"kustomize.toolkit.fluxcd.io/v1 kustomizations": true, "source.toolkit.fluxcd.io/v1 gitrepositories": true,
	} {
		if ns, ok := got[res]; !ok || ns != namespaced {
			t.Errorf("discovery: %s: present %v namespaced %v, want present and namespaced %v", res, ok, ns, namespaced)
		}
	}
}

// TestClientGoDynamic lists with a dynamic client: paging with limit and
// continue, a field selector, a get, and the ledger.
func TestClientGoDynamic(t *testing.T) {
	s := start(t, map[string]string{"rift": kafka})
	dyn, err := dynamic.NewForConfig(s.srv.RESTConfig("rift"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	pods := dyn.Resource(schema.GroupVersionResource{Version: "v1", Resource: "pods"})
	var names []string
	opts := metav1.ListOptions{Limit: 3}
	pages := 0
	for {
		l, err := pods.Namespace("kafka").List(ctx, opts)
		if err != nil {
			t.Fatal(err)
		}
		pages++
		for _, it := range l.Items {
			names = append(names, it.GetName())
		}
		if l.GetContinue() == "" {
			break
		}
		opts.Continue = l.GetContinue()
	}
	if diff := cmp.Diff(kafkaPods, names); diff != "" || pages != 2 {
		t.Errorf("paged list in %d pages (want 2) (-want +got):\n%s", pages, diff)
	}
	tests := []struct {
		name string
		opts metav1.ListOptions
		want []string
	}{
		{"field selector", metav1.ListOptions{FieldSelector: "spec.nodeName=node-c"}, []string{"kafka-2", "kafka-ui-bf96bd84f-xtnlm"}},
		{"label selector", metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=kafka,apps.kubernetes.io/pod-index in (0,2)"}, []string{"kafka-0", "kafka-2"}},
		{"both", metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=kafka", FieldSelector: "metadata.name!=kafka-1,status.phase=Running"}, []string{"kafka-0", "kafka-2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := pods.List(ctx, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, it := range l.Items {
				got = append(got, it.GetName())
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	p, err := pods.Namespace("kafka").Get(ctx, "kafka-0", metav1.GetOptions{})
	if err != nil || p.GetName() != "kafka-0" {
		t.Fatalf("get kafka-0: %v %v", p, err)
	}
	hyps, err := dyn.Resource(serve.GroupVersion.WithResource("hypotheses")).List(ctx, metav1.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(hyps.Items) == 0 || hyps.Items[0].Object["cause"] != "rollout-blocked" {
		t.Errorf("hypotheses: want rollout-blocked first, got %d items", len(hyps.Items))
	}
	if err := pods.Namespace("kafka").Delete(ctx, "kafka-0", metav1.DeleteOptions{}); err == nil || !slices.Contains([]string{"MethodNotAllowed"}, string(reasonOf(err))) {
		t.Errorf("delete: want MethodNotAllowed, got %v", err)
	}
}

// TestClientGoInformer syncs a shared informer (list, then a held watch)
// and reads the bundle's pods from its lister.
func TestClientGoInformer(t *testing.T) {
	s := start(t, map[string]string{"rift": kafka})
	cs, err := kubernetes.NewForConfig(s.srv.RESTConfig("rift"))
	if err != nil {
		t.Fatal(err)
	}
	f := informers.NewSharedInformerFactory(cs, 0)
	lister := f.Core().V1().Pods().Lister()
	evLister := f.Events().V1().Events().Lister()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	f.Start(ctx.Done())
	defer func() { cancel(); f.Shutdown() }()
	for typ, ok := range f.WaitForCacheSync(ctx.Done()) {
		if !ok {
			t.Fatalf("informer for %v did not sync", typ)
		}
	}
	ps, err := lister.List(labels.Everything())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
	}
	sort.Strings(names)
	if diff := cmp.Diff(kafkaPods, names); diff != "" {
		t.Errorf("informer pods (-want +got):\n%s", diff)
	}
	evs, err := evLister.List(labels.Everything())
	if err != nil || len(evs) == 0 {
		t.Errorf("events.k8s.io informer: %d events, %v", len(evs), err)
	}
}

// TestUnauthenticated checks that a request without the token is refused
// with 401 and no data, over the server's own TLS.
func TestUnauthenticated(t *testing.T) {
	s := start(t, map[string]string{"rift": kafka})
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(s.srv.CAData())
	c := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	for _, token := range []string{"", "Bearer wrong", "Basic " + s.srv.Token()} {
		req, _ := http.NewRequest(http.MethodGet, s.srv.URL("rift")+"/api/v1/pods", nil)
		if token != "" {
			req.Header.Set("Authorization", token)
		}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var st metav1.Status
		err = json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized || err != nil || st.Reason != metav1.StatusReasonUnauthorized {
			t.Errorf("Authorization %q: got %d %+v %v, want 401 Unauthorized", token, resp.StatusCode, st, err)
		}
	}
}

// TestLoopbackOnly checks that only loopback addresses are served.
func TestLoopbackOnly(t *testing.T) {
	for addr, ok := range map[string]bool{"127.0.0.1:0": true, "[::1]:0": true, "localhost:0": true, "0.0.0.0:0": false, ":0": false, "10.0.0.1:80": false} {
		if err := serve.CheckAddress(addr); (err == nil) != ok {
			t.Errorf("CheckAddress(%q) = %v, want ok %v", addr, err, ok)
		}
	}
}
