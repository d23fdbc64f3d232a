package serve

import (
	"io"
	"net/http"
	"slices"

	authorizationv1 "k8s.io/api/authorization/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/kubernetes/scheme"
)

// accessReviews is the one resource a client may POST to: a
// SelfSubjectAccessReview writes nothing, and clients (kubectl auth
// can-i, k9s) ask it before they show or offer an action. Reading is
// allowed, everything else denied.
var accessReviews = gvr{"authorization.k8s.io", "v1", "selfsubjectaccessreviews"}

func (c *catalog) addAccessReviews() {
	c.add(&resource{
		gvk:    schema.GroupVersionKind{Group: "authorization.k8s.io", Version: "v1", Kind: "SelfSubjectAccessReview"},
		plural: "selfsubjectaccessreviews", singular: "selfsubjectaccessreview",
		review: true,
	})
}

// serveAccessReview answers a SelfSubjectAccessReview: allowed for get,
// list and watch, denied with the reason for any other verb.
func (c *catalog) serveAccessReview(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		badRequest(w, "reading the review: %s", err.Error())
		return
	}
	// kubectl sends built-in kinds as protobuf; the universal
	// deserializer reads that and JSON alike.
	obj, _, err := scheme.Codecs.UniversalDeserializer().Decode(body, nil, nil)
	in, ok := obj.(*authorizationv1.SelfSubjectAccessReview)
	if err != nil || !ok {
		badRequest(w, "decoding the review: want a SelfSubjectAccessReview: %v", err)
		return
	}
	rev := *in
	verb := ""
	if ra := rev.Spec.ResourceAttributes; ra != nil {
		verb = ra.Verb
	} else if na := rev.Spec.NonResourceAttributes; na != nil {
		verb = na.Verb
	}
	rev.TypeMeta = metav1.TypeMeta{Kind: "SelfSubjectAccessReview", APIVersion: "authorization.k8s.io/v1"}
	if slices.Contains(readVerbs, verb) {
		rev.Status = authorizationv1.SubjectAccessReviewStatus{Allowed: true, Reason: "rift serve: a bundle can be read"}
	} else {
		rev.Status = authorizationv1.SubjectAccessReviewStatus{Denied: true, Reason: "rift serve: a read-only bundle; only get, list and watch are served"}
	}
	writeJSON(w, http.StatusCreated, rev)
}
