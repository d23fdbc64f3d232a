// Package gitsource reads one revision of a local Git clone with the git
// CLI, without touching the network or the clone (no fetch, no checkout, no
// worktree), and renders a path of it as kustomize or plain YAML.
package gitsource

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os/exec"
	"regexp"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// HistoryDepth is how many commits touching the path Read records.
const HistoryDepth = 20

// Repo is a local clone.
type Repo struct {
	// Dir is the clone's working directory (or a bare repository).
	Dir string
}

// git runs one git command in the clone. Prompts and the network are off:
// GIT_TERMINAL_PROMPT=0 and no command used here contacts a remote.
func (r Repo) git(ctx context.Context, args ...string) ([]byte, error) {
	full := append([]string{"-c", "safe.directory=*", "-C", r.Dir}, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Env = append(cmd.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git %s: %s", args[0], msg)
	}
	return stdout.Bytes(), nil
}

// Revision resolves ref (default HEAD) to a full commit SHA and its commit
// time.
func (r Repo) Revision(ctx context.Context, ref string) (string, time.Time, error) {
	if ref == "" {
		ref = "HEAD"
	}
	if strings.HasPrefix(ref, "-") {
		return "", time.Time{}, fmt.Errorf("%s: ref %q: must not start with '-'", r.Dir, ref)
	}
	out, err := r.git(ctx, "rev-parse", "--verify", "--quiet", ref+"^{commit}")
	if err != nil {
		return "", time.Time{}, fmt.Errorf("%s: ref %q: %w", r.Dir, ref, err)
	}
	sha := strings.TrimSpace(string(out))
	out, err = r.git(ctx, "show", "-s", "--format=%cI", sha)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("%s: %s: %w", r.Dir, sha, err)
	}
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(string(out)))
	if err != nil {
		return "", time.Time{}, fmt.Errorf("%s: %s: commit time: %w", r.Dir, sha, err)
	}
	return sha, t.UTC(), nil
}

// History returns up to n commits reachable from rev that touch path
// ("" for the whole tree), newest first.
func (r Repo) History(ctx context.Context, rev, path string, n int) ([]bundle.Commit, error) {
	args := []string{"log", fmt.Sprintf("-n%d", n), "--format=%H%x1f%cI%x1f%s", rev, "--"}
	if path != "" {
		args = append(args, path)
	}
	out, err := r.git(ctx, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: history of %q: %w", r.Dir, path, err)
	}
	var hist []bundle.Commit
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		f := strings.SplitN(line, "\x1f", 3)
		if len(f) != 3 {
			continue
		}
		c := bundle.Commit{Revision: f[0], Subject: f[2]}
		if t, err := time.Parse(time.RFC3339, f[1]); err == nil {
			t = t.UTC()
			c.Time = &t
		}
		hist = append(hist, c)
	}
	return hist, nil
}

// RemoteURL returns the origin URL without credentials, or "" when the
// clone has no origin.
func (r Repo) RemoteURL(ctx context.Context) string {
	out, err := r.git(ctx, "remote", "get-url", "origin")
	if err != nil {
		return ""
	}
	return StripCredentials(strings.TrimSpace(string(out)))
}

var scpUserinfo = regexp.MustCompile(`^[^@/:]+:[^@/]*@`)

// StripCredentials removes the password (and any token-bearing user) from a
// URL. An scp-style address (git@host:path) keeps its plain user name, which
// is not a credential.
func StripCredentials(s string) string {
	if u, err := url.Parse(s); err == nil && u.Scheme != "" && u.Host != "" {
		if u.User != nil {
			if _, hasPass := u.User.Password(); hasPass || u.Scheme == "https" || u.Scheme == "http" {
				u.User = nil
			}
		}
		return u.String()
	}
	return scpUserinfo.ReplaceAllString(s, "")
}
