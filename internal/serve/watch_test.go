package serve_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/dynamic"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/serve"
)

// TestWatch checks the watch semantics: from "" the snapshot as ADDED
// events, from the list's resourceVersion nothing; either way the watch
// is held open, and ends when the server stops.
func TestWatch(t *testing.T) {
	b, err := bundle.Load(filepath.Join("..", "..", kafka), bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := serve.New(serve.Options{}, []serve.Bundle{{Name: "w", Bundle: b}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx) }()
	dyn, err := dynamic.NewForConfig(srv.RESTConfig("w"))
	if err != nil {
		t.Fatal(err)
	}
	pods := dyn.Resource(schema.GroupVersionResource{Version: "v1", Resource: "pods"}).Namespace("kafka")
	list, err := pods.List(context.Background(), metav1.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fromStart, err := pods.Watch(context.Background(), metav1.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fromList, err := pods.Watch(context.Background(), metav1.ListOptions{ResourceVersion: list.GetResourceVersion()})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for range kafkaPods {
		ev := <-fromStart.ResultChan()
		if ev.Type != watch.Added {
			t.Fatalf("event %v, want ADDED", ev.Type)
		}
		got = append(got, objName(ev.Object))
	}
	if diff := cmp.Diff(kafkaPods, got); diff != "" {
		t.Errorf("ADDED events (-want +got):\n%s", diff)
	}
	stop()
	for name, w := range map[string]watch.Interface{"from the start": fromStart, "from the list": fromList} {
		select {
		case ev, open := <-w.ResultChan():
			if open {
				t.Errorf("watch %s: unexpected %v after the snapshot", name, ev.Type)
			}
		case <-time.After(30 * time.Second):
			t.Errorf("watch %s still open 30 s after the server stopped", name)
		}
	}
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
}

func objName(o any) string {
	if m, ok := o.(interface{ GetName() string }); ok {
		return m.GetName()
	}
	return ""
}

// TestSecretsRedacted serves a bundle whose Secret holds values and checks
// that only REDACTED reaches a client, as a list, a get and a table.
func TestSecretsRedacted(t *testing.T) {
	dir := t.TempDir()
	doc := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\n  namespace: shop\ntype: Opaque\ndata:\n  password: aHVudGVyMg==\nstringData:\n  token: s3cr3t-t0ken\n"
	if err := os.WriteFile(filepath.Join(dir, "secret.yaml"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := bundle.Load(dir, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := serve.New(serve.Options{}, []serve.Bundle{{Name: "s", Bundle: b}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go srv.Serve(ctx)
	dyn, err := dynamic.NewForConfig(srv.RESTConfig("s"))
	if err != nil {
		t.Fatal(err)
	}
	secrets := dyn.Resource(schema.GroupVersionResource{Version: "v1", Resource: "secrets"})
	l, err := secrets.List(context.Background(), metav1.ListOptions{})
	if err != nil || len(l.Items) != 1 {
		t.Fatalf("list: %v, %v", l, err)
	}
	s, err := secrets.Namespace("shop").Get(context.Background(), "db", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"password": bundle.RedactedValue}
	for _, obj := range []map[string]any{l.Items[0].Object, s.Object} {
		if diff := cmp.Diff(want, obj["data"]); diff != "" {
			t.Errorf("data (-want +got):\n%s", diff)
		}
		if sd, ok := obj["stringData"].(map[string]any); ok && sd["token"] != bundle.RedactedValue {
			t.Errorf("stringData served %v", sd)
		}
	}
}

// TestTablePages checks that a Table page holds at least minTablePage
// rows whatever limit kubectl asks (it throttles itself per request),
// while a list of objects keeps its limit.
func TestTablePages(t *testing.T) {
	s := start(t, map[string]string{"rift": kafka})
	tr, err := restTransport(s.srv.RESTConfig("rift"))
	if err != nil {
		t.Fatal(err)
	}
	c := &http.Client{Transport: tr}
	for accept, want := range map[string]int{
		"application/json;as=Table;v=v1;g=meta.k8s.io,application/json": len(kafkaPods),
		"application/json": 1,
	} {
		req, _ := http.NewRequest(http.MethodGet, s.srv.URL("rift")+"/api/v1/pods?limit=1", nil)
		req.Header.Set("Accept", accept)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var page struct {
			Rows  []any `json:"rows"`
			Items []any `json:"items"`
		}
		err = json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close()
		if got := len(page.Rows) + len(page.Items); err != nil || got != want {
			t.Errorf("Accept %s, limit=1: %d rows or items (%v), want %d", accept, got, err, want)
		}
	}
}
