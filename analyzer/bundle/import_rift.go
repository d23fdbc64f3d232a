package bundle

import (
	"fmt"
	"path"
	"strings"
	"time"

	"sigs.k8s.io/yaml"
)

// planRift maps a path of a rift.dev/v1alpha1 bundle to its role.
func (ld *loader) planRift(rel string) (plan, bool) {
	parts := strings.Split(rel, "/")
	switch {
	case rel == "bundle.yaml":
		return plan{role: roleMeta}, true
	case rel == "redaction.yaml":
		ld.riftWritten = true
		return plan{role: roleRedaction}, true
	case parts[0] == "objects" && len(parts) > 1:
		if isManifestName(rel) {
			return plan{role: roleObjects}, true
		}
		ld.fail(rel, -1, "objects/ holds only .yaml, .yml and .json files; skipped")
		return plan{}, true
	case parts[0] == "checks" && len(parts) == 2 && isManifestName(rel):
		return plan{role: roleCheck}, true
	case parts[0] == "logs" && len(parts) == 4 && strings.HasSuffix(parts[3], ".log"):
		c, prev := strings.TrimSuffix(parts[3], ".log"), false
		if strings.HasSuffix(c, ".previous") {
			c, prev = strings.TrimSuffix(c, ".previous"), true
		}
		return plan{role: roleLog, log: Log{Namespace: parts[1], Pod: parts[2], Container: c, Previous: prev}}, true
	case parts[0] == "git" && len(parts) >= 3:
		return ld.planGit(rel, parts[1], parts[2:])
	case parts[0] == "logs" || parts[0] == "checks" || parts[0] == "git":
		ld.fail(rel, -1, "not where %s/ expects a file; skipped", parts[0])
		return plan{}, true
	}
	return plan{}, false
}

func (ld *loader) planGit(rel, name string, rest []string) (plan, bool) {
	switch {
	case len(rest) == 1 && rest[0] == "source.yaml":
		return plan{role: roleSource, source: name}, true
	case rest[0] == "rendered" && len(rest) > 1 && isManifestName(rel):
		return plan{role: roleRendered, source: name}, true
	case rest[0] == "files" && len(rest) > 1:
		// Raw files are listed, never read: rendering already happened.
		s := ld.source(name)
		s.Files = append(s.Files, path.Join(rest[1:]...))
		return plan{}, true
	}
	ld.fail(rel, -1, "not where git/<source>/ expects a file; skipped")
	return plan{}, true
}

// rawMeta is bundle.yaml with times as strings, so that one bad time does
// not lose the whole file.
type rawMeta struct {
	Meta
	CreatedAt string `json:"createdAt,omitempty"`
}

// readMeta reads bundle.yaml. It returns an error only for a format
// version this build must refuse.
func (ld *loader) readMeta(file string, data []byte) error {
	var m rawMeta
	if err := yaml.Unmarshal(data, &m); err != nil {
		// Its notCollected and files are lost: what the collector could
		// not read, and what it wrote, are unknown.
		ld.failIncomplete(file, "malformed bundle.yaml, ignored: %v", err)
		return nil
	}
	switch {
	case m.APIVersion == APIVersion:
	case strings.HasPrefix(m.APIVersion, "rift.dev/"):
		return fmt.Errorf("%s: format %s is not supported: this rift reads %s; upgrade rift to read this bundle", file, m.APIVersion, APIVersion)
	default:
		ld.fail(file, -1, "apiVersion is %q, want %s; read as %s anyway", m.APIVersion, APIVersion, APIVersion)
	}
	if m.Kind != "Bundle" {
		ld.fail(file, -1, "kind is %q, want Bundle", m.Kind)
	}
	ld.meta, ld.hasMeta = m.Meta, true
	ld.meta.CreatedAt = ld.parseTimeField(file, "createdAt", m.CreatedAt)
	return nil
}

// parseTimeField parses an optional RFC 3339 time, reporting a bad one.
func (ld *loader) parseTimeField(file, field, s string) *time.Time {
	if s == "" {
		return nil
	}
	t, err := parseTime(s)
	if err != nil {
		ld.fail(file, -1, "%s: %s; ignored", field, badTime(s, err))
		return nil
	}
	t = t.UTC()
	return &t
}

type rawSource struct {
	GitSource
	CommitTime string      `json:"commitTime,omitempty"`
	History    []rawCommit `json:"history,omitempty"`
}

type rawCommit struct {
	Commit
	Time string `json:"time,omitempty"`
}

func (ld *loader) readSource(file, name string, data []byte) {
	var raw rawSource
	if err := yaml.Unmarshal(data, &raw); err != nil {
		ld.fail(file, -1, "malformed source.yaml, ignored: %v", err)
		return
	}
	s := ld.source(name)
	rendered, files := s.Rendered, s.Files
	*s = raw.GitSource
	s.Name, s.Rendered, s.Files = name, rendered, files
	s.URL = stripCredentials(s.URL)
	s.CommitTime = ld.parseTimeField(file, "commitTime", raw.CommitTime)
	s.History = nil
	for i, c := range raw.History {
		c.Commit.Time = ld.parseTimeField(file, fmt.Sprintf("history[%d].time", i), c.Time)
		s.History = append(s.History, c.Commit)
	}
}

// stripCredentials removes user:password@ from a URL, in case a hand-made
// bundle kept them.
func stripCredentials(u string) string {
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok {
		return u
	}
	host, tail, _ := strings.Cut(rest, "/")
	if at := strings.LastIndexByte(host, '@'); at >= 0 {
		host = host[at+1:]
	}
	if tail == "" && !strings.HasSuffix(rest, "/") {
		return scheme + "://" + host
	}
	return scheme + "://" + host + "/" + tail
}
