package scenarios

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// GitRepo is the scenario's desired state: a local repository driven with
// the git CLI, as a user's clone would be. It has no remote; the collector
// reads it with --git.
type GitRepo struct {
	Dir string
	// Branch is the branch name Flux would track.
	Branch string
}

// InitGit creates an empty repository on branch main in dir.
func InitGit(ctx context.Context, dir string) (*GitRepo, error) {
	g := &GitRepo{Dir: dir, Branch: "main"}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("git repo %s: %w", dir, err)
	}
	if _, err := g.git(ctx, time.Time{}, "init", "-q", "-b", g.Branch); err != nil {
		return nil, err
	}
	return g, nil
}

// Commit writes files (path relative to the repository, content) and
// commits them with message at time at. A nil content deletes the file.
// It returns the full commit SHA.
func (g *GitRepo) Commit(ctx context.Context, message string, at time.Time, files map[string][]byte) (string, error) {
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		full := filepath.Join(g.Dir, filepath.FromSlash(p))
		if files[p] == nil {
			if err := os.Remove(full); err != nil {
				return "", fmt.Errorf("git repo %s: %w", g.Dir, err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return "", fmt.Errorf("git repo %s: %w", g.Dir, err)
		}
		if err := os.WriteFile(full, files[p], 0o644); err != nil {
			return "", fmt.Errorf("git repo %s: %w", g.Dir, err)
		}
	}
	if _, err := g.git(ctx, at, "add", "-A"); err != nil {
		return "", err
	}
	if _, err := g.git(ctx, at, "commit", "-q", "-m", message); err != nil {
		return "", err
	}
	return g.Head(ctx)
}

// Head returns the SHA of HEAD.
func (g *GitRepo) Head(ctx context.Context) (string, error) {
	out, err := g.git(ctx, time.Time{}, "rev-parse", "HEAD")
	return strings.TrimSpace(out), err
}

// Revision is the revision string Flux writes for a commit on the
// repository's branch, e.g. "main@sha1:0123...".
func (g *GitRepo) Revision(sha string) string { return g.Branch + "@sha1:" + sha }

// git runs the git CLI with a fixed identity and, when at is set, fixed
// author and committer dates, and no user or system configuration.
func (g *GitRepo) git(ctx context.Context, at time.Time, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = g.Dir
	cmd.Env = append(os.Environ(),
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_AUTHOR_NAME=Platform Team", "GIT_AUTHOR_EMAIL=platform@example.com",
		"GIT_COMMITTER_NAME=Platform Team", "GIT_COMMITTER_EMAIL=platform@example.com",
	)
	if !at.IsZero() {
		d := at.UTC().Format(time.RFC3339)
		cmd.Env = append(cmd.Env, "GIT_AUTHOR_DATE="+d, "GIT_COMMITTER_DATE="+d)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s in %s: %w: %s", strings.Join(args, " "), g.Dir, err, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), nil
}
