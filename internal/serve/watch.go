package serve

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// serveWatch answers a watch. A bundle never changes, so a watch from the
// resourceVersion of a list the client already holds gets no events; a
// watch from "" or "0", or one asking for initial events (client-go's
// watch-list), gets the snapshot as ADDED events (then, when asked, the
// bookmark that ends the initial events). Either way the connection is
// then held until the client leaves, its timeoutSeconds pass, or the
// server stops.
func (c *catalog) serveWatch(w http.ResponseWriter, r *http.Request, res *resource, objs []*bundle.Object, sh shape, done <-chan struct{}) {
	v := r.URL.Query()
	rv := v.Get("resourceVersion")
	initial := v.Get("sendInitialEvents") == "true"
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Transfer-Encoding", "chunked")
	w.WriteHeader(http.StatusOK)
	enc := json.NewEncoder(w)
	if initial || rv == "" || rv == "0" {
		buf := make([]byte, 0, 8<<10)
		for i, o := range objs {
			buf = append(buf[:0], `{"type":"ADDED","object":`...)
			switch {
			case sh.table != "":
				t, err := json.Marshal(c.table(res, []*bundle.Object{o}, sh, metav1.ListMeta{ResourceVersion: c.rv}, i == 0))
				if err != nil {
					return
				}
				buf = append(buf, t...)
			case sh.metadata:
				buf = appendJSON(buf, partialMetadata(o, sh.metaVersion))
			default:
				buf = appendJSON(buf, res.view(o))
			}
			buf = append(buf, "}\n"...)
			if _, err := w.Write(buf); err != nil {
				return
			}
		}
	}
	if initial && v.Get("allowWatchBookmarks") == "true" {
		bm := map[string]any{
			"apiVersion": res.gvk.GroupVersion().String(), "kind": res.gvk.Kind,
			"metadata": map[string]any{"resourceVersion": c.rv, "annotations": map[string]any{metav1.InitialEventsAnnotationKey: "true"}},
		}
		if err := enc.Encode(map[string]any{"type": "BOOKMARK", "object": bm}); err != nil {
			return
		}
	}
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	var timeout <-chan time.Time
	if s, err := strconv.Atoi(v.Get("timeoutSeconds")); err == nil && s > 0 {
		t := time.NewTimer(time.Duration(s) * time.Second)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case <-r.Context().Done():
	case <-done:
	case <-timeout:
	}
}
