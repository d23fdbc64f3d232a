package layers

import "strings"

// gitRevision is a revision string split into its ref and commit.
type gitRevision struct {
	Ref, SHA string
}

// parseRevision understands the revision formats Flux and Argo CD report:
// main@sha1:<sha> (Flux v2 since 2023), main/<sha> (older Flux), sha1:<sha>,
// and a bare SHA (Argo CD, git). A value it cannot split is kept as the SHA
// so that equal strings still compare equal.
func parseRevision(s string) gitRevision {
	s = strings.TrimSpace(s)
	if s == "" {
		return gitRevision{}
	}
	if at := strings.LastIndex(s, "@"); at >= 0 {
		ref, digest := s[:at], s[at+1:]
		return gitRevision{Ref: ref, SHA: stripAlgo(digest)}
	}
	if strings.HasPrefix(s, "sha1:") || strings.HasPrefix(s, "sha256:") {
		return gitRevision{SHA: stripAlgo(s)}
	}
	if sl := strings.LastIndex(s, "/"); sl >= 0 && isHex(s[sl+1:]) {
		return gitRevision{Ref: s[:sl], SHA: s[sl+1:]}
	}
	return gitRevision{SHA: s}
}

func stripAlgo(d string) string {
	if i := strings.Index(d, ":"); i >= 0 {
		return d[i+1:]
	}
	return d
}

func isHex(s string) bool {
	if len(s) < 7 {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// sameRevision reports whether two revision strings name the same commit;
// a short SHA matches the full SHA it abbreviates.
func sameRevision(a, b string) bool {
	ra, rb := parseRevision(a), parseRevision(b)
	if ra.SHA == "" || rb.SHA == "" {
		return false
	}
	x, y := strings.ToLower(ra.SHA), strings.ToLower(rb.SHA)
	if len(x) > len(y) {
		x, y = y, x
	}
	if len(x) >= 7 && isHex(x) && isHex(y) {
		return strings.HasPrefix(y, x)
	}
	return x == y
}

// shortRevision renders a revision for display: ref@first 12 of the SHA.
func shortRevision(s string) string {
	r := parseRevision(s)
	sha := r.SHA
	if len(sha) > 12 && isHex(sha) {
		sha = sha[:12]
	}
	if r.Ref == "" {
		return sha
	}
	return r.Ref + "@" + sha
}

// commitOf returns the Git commit a reported revision names, or "" when it
// names none: a Helm chart version names one only through the "+<sha>"
// build suffix Flux adds for charts built from Git.
func commitOf(rev string) string {
	if i := strings.LastIndex(rev, "+"); i >= 0 && !strings.Contains(rev, "@") {
		if isHex(rev[i+1:]) {
			return rev[i+1:]
		}
		return ""
	}
	if sha := parseRevision(rev).SHA; isHex(sha) {
		return sha
	}
	return ""
}
