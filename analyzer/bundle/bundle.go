// Package bundle holds a recorded cluster snapshot: the decoded objects,
// Git sources, log tails and checks of a rift bundle (or of another tool's
// support bundle), the indexes every analysis stage needs, and the errors met
// while loading it.
package bundle

import "time"

// APIVersion is the bundle format version this build reads and writes.
const APIVersion = "rift.dev/v1alpha1"

// Format names the layout a bundle was read from.
type Format string

// Formats rift detects.
const (
	FormatRift         Format = "rift.dev/v1alpha1"
	FormatDirectory    Format = "directory"
	FormatTroubleshoot Format = "troubleshoot"
	FormatClusterInfo  Format = "cluster-info-dump"
	FormatMustGather   Format = "must-gather"
)

// Bundle is a loaded snapshot. Everything in it is decoded and indexed; it
// does no I/O after loading.
type Bundle struct {
	// Format is the detected layout.
	Format Format `json:"format"`
	// Meta is bundle.yaml, or a synthesized equivalent for imported bundles.
	Meta Meta `json:"meta"`
	// CaptureTime is the analysis's "now": Meta.CreatedAt when present,
	// otherwise the latest timestamp found in the data.
	CaptureTime time.Time `json:"captureTime"`
	// CaptureTimeInferred is true when CaptureTime was not recorded.
	CaptureTimeInferred bool `json:"captureTimeInferred,omitempty"`
	// Objects are all decoded objects, in a stable order (by file, then doc).
	Objects []*Object `json:"-"`
	// Sources are the Git sources, sorted by name.
	Sources []*GitSource `json:"sources,omitempty"`
	// Logs are the container log tails, sorted by namespace/pod/container.
	Logs []*Log `json:"-"`
	// Checks are the recorded user-visible checks, sorted by file.
	Checks []*Check `json:"checks,omitempty"`
	// Redaction is redaction.yaml when present.
	Redaction *RedactionReport `json:"redaction,omitempty"`
	// Discovery is the API discovery the collector recorded, nil when it
	// recorded none (only troubleshoot support bundles do).
	Discovery *Discovery `json:"-"`
	// Unknown lists top-level entries the format does not define. They are
	// kept in the listing, not loaded.
	Unknown []string `json:"unknown,omitempty"`
	// Errors are the load errors, sorted by file then doc.
	Errors []LoadError `json:"errors,omitempty"`
	// Index is built once by Load and shared by every analysis stage.
	Index *Index `json:"-"`
}

// Meta is the content of bundle.yaml.
type Meta struct {
	APIVersion   string         `json:"apiVersion"`
	Kind         string         `json:"kind"`
	CreatedAt    *time.Time     `json:"createdAt,omitempty"`
	Collector    Collector      `json:"collector"`
	Scope        Scope          `json:"scope"`
	NotCollected []NotCollected `json:"notCollected,omitempty"`
	Files        []FileDigest   `json:"files,omitempty"`
}

// Collector names the program that wrote the bundle.
type Collector struct {
	Name    string `json:"name,omitempty"`
	Version string `json:"version,omitempty"`
}

// Scope is what the collector was pointed at.
type Scope struct {
	Context    string   `json:"context,omitempty"`
	Cluster    string   `json:"cluster,omitempty"`
	Server     string   `json:"server,omitempty"`
	Identity   Identity `json:"identity,omitempty"`
	Namespaces []string `json:"namespaces,omitempty"`
}

// Identity is the user the collector ran as, from SelfSubjectReview.
type Identity struct {
	Username string   `json:"username,omitempty"`
	Groups   []string `json:"groups,omitempty"`
}

// NotCollected records data the collector could not read, so that analysis
// reports "unknown" rather than "fine".
type NotCollected struct {
	// Resource is the plural resource (with group), for example "events" or
	// "secrets" or "externalsecrets.external-secrets.io".
	Resource  string `json:"resource"`
	Namespace string `json:"namespace,omitempty"`
	// Reason is a short word (forbidden, notFound, error, skipped) followed by
	// detail.
	Reason string `json:"reason"`
}

// FileDigest is one entry of bundle.yaml files[].
type FileDigest struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Bytes  int64  `json:"bytes"`
}

// GitSource is git/<name>/source.yaml plus its rendered manifests.
type GitSource struct {
	// Name is the <source> directory name.
	Name       string     `json:"name"`
	URL        string     `json:"url,omitempty"`
	Ref        string     `json:"ref,omitempty"`
	Revision   string     `json:"revision,omitempty"`
	CommitTime *time.Time `json:"commitTime,omitempty"`
	Path       string     `json:"path,omitempty"`
	// Renderer is kustomize, helm or plain.
	Renderer string   `json:"renderer,omitempty"`
	History  []Commit `json:"history,omitempty"`
	// Rendered are the objects from git/<name>/rendered/, in file order.
	Rendered []*Object `json:"-"`
	// Files lists git/<name>/files/ paths (content is not kept in memory).
	Files []string `json:"files,omitempty"`
}

// Commit is one entry of a source's history, newest first.
type Commit struct {
	Revision string     `json:"revision"`
	Time     *time.Time `json:"time,omitempty"`
	Subject  string     `json:"subject,omitempty"`
}

// Log is one container log tail.
type Log struct {
	Namespace string `json:"namespace"`
	Pod       string `json:"pod"`
	Container string `json:"container"`
	// Previous is true for the previous (crashed) container's log.
	Previous bool `json:"previous,omitempty"`
	// File is the path inside the bundle.
	File string `json:"file"`
	// Lines are the log lines, without trailing newlines.
	Lines []string `json:"-"`
}

// Check is one recorded user-visible check from checks/*.yaml.
type Check struct {
	Name   string     `json:"name"`
	Target string     `json:"target,omitempty"`
	Time   *time.Time `json:"time,omitempty"`
	OK     bool       `json:"ok"`
	Detail string     `json:"detail,omitempty"`
	// File is the path inside the bundle.
	File string `json:"file"`
}

// RedactionReport is redaction.yaml: counts only, never values.
type RedactionReport struct {
	// Rules maps rule name to file path to count.
	Rules map[string]map[string]int `json:"rules,omitempty"`
}
