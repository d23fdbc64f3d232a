package collector

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"k8s.io/client-go/rest"
)

// ErrNotReadOnly is returned (wrapped) by the transport of a ReadOnly config
// for every request that could change the cluster or open a stream into it.
var ErrNotReadOnly = errors.New("refused: rift collect is read-only")

// selfSubjectReviewPath is the one POST the collector makes. A review is
// computed from the request's credentials and never stored.
const selfSubjectReviewPath = "/apis/authentication.k8s.io/v1/selfsubjectreviews"

// ReadOnly returns a copy of cfg whose transport lets through only GET and
// HEAD requests that are not watches, follows, or the exec, attach,
// port-forward and proxy subresources, plus the SelfSubjectReview POST that
// preflight needs. Everything else fails before it leaves the process, so a
// bug in the collector cannot become a write to the cluster.
func ReadOnly(cfg *rest.Config) *rest.Config {
	c := rest.CopyConfig(cfg)
	c.Wrap(func(rt http.RoundTripper) http.RoundTripper { return readOnlyTransport{next: rt} })
	return c
}

type readOnlyTransport struct{ next http.RoundTripper }

func (t readOnlyTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := checkReadOnly(req); err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	return t.next.RoundTrip(req)
}

// checkReadOnly decides whether req is a read the collector may make.
func checkReadOnly(req *http.Request) error {
	p := strings.TrimSuffix(req.URL.Path, "/")
	refuse := func(why string) error {
		return fmt.Errorf("%s %s: %s: %w", req.Method, req.URL.Path, why, ErrNotReadOnly)
	}
	switch req.Method {
	case http.MethodGet, http.MethodHead:
	case http.MethodPost:
		if p == selfSubjectReviewPath {
			return nil
		}
		return refuse("method not allowed")
	default:
		return refuse("method not allowed")
	}
	q := req.URL.Query()
	for _, k := range []string{"watch", "follow"} {
		if v := q.Get(k); v != "" && v != "false" && v != "0" {
			return refuse(k + " not allowed")
		}
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		switch s {
		case "exec", "attach", "portforward":
			// A subresource sits right after the object name, which sits after
			// the resource: .../pods/NAME/exec.
			if i >= 2 {
				return refuse(s + " not allowed")
			}
		case "proxy":
			return refuse("proxy not allowed")
		case "watch":
			// /api/v1/watch/... and /apis/GROUP/VERSION/watch/...
			if (segs[1] == "api" && i == 3) || (segs[1] == "apis" && i == 4) {
				return refuse("watch not allowed")
			}
		}
	}
	return nil
}
