package collector

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	authv1 "k8s.io/api/authentication/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// check asks the server who we are and whether every namespace exists. A
// missing namespace is a refusal; a namespace we may not read is recorded and
// collection goes on, because the lists inside it may still be allowed.
func (t *Target) check(ctx context.Context) error {
	cs, err := kubernetes.NewForConfig(t.rest)
	if err != nil {
		return fmt.Errorf("client: %w", err)
	}
	ssr, err := cs.AuthenticationV1().SelfSubjectReviews().Create(ctx, &authv1.SelfSubjectReview{}, metav1.CreateOptions{})
	switch {
	case err == nil:
		groups := slices.Clone(ssr.Status.UserInfo.Groups)
		sort.Strings(groups)
		t.Identity = bundle.Identity{Username: ssr.Status.UserInfo.Username, Groups: groups}
	case apierrors.IsNotFound(err) || apierrors.IsForbidden(err):
		t.NotCollected = append(t.NotCollected, notCollected("selfsubjectreviews.authentication.k8s.io", "", err))
	default:
		return refuse("server %s: %v", t.Server, err)
	}
	for _, n := range t.Namespaces {
		obj, err := cs.CoreV1().Namespaces().Get(ctx, n, metav1.GetOptions{})
		switch {
		case err == nil:
			m, err := toMap(obj, "v1", "Namespace")
			if err != nil {
				return fmt.Errorf("Namespace/%s: %w", n, err)
			}
			t.Objects = append(t.Objects, m)
		case apierrors.IsNotFound(err):
			return refuse("namespace %q does not exist on cluster %q", n, t.Cluster)
		case apierrors.IsForbidden(err):
			t.NotCollected = append(t.NotCollected, notCollected("namespaces", n, err))
		default:
			return refuse("Namespace/%s: %v", n, err)
		}
	}
	return nil
}

// Print writes the preflight summary that precedes collection.
func (t *Target) Print(w io.Writer) {
	id := t.Identity.Username
	if id == "" {
		id = "(unknown: SelfSubjectReview not available)"
	}
	if len(t.Identity.Groups) > 0 {
		id += " (groups: " + strings.Join(t.Identity.Groups, ", ") + ")"
	}
	fmt.Fprintf(w, "preflight:\n  context:    %s\n  cluster:    %s\n  server:     %s\n  identity:   %s\n  namespaces: %s\n",
		orNone(t.Context), orNone(t.Cluster), orNone(t.Server), id, strings.Join(t.Namespaces, ", "))
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
