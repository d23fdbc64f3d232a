package collector

import (
	"context"
	"errors"
	"fmt"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// maxPages stops a server that keeps returning continue tokens forever.
const maxPages = 100000

// fetchPage reads one page with opts (Limit and Continue set) and returns
// the continue token for the next one ("" when done).
type fetchPage func(ctx context.Context, opts metav1.ListOptions) (string, error)

// paginate calls fetch until the list is exhausted, passing limit and the
// previous page's continue token. It stops on the first error, on a repeated
// token (a server bug that would otherwise loop) and when ctx is done.
func paginate(ctx context.Context, limit int64, fetch fetchPage) error {
	cont := ""
	for page := 0; page < maxPages; page++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		next, err := fetch(ctx, metav1.ListOptions{Limit: limit, Continue: cont})
		if err != nil {
			return err
		}
		if next == "" {
			return nil
		}
		if next == cont {
			return errors.New("server returned the same continue token twice")
		}
		cont = next
	}
	return fmt.Errorf("more than %d pages", maxPages)
}

// notCollected turns a failed read into a bundle entry. The reason starts
// with one word (forbidden, notFound, error) so rules can match on it; the
// API server's message follows, which names the resource and user but never
// object contents.
func notCollected(resource, ns string, err error) bundle.NotCollected {
	word := "error"
	switch {
	case apierrors.IsForbidden(err):
		word = "forbidden"
	case apierrors.IsNotFound(err):
		word = "notFound"
	case apierrors.IsUnauthorized(err):
		word = "unauthorized"
	case apierrors.IsResourceExpired(err) || apierrors.IsGone(err):
		word = "expired"
	}
	msg := err.Error()
	if se, ok := err.(apierrors.APIStatus); ok && se.Status().Message != "" {
		msg = se.Status().Message
	}
	msg = strings.TrimSpace(strings.ReplaceAll(msg, "\n", " "))
	return bundle.NotCollected{Resource: resource, Namespace: ns, Reason: word + ": " + msg}
}
