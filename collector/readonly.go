package collector

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"k8s.io/client-go/rest"
)

// ErrNotReadOnly is returned (wrapped) by the transport of a ReadOnly config
// for every request that could change the cluster or open a stream into it.
var ErrNotReadOnly = errors.New("refused: rift collect is read-only")

// ReadOnly returns a copy of cfg whose transport lets through only GET and
// HEAD requests that are not watches, follows, or the exec, attach,
// port-forward and proxy subresources, plus the SelfSubjectReview POST that
// preflight needs. Everything else fails before it leaves the process, so a
// bug in the collector cannot become a write to the cluster.
//
// A request is judged by parsing its path against the server's base path
// (cfg.Host's path, such as Rancher's /k8s/clusters/<id>) and the API path
// grammar (see parseAPIPath), never by matching segment names, so objects
// and namespaces named proxy, exec, attach or portforward are read like any
// other. A request for another scheme, host or port than cfg.Host's (a
// redirect, to which client-go would re-send the bearer token) is refused.
func ReadOnly(cfg *rest.Config) *rest.Config {
	c := rest.CopyConfig(cfg)
	server, _, err := rest.DefaultServerUrlFor(c)
	c.Wrap(func(rt http.RoundTripper) http.RoundTripper {
		return readOnlyTransport{next: rt, server: server, err: err}
	})
	return c
}

type readOnlyTransport struct {
	next   http.RoundTripper
	server *url.URL // scheme, host and base path of the API server
	err    error    // the server URL could not be parsed: refuse all
}

func (t readOnlyTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	err := t.err
	if err == nil {
		err = checkReadOnly(req, t.server)
	}
	if err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	return t.next.RoundTrip(req)
}

// checkReadOnly decides whether req is a read the collector may make of
// the API server at server.
func checkReadOnly(req *http.Request, server *url.URL) error {
	refuse := func(why string) error {
		return fmt.Errorf("%s %s: %s: %w", req.Method, req.URL.Redacted(), why, ErrNotReadOnly)
	}
	if !sameOrigin(req.URL, server) {
		return refuse("not the API server " + server.Scheme + "://" + server.Host + " (a redirect away from it?)")
	}
	rel, ok := underBase(req.URL.Path, server.Path)
	if !ok {
		return refuse("outside the server's base path " + server.Path)
	}
	p, err := parseAPIPath(rel)
	if err != nil {
		return refuse(err.Error())
	}
	switch req.Method {
	case http.MethodGet, http.MethodHead:
	case http.MethodPost:
		if p.isSelfSubjectReview() {
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
	if p.watch {
		return refuse("watch not allowed")
	}
	if p.subresource != "" && !readSubresources[p.subresource] {
		return refuse(p.subresource + " not allowed")
	}
	return nil
}

// readSubresources are the subresources a GET may read: exec, attach,
// portforward and proxy open streams into the cluster, and any other is
// refused until the collector needs it.
var readSubresources = map[string]bool{"log": true, "status": true, "scale": true}

// sameOrigin reports whether u has server's scheme, host and port (a
// missing port is the scheme's default).
func sameOrigin(u, server *url.URL) bool {
	return strings.EqualFold(u.Scheme, server.Scheme) && strings.EqualFold(u.Hostname(), server.Hostname()) &&
		portOf(u) == portOf(server)
}

func portOf(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if strings.EqualFold(u.Scheme, "http") {
		return "80"
	}
	return "443"
}

// underBase returns p relative to the base path ("" or "/k8s/clusters/x"),
// starting with "/", and whether p lies under it.
func underBase(p, base string) (string, bool) {
	base = strings.TrimSuffix(base, "/")
	if base == "" {
		return p, true
	}
	rest, ok := strings.CutPrefix(p, base)
	if !ok || rest != "" && !strings.HasPrefix(rest, "/") {
		return "", false
	}
	return rest, true
}
