package serve

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// minTablePage is the fewest rows a page of a Table holds. kubectl asks
// for pages of 500 and throttles itself to five requests a second after
// a burst of ten, which made `kubectl get pods -A` at 20,000 pods take
// seven seconds for 0.25 s of the server's work; a bundle is in memory,
// so a larger page costs nothing, and kubectl follows continue as ever.
// Lists of objects keep the limit asked for.
const minTablePage = 5000

// query is a list or get request's options.
type query struct {
	labels labels.Selector
	fields *fieldMatcher
	limit  int
	start  int
	shape  shape
}

// parseQuery reads labelSelector, fieldSelector, limit, continue and the
// Accept header. A bad selector or continue token is the caller's error.
func (c *catalog) parseQuery(r *http.Request, res *resource) (query, error) {
	v := r.URL.Query()
	q := query{labels: labels.Everything(), shape: negotiate(r.Header.Get("Accept"), v.Get("includeObject"))}
	if s := v.Get("labelSelector"); s != "" {
		sel, err := labels.Parse(s)
		if err != nil {
			return q, fmt.Errorf("labelSelector %q: %w", s, err)
		}
		q.labels = sel
	}
	fm, err := newFieldMatcher(res.gvk.GroupKind(), v.Get("fieldSelector"))
	if err != nil {
		return q, err
	}
	q.fields = fm
	if s := v.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return q, fmt.Errorf("limit %q: want a non-negative integer", s)
		}
		q.limit = n
	}
	if s := v.Get("continue"); s != "" {
		start, err := c.decodeContinue(s)
		if err != nil {
			return q, err
		}
		q.start = start
	}
	return q, nil
}

// A continue token is the bundle's resourceVersion and the offset of the
// next item in the filtered list; a bundle never changes, so an offset is
// exact.
func (c *catalog) encodeContinue(next int) string {
	return base64.RawURLEncoding.EncodeToString([]byte(c.rv + ":" + strconv.Itoa(next)))
}

func (c *catalog) decodeContinue(s string) (int, error) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	rv, off, ok := strings.Cut(string(raw), ":")
	n, nerr := strconv.Atoi(off)
	if err != nil || !ok || nerr != nil || n < 0 || rv != c.rv {
		return 0, fmt.Errorf("continue %q: not a continue token of this server", s)
	}
	return n, nil
}

// inNamespace returns the part of the sorted objects in namespace ns (all
// of them for "").
func inNamespace(objs []*bundle.Object, ns string) []*bundle.Object {
	lo, hi := nsRange(objs, ns)
	return objs[lo:hi]
}

// nsRange is where namespace ns is in the sorted objects.
func nsRange(objs []*bundle.Object, ns string) (lo, hi int) {
	if ns == "" {
		return 0, len(objs)
	}
	lo = sort.Search(len(objs), func(i int) bool { return objs[i].GetNamespace() >= ns })
	hi = sort.Search(len(objs), func(i int) bool { return objs[i].GetNamespace() > ns })
	return lo, hi
}

// find returns the object named ns/name, by binary search.
func find(objs []*bundle.Object, ns, name string) *bundle.Object {
	objs = inNamespace(objs, ns)
	i := sort.Search(len(objs), func(i int) bool { return objs[i].GetName() >= name })
	if i < len(objs) && objs[i].GetName() == name {
		return objs[i]
	}
	return nil
}

// unselective reports whether the query selects every object.
func (q query) unselective() bool { return q.labels.Empty() && q.fields == nil }

// selected filters objs by the query's selectors.
func (q query) selected(res *resource, objs []*bundle.Object) []*bundle.Object {
	if q.unselective() {
		return objs
	}
	out := make([]*bundle.Object, 0, len(objs))
	for _, o := range objs {
		if !q.labels.Empty() && !q.labels.Matches(labels.Set(o.GetLabels())) {
			continue
		}
		if q.fields != nil && !q.fields.matches(res.view(o)) {
			continue
		}
		out = append(out, o)
	}
	return out
}

// serveGet answers GET of one object, as the object or a one-row table.
func (c *catalog) serveGet(w http.ResponseWriter, r *http.Request, res *resource, rq request) {
	q, err := c.parseQuery(r, res)
	if err != nil {
		badRequest(w, "%s", err.Error())
		return
	}
	objs, err := res.objects()
	if err != nil {
		writeStatus(w, http.StatusInternalServerError, metav1.StatusReasonInternalError, "rift serve: %s: %s", res.plural, err.Error())
		return
	}
	o := find(objs, rq.namespace, rq.name)
	if o == nil {
		notFound(w, rq, "")
		return
	}
	if q.shape.table != "" {
		writeJSON(w, http.StatusOK, c.table(res, []*bundle.Object{o}, q.shape, metav1.ListMeta{ResourceVersion: c.rv}, true))
		return
	}
	if q.shape.metadata {
		writeJSON(w, http.StatusOK, partialMetadata(o, q.shape.metaVersion))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(appendJSON(nil, res.view(o)))
}

// serveList answers a list or a watch.
func (c *catalog) serveList(w http.ResponseWriter, r *http.Request, res *resource, rq request, done <-chan struct{}) {
	q, err := c.parseQuery(r, res)
	if err != nil {
		badRequest(w, "%s", err.Error())
		return
	}
	all, err := res.objects()
	if err != nil {
		writeStatus(w, http.StatusInternalServerError, metav1.StatusReasonInternalError, "rift serve: %s: %s", res.plural, err.Error())
		return
	}
	lo, hi := nsRange(all, rq.namespace)
	objs := q.selected(res, all[lo:hi])
	if v := r.URL.Query().Get("watch"); v == "true" || v == "1" {
		c.serveWatch(w, r, res, objs, q.shape, done)
		return
	}
	meta := metav1.ListMeta{ResourceVersion: c.rv}
	if q.shape.table != "" && q.limit > 0 && q.limit < minTablePage {
		q.limit = minTablePage
	}
	if q.start > len(objs) {
		q.start = len(objs)
	}
	objs = objs[q.start:]
	if q.limit > 0 && len(objs) > q.limit {
		rest := int64(len(objs) - q.limit)
		meta.Continue = c.encodeContinue(q.start + q.limit)
		meta.RemainingItemCount = &rest
		objs = objs[:q.limit]
	}
	switch {
	case q.shape.table != "" && q.unselective():
		// Every object of the namespace: a run of the cached rows.
		rows, first := c.cachedRows(res, all, q.shape), lo+q.start
		c.writeTable(w, res, meta, q.shape, func(bw *bufio.Writer) { rows.write(bw, first, first+len(objs)) })
	case q.shape.table != "":
		c.writeTable(w, res, meta, q.shape, c.rowWriter(res, objs, q.shape))
	default:
		c.writeList(w, res, objs, meta, q.shape)
	}
}

// writeList streams a KindList (or a PartialObjectMetadataList), one item
// encoded at a time.
func (c *catalog) writeList(w http.ResponseWriter, res *resource, objs []*bundle.Object, meta metav1.ListMeta, sh shape) {
	head := map[string]any{"kind": res.gvk.Kind + "List", "apiVersion": res.gvk.GroupVersion().String(), "metadata": meta}
	if sh.metadata {
		head["kind"], head["apiVersion"] = "PartialObjectMetadataList", "meta.k8s.io/"+sh.metaVersion
	}
	data, err := json.Marshal(head)
	if err != nil {
		writeStatus(w, http.StatusInternalServerError, metav1.StatusReasonInternalError, "rift serve: %s", err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	bw := bufio.NewWriterSize(w, 64<<10)
	defer bw.Flush()
	bw.Write(data[:len(data)-1])
	bw.WriteString(`,"items":[`)
	buf := make([]byte, 0, 8<<10)
	for i, o := range objs {
		buf = buf[:0]
		if i > 0 {
			buf = append(buf, ',')
		}
		if sh.metadata {
			buf = appendJSON(buf, partialMetadata(o, sh.metaVersion))
		} else {
			buf = appendJSON(buf, res.view(o))
		}
		bw.Write(buf)
	}
	bw.WriteString("]}")
}

// partialMetadata is o as a PartialObjectMetadata.
func partialMetadata(o *bundle.Object, version string) map[string]any {
	return map[string]any{"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/" + version, "metadata": o.Object["metadata"]}
}
