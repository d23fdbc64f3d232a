package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
)

// GroupVersion is the virtual API group the ledger is served under.
var GroupVersion = schema.GroupVersion{Group: "rift.dev", Version: "v1alpha1"}

// hypotheses serves the ledger as cluster-scoped rift.dev Hypothesis
// objects, named by rank and id, computed on first request.
type hypotheses struct {
	c      *catalog
	ledger Ledger
}

func newHypotheses(c *catalog) *hypotheses { return &hypotheses{c: c} }

func (h *hypotheses) resource() *resource {
	return &resource{
		gvk: GroupVersion.WithKind("Hypothesis"), plural: "hypotheses", singular: "hypothesis",
		shortNames: []string{"hyp"}, categories: []string{"rift"},
		lazy: h.objects,
	}
}

func (h *hypotheses) objects() ([]*bundle.Object, error) {
	if h.ledger == nil {
		return nil, nil
	}
	hs, err := h.ledger(context.Background(), h.c.b)
	if err != nil {
		return nil, fmt.Errorf("analysing the bundle: %w", err)
	}
	out := make([]*bundle.Object, 0, len(hs))
	for _, hy := range hs {
		o, err := hypothesisObject(hy, h.c.now)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

var unsafeName = regexp.MustCompile(`[^a-z0-9.-]+`)

// hypothesisObject is one ledger entry as an object: the report's fields
// at the top level (kubectl describe prints them all), named
// <rank>-<id> so that names sort by rank.
func hypothesisObject(hy hypothesis.Hypothesis, now time.Time) (*bundle.Object, error) {
	data, err := json.Marshal(hy)
	if err != nil {
		return nil, fmt.Errorf("hypothesis %s: %w", hy.ID, err)
	}
	m := map[string]any{}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("hypothesis %s: %w", hy.ID, err)
	}
	name := strings.Trim(unsafeName.ReplaceAllString(strings.ToLower(hy.ID), "-"), "-.")
	name = fmt.Sprintf("%03d-%s", hy.Rank, name)
	if len(name) > 253 {
		name = name[:253]
	}
	m["apiVersion"], m["kind"] = GroupVersion.String(), "Hypothesis"
	m["metadata"] = map[string]any{
		"name":              name,
		"creationTimestamp": now.UTC().Format(time.RFC3339),
		"labels":            map[string]any{"rift.dev/cause": labelValue(hy.Cause), "rift.dev/status": labelValue(hy.Status)},
	}
	return &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}}, nil
}

func labelValue(s string) string {
	s = strings.Trim(unsafeName.ReplaceAllString(strings.ToLower(s), "-"), "-.")
	if len(s) > 63 {
		s = strings.Trim(s[:63], "-.")
	}
	return s
}

func init() {
	printers[GroupVersion.WithKind("Hypothesis").GroupKind()] = printer{cols("Name", "Rank", "Status", "Cause", "Subject", "Score", "+Layer", "Summary", "+Next Check"), func(o map[string]any, now time.Time) []any {
		subject := str(o, "subject", "kind") + "/"
		if ns := str(o, "subject", "namespace"); ns != "" {
			subject += ns + "/"
		}
		subject += str(o, "subject", "name")
		return []any{name(o), num(o, "rank"), str(o, "status"), str(o, "cause"), subject, num(o, "score"), str(o, "layer"), str(o, "summary"), str(o, "nextCheck")}
	}}
}
