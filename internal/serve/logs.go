package serve

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// serveLog answers pods/log from the bundle's log tails: container
// (defaulted as the kubelet does when the pod has one container, or by
// kubectl's default-container annotation), previous, tailLines and
// limitBytes. timestamps is honoured as far as the bundle's lines carry
// the kubelet's RFC 3339 prefix (must-gathers do): it is kept with
// timestamps=true and cut without; a log recorded without it is served as
// it is either way.
// A log the bundle does not hold is a 404 that says what was collected.
func (c *catalog) serveLog(w http.ResponseWriter, r *http.Request, res *resource, rq request) {
	objs, _ := res.objects()
	pod := find(objs, rq.namespace, rq.name)
	if pod == nil {
		notFound(w, request{resource: "pods", name: rq.name}, "")
		return
	}
	v := r.URL.Query()
	container := v.Get("container")
	if container == "" {
		names := containerNames(pod.Object)
		container = str(pod.Object, "metadata", "annotations", "kubectl.kubernetes.io/default-container")
		switch {
		case container != "":
		case len(names) == 1:
			container = names[0]
		default:
			badRequest(w, "a container name must be specified for pod %s, choose one of: %v", rq.name, names)
			return
		}
	}
	previous := v.Get("previous") == "true"
	var log *bundle.Log
	var held []string
	for _, l := range c.b.Logs {
		if l.Namespace != rq.namespace || l.Pod != rq.name {
			continue
		}
		held = append(held, logName(l))
		if l.Container == container && l.Previous == previous {
			log = l
		}
	}
	if log == nil {
		c.logNotFound(w, rq, container, previous, held)
		return
	}
	lines := logLines(log.Lines, v.Get("timestamps") == "true")
	if s := v.Get("tailLines"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n >= 0 && n < len(lines) {
			lines = lines[len(lines)-n:]
		}
	}
	body := strings.Join(lines, "\n")
	if len(lines) > 0 {
		body += "\n"
	}
	if s := v.Get("limitBytes"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n >= 0 && n < len(body) {
			body = body[:n]
		}
	}
	w.Header().Set("Content-Type", "text/plain")
	_, _ = w.Write([]byte(body))
}

func logName(l *bundle.Log) string {
	if l.Previous {
		return "previous log of " + l.Container
	}
	return "log of " + l.Container
}

// logNotFound says what the bundle holds for the pod, and what the
// collector recorded it could not read.
func (c *catalog) logNotFound(w http.ResponseWriter, rq request, container string, previous bool, held []string) {
	want := "log"
	if previous {
		want = "previous log"
	}
	msg := fmt.Sprintf("rift serve: the bundle holds no %s of container %q of pod %s/%s", want, container, rq.namespace, rq.name)
	sort.Strings(held)
	if len(held) > 0 {
		msg += "; for this pod it holds: " + strings.Join(held, ", ")
	} else {
		msg += "; it holds no log of this pod"
	}
	var nc []string
	for _, n := range c.b.Meta.NotCollected {
		if (n.Resource == "pods/log" || n.Resource == "logs") && (n.Namespace == "" || n.Namespace == rq.namespace) {
			nc = append(nc, n.Reason)
		}
	}
	if len(nc) > 0 {
		msg += "; the collector could not read logs here: " + strings.Join(nc, "; ")
	}
	msg += fmt.Sprintf(" (captured %s)", c.now.UTC().Format(time.RFC3339))
	writeStatus(w, http.StatusNotFound, metav1.StatusReasonNotFound, "%s", msg)
}

func containerNames(pod map[string]any) []string {
	var out []string
	for _, c := range list(pod, "spec", "containers") {
		out = append(out, str(c, "name"))
	}
	return out
}

// logLines cuts the kubelet's timestamp prefix from each line unless
// timestamps were asked for. A log whose first line has no such prefix
// was recorded without timestamps and is returned as it is.
func logLines(lines []string, timestamps bool) []string {
	if timestamps || len(lines) == 0 || !hasTimestamp(lines[0]) {
		return lines
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if hasTimestamp(l) {
			l = l[strings.IndexByte(l, ' ')+1:]
		}
		out[i] = l
	}
	return out
}

// hasTimestamp reports whether l starts with an RFC 3339 time and a space,
// as the kubelet writes with timestamps=true.
func hasTimestamp(l string) bool {
	i := strings.IndexByte(l, ' ')
	if i < 20 || i > 40 {
		return false
	}
	_, err := time.Parse(time.RFC3339Nano, l[:i])
	return err == nil
}
