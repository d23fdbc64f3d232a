// Package serve serves recorded bundles as a read-only Kubernetes API, so
// that kubectl, k9s and client-go programs can look around a bundle as they
// would a cluster: discovery, get and list with selectors and paging,
// server-side tables, watch, pod logs and events, plus the hypothesis
// ledger as the virtual rift.dev resource "hypotheses". It listens on
// loopback only, over TLS with a certificate made at start, and answers
// only requests that carry its random bearer token. Every write, exec,
// attach and port-forward is refused with 405. docs/serve.md has the
// security model and what is and is not served.
package serve

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
)

// Ledger computes a bundle's ranked hypotheses. The server calls it once per
// bundle, on the first request for hypotheses.
type Ledger func(ctx context.Context, b *bundle.Bundle) ([]hypothesis.Hypothesis, error)

// Bundle is one loaded bundle served as one kubeconfig context.
type Bundle struct {
	// Name is the context name; it must be unique and URL-safe.
	Name   string
	Bundle *bundle.Bundle
	// Ledger fills rift.dev hypotheses; nil serves an empty ledger.
	Ledger Ledger
}

// Options configures New.
type Options struct {
	// Address is host:port to listen on; the host must be a loopback
	// address or "localhost". Empty means 127.0.0.1:0 (a free port).
	Address string
}

// Server is a running read-only API over one or more bundles.
type Server struct {
	ln       net.Listener
	srv      *http.Server
	token    string
	caPEM    []byte
	prefix   string
	catalogs map[string]*catalog
	order    []string
	done     chan struct{}
}

// New indexes the bundles, makes a certificate and a token, and listens.
// It does not serve until Serve is called.
func New(opts Options, bundles []Bundle) (*Server, error) {
	if len(bundles) == 0 {
		return nil, errors.New("serve: no bundle to serve")
	}
	addr := opts.Address
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	if err := CheckAddress(addr); err != nil {
		return nil, err
	}
	s := &Server{catalogs: map[string]*catalog{}, done: make(chan struct{})}
	for _, b := range bundles {
		if b.Name == "" || strings.ContainsAny(b.Name, "/?#% ") {
			return nil, fmt.Errorf("serve: context name %q: want a non-empty name without / ? # %% or spaces", b.Name)
		}
		if s.catalogs[b.Name] != nil {
			return nil, fmt.Errorf("serve: two bundles named %q", b.Name)
		}
		c := newCatalog(b.Name, b.Bundle)
		c.hyp.ledger = b.Ledger
		s.catalogs[b.Name] = c
		s.order = append(s.order, b.Name)
	}
	token, err := randomHex(32)
	if err != nil {
		return nil, err
	}
	run, err := randomHex(4)
	if err != nil {
		return nil, err
	}
	s.token = token
	// A fresh path per run: kubectl caches discovery per server URL for
	// hours, and the next bundle may get the same port.
	s.prefix = "/rift/" + run + "/"
	cert, key, err := selfSignedCert()
	if err != nil {
		return nil, fmt.Errorf("serve: making the serving certificate: %w", err)
	}
	pair, err := tls.X509KeyPair(cert, key)
	if err != nil {
		return nil, fmt.Errorf("serve: loading the serving certificate: %w", err)
	}
	s.caPEM = cert
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("serve: listening on %s: %w", addr, err)
	}
	s.ln = tls.NewListener(ln, &tls.Config{Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12, NextProtos: []string{"h2", "http/1.1"}})
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 30 * time.Second}
	return s, nil
}

// CheckAddress refuses any address but a loopback one: a bundle is data
// someone trusted the receiver with, never served to the network.
func CheckAddress(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("serve: address %q: %w", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("serve: address %q: only loopback addresses (127.0.0.1, ::1, localhost) are served", addr)
}

func randomHex(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("serve: reading random bytes: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// Contexts returns the context names in the order given to New.
func (s *Server) Contexts() []string { return append([]string(nil), s.order...) }

// URL is the API server URL of one context.
func (s *Server) URL(context string) string {
	return "https://" + s.ln.Addr().String() + s.prefix + context
}

// Token is the bearer token requests must carry.
func (s *Server) Token() string { return s.token }

// CAData is the PEM certificate clients trust.
func (s *Server) CAData() []byte { return s.caPEM }

// Serve answers requests until ctx is done, then ends every held watch
// and shuts down, waiting at most two seconds for requests in flight
// before it closes the connections left.
func (s *Server) Serve(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- s.srv.Serve(s.ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	close(s.done)
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := s.srv.Shutdown(sctx); err != nil {
		// An HTTP/2 connection a client keeps open after its last stream
		// can hold a graceful shutdown: nothing is in flight by now (held
		// watches ended with done), so the rest is closed.
		if cerr := s.srv.Close(); cerr != nil {
			return fmt.Errorf("serve: closing: %w", cerr)
		}
	}
	return nil
}

// ServeHTTP checks the token, finds the context's catalog by the path
// prefix and hands it the rest of the path.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if p := recover(); p != nil && p != http.ErrAbortHandler {
			writeStatus(w, http.StatusInternalServerError, metav1.StatusReasonInternalError, "rift serve: %s %s: %v\n%s", r.Method, r.URL.Path, p, debug.Stack())
		}
	}()
	if !s.authorized(r) {
		writeStatus(w, http.StatusUnauthorized, metav1.StatusReasonUnauthorized, "Unauthorized: rift serve answers only requests with the bearer token of the kubeconfig it wrote")
		return
	}
	rest, ok := strings.CutPrefix(r.URL.Path, s.prefix)
	name, sub, _ := strings.Cut(rest, "/")
	c := s.catalogs[name]
	if !ok {
		c = nil
	}
	if !ok && len(s.order) == 1 {
		// kubectl get --raw sends absolute paths; with one bundle there
		// is no doubt which it means.
		c, sub = s.catalogs[s.order[0]], strings.TrimPrefix(r.URL.Path, "/")
	}
	if c == nil {
		writeStatus(w, http.StatusNotFound, metav1.StatusReasonNotFound, "rift serve: no bundle at %q; contexts: %v", r.URL.Path, s.order)
		return
	}
	c.serveHTTP(w, r, "/"+sub, s.done)
}

func (s *Server) authorized(r *http.Request) bool {
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(got), []byte(s.token)) == 1
}
