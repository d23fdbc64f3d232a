package serve_test

import (
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/rift-dev/rift/internal/benchgen"
	"github.com/rift-dev/rift/internal/serve"
)

// BenchmarkListPodsTable is what `kubectl get pods -A` costs the server
// on a 40k-object bundle (8k pods): every page of 500 as a Table, the way
// kubectl asks. Wall time against a real kubectl is in hack/bench.sh.
func BenchmarkListPodsTable(b *testing.B) {
	bn := benchgen.Bundle(b, 40000)
	srv, err := serve.New(serve.Options{}, []serve.Bundle{{Name: "bench", Bundle: bn}})
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go srv.Serve(ctx)
	rc := srv.RESTConfig("bench")
	tr, err := restTransport(rc)
	if err != nil {
		b.Fatal(err)
	}
	c := &http.Client{Transport: tr}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cont := ""
		for {
			req, _ := http.NewRequest(http.MethodGet, rc.Host+"/api/v1/pods?limit=500&continue="+cont, nil)
			req.Header.Set("Accept", "application/json;as=Table;v=v1;g=meta.k8s.io,application/json")
			resp, err := c.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			var page struct {
				Metadata struct{ Continue string } `json:"metadata"`
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err := jsonUnmarshalMeta(data, &page); err != nil {
				b.Fatal(err)
			}
			if cont = page.Metadata.Continue; cont == "" {
				break
			}
		}
	}
}
