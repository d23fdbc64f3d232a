package collector

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
)

// pagedServer serves n ConfigMaps in pages of the requested limit, with the
// continue token holding the next offset, and records every limit it saw.
func pagedServer(t *testing.T, n int, limits *[]int64) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		limit, _ := strconv.ParseInt(q.Get("limit"), 10, 64)
		*limits = append(*limits, limit)
		off, _ := strconv.Atoi(q.Get("continue"))
		end := min(off+int(limit), n)
		if limit == 0 {
			end = n
		}
		items := []map[string]any{}
		for i := off; i < end; i++ {
			items = append(items, map[string]any{"metadata": map[string]any{"name": fmt.Sprintf("cm-%05d", i), "namespace": "shop"}})
		}
		cont := ""
		if end < n {
			cont = strconv.Itoa(end)
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"apiVersion": "v1", "kind": "ConfigMapList",
			"metadata": map[string]any{"continue": cont}, "items": items,
		})
	}))
}

func TestPaginateDynamic(t *testing.T) {
	tests := []struct {
		name      string
		n         int
		limit     int64
		wantPages int
	}{
		{"empty", 0, 500, 1},
		{"one short page", 3, 500, 1},
		{"exact pages", 1000, 500, 2},
		{"ragged", 1201, 500, 3},
		{"tiny pages", 7, 2, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var limits []int64
			srv := pagedServer(t, tt.n, &limits)
			defer srv.Close()
			dc, err := dynamic.NewForConfig(ReadOnly(&rest.Config{Host: srv.URL}))
			if err != nil {
				t.Fatal(err)
			}
			ri := dc.Resource(schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}).Namespace("shop")
			var names []string
			err = paginate(context.Background(), tt.limit, func(ctx context.Context, opts metav1.ListOptions) (string, error) {
				l, err := ri.List(ctx, opts)
				if err != nil {
					return "", err
				}
				for _, it := range l.Items {
					names = append(names, it.GetName())
				}
				return l.GetContinue(), nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(names) != tt.n {
				t.Errorf("got %d items, want %d", len(names), tt.n)
			}
			for i, n := range names {
				if want := fmt.Sprintf("cm-%05d", i); n != want {
					t.Fatalf("item %d = %s, want %s", i, n, want)
				}
			}
			want := make([]int64, tt.wantPages)
			for i := range want {
				want[i] = tt.limit
			}
			if diff := cmp.Diff(want, limits); diff != "" {
				t.Errorf("limits sent (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPaginateStuckToken(t *testing.T) {
	calls := 0
	err := paginate(context.Background(), 10, func(ctx context.Context, opts metav1.ListOptions) (string, error) {
		calls++
		return "same", nil
	})
	if err == nil || calls != 2 {
		t.Errorf("paginate = %v after %d calls, want an error after 2", err, calls)
	}
}
