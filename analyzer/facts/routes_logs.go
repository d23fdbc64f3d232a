package facts

import (
	"strconv"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// noEndpointPhrases are how route controllers say a Service has no
// endpoint: ingress-nginx ("Service \"ns/name\" does not have any active
// Endpoint."), and the wording other controllers share.
var noEndpointPhrases = []string{"does not have any active Endpoint", "has no endpoints", "no endpoints available", "endpoints not found"}

// readRouteLine reads one log line: a data-plane access line with a 5xx
// status whose upstream token names a Service, or a controller line saying
// a Service it names has no endpoint. A plain "namespace/name" token
// counts only on a no-endpoints line: an application's own log that
// mentions a path with a 5xx is not the routed path.
func readRouteLine(line string, upstreams map[string]*bundle.Object) (RouteFailure, *bundle.Object, bool) {
	noEP := false
	for _, p := range noEndpointPhrases {
		if strings.Contains(line, p) {
			noEP = true
			break
		}
	}
	status := statusOf(line)
	if !noEP && status == 0 {
		return RouteFailure{}, nil, false
	}
	for _, tok := range strings.FieldsFunc(line, isRouteSep) {
		if strings.HasPrefix(tok, "httproute/") || strings.HasPrefix(tok, "grpcroute/") {
			tok = clusterOfRoute(tok)
		}
		svc, ok := upstreams[tok]
		if !ok {
			continue
		}
		plain := tok == svc.GetNamespace()+"/"+svc.GetName()
		switch {
		case noEP && plain:
			return RouteFailure{Line: line, What: "no-endpoints", Upstream: tok}, svc, true
		case !noEP && !plain:
			return RouteFailure{Line: line, What: "5xx", Upstream: tok, Status: status}, svc, true
		}
	}
	return RouteFailure{}, nil, false
}

// isRouteSep splits a log line into tokens; '/', '|', '-' and '.' stay
// inside tokens, as upstream names carry them.
func isRouteSep(r rune) bool {
	switch r {
	case ' ', '\t', '"', '\'', ',', '[', ']', '{', '}', '(', ')', '=', ';':
		return true
	}
	return false
}

// clusterOfRoute trims an Envoy Gateway route name
// (httproute/ns/name/rule/0/match/0/host) to its cluster name
// (httproute/ns/name/rule/0).
func clusterOfRoute(tok string) string {
	parts := strings.Split(tok, "/")
	if len(parts) > 5 {
		return strings.Join(parts[:5], "/")
	}
	return tok
}

// has5xx reports whether statusOf finds a 5xx status.
func has5xx(line string) bool { return statusOf(line) != 0 }

// statusOf finds a 5xx response status the way access logs write it: the
// status after the quoted request line (nginx, Envoy's text format:
// "GET / HTTP/1.1" 503 ...), or a JSON response_code / status field; 0
// when there is none.
func statusOf(line string) int {
	for _, key := range []string{`"response_code":`, `"status":`, `"code":`} {
		if i := strings.Index(line, key); i >= 0 {
			v := strings.TrimLeft(line[i+len(key):], ` "`)
			if is5xx(v) {
				n, _ := strconv.Atoi(v[:3])
				return n
			}
		}
	}
	for i := strings.Index(line, `" `); i >= 0; {
		rest := line[i+2:]
		if is5xx(rest) && len(rest) > 3 && rest[3] == ' ' {
			n, _ := strconv.Atoi(rest[:3])
			return n
		}
		j := strings.Index(rest, `" `)
		if j < 0 {
			break
		}
		i += 2 + j
	}
	return 0
}

func is5xx(s string) bool {
	if len(s) < 3 || s[0] != '5' {
		return false
	}
	n, err := strconv.Atoi(s[:3])
	return err == nil && n >= 500 && n <= 599 && (len(s) == 3 || s[3] < '0' || s[3] > '9')
}
