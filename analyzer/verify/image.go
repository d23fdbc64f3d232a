package verify

import (
	"fmt"
	"regexp"
	"strings"
)

// image is a parsed --image REF@sha256:DIGEST.
type image struct {
	repo   string
	digest string
}

var digestRE = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)

// parseImage accepts "" (no image to check) or REF@sha256:<64 hex>.
func parseImage(s string) (*image, error) {
	if s == "" {
		return nil, nil
	}
	repo, digest, ok := strings.Cut(s, "@")
	if !ok || repo == "" || !digestRE.MatchString(digest) {
		return nil, fmt.Errorf("--image %q: want REPOSITORY[:TAG]@sha256:<64 hex digits>", s)
	}
	return &image{repo: normalizeRepo(repo), digest: digest}, nil
}

// normalizeRepo drops the tag or digest and Docker Hub's implicit prefixes,
// so "nginx:1.27", "docker.io/library/nginx" and
// "docker-pullable://nginx@sha256:..." name the same repository.
func normalizeRepo(ref string) string {
	ref = strings.TrimPrefix(ref, "docker-pullable://")
	ref, _, _ = strings.Cut(ref, "@")
	if i := strings.LastIndex(ref, ":"); i > strings.LastIndex(ref, "/") {
		ref = ref[:i]
	}
	ref = strings.TrimPrefix(ref, "docker.io/")
	ref = strings.TrimPrefix(ref, "index.docker.io/")
	return strings.TrimPrefix(ref, "library/")
}

// imageDigest returns the sha256:... of a containerStatuses imageID, or "".
func imageDigest(imageID string) string {
	_, d, ok := strings.Cut(imageID, "@")
	if !ok {
		d = imageID
	}
	if digestRE.MatchString(d) {
		return d
	}
	return ""
}

// ValidImage reports a malformed --image before any bundle is loaded.
func ValidImage(s string) error {
	_, err := parseImage(s)
	return err
}
