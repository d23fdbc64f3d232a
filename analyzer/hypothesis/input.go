package hypothesis

import (
	"fmt"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
	"github.com/rift-dev/rift/internal/pool"
)

// InputVersion versions the input contract the rules read. It changes when
// a field is renamed or removed; additions keep it (docs/rules.md).
const InputVersion = "rift.dev/input/v1"

// logTailLines bounds the log lines each container contributes to the
// input: rules look for the latest discriminating line, and an unbounded
// tail would make evaluation grow with log volume instead of object count.
const logTailLines = 50

// Input is what the rules judge: the bundle with its index, the rebuilt
// workloads and the timeline. Bundle must have its Index built; Workloads
// and Timeline may be empty when those stages did not run.
type Input struct {
	Bundle    *bundle.Bundle
	Workloads []layers.Workload
	Timeline  *timeline.Timeline
}

// inputBuild is one conversion of an Input: the normalised bundle and the
// event terms the event maps share. Its parts are built concurrently: what
// two parts share is built once, under a sync.Once.
type inputBuild struct {
	in      Input
	wfields fieldSet // the workload fields to build; nil: all
	b       *bundle.Bundle
	ix      *bundle.Index

	eventsOnce sync.Once
	events     []*eventEntry // built once, on first need, sorted
	latestOnce sync.Once
	latest     map[string]int // latestWorkloads

	// memo holds the index pairs built together (service_pods with
	// pod_services, pods_by_phase with pods_by_container_reason).
	svcOnce, podOnce                        sync.Once
	svcPods, podSvcs, phasePods, reasonPods any
}

// build starts one conversion of in: a missing bundle is an empty one, a
// missing index is built.
func (in Input) build(wfields fieldSet) *inputBuild {
	x := &inputBuild{in: in, wfields: wfields, b: in.Bundle}
	if x.b == nil {
		x.b = &bundle.Bundle{}
	}
	x.ix = x.b.Index
	if x.ix == nil {
		x.ix = bundle.NewIndex(x.b.Objects, x.b.Logs)
	}
	return x
}

// services builds service_pods and pod_services once.
func (x *inputBuild) services() (svcPods, podSvcs any) {
	x.svcOnce.Do(func() { x.svcPods, x.podSvcs = servicePods(x.ix) })
	return x.svcPods, x.podSvcs
}

// pods builds pods_by_phase and pods_by_container_reason once.
func (x *inputBuild) pods() (byPhase, byReason any) {
	x.podOnce.Do(func() { x.phasePods, x.reasonPods = podIndexes(x.ix) })
	return x.phasePods, x.reasonPods
}

// eventList converts the bundle's Events once, in list order (see
// eventsBy).
func (x *inputBuild) eventList() []*eventEntry {
	x.eventsOnce.Do(func() { x.events = sortEvents(eventEntries(x.ix)) })
	return x.events
}

// part is one top-level field of the input contract of docs/rules.md and
// how to build it as an AST value.
type part struct {
	name  string
	build func(*inputBuild) (ast.Value, error)
}

// parts lists the top-level fields of the input. Every collection rules
// look things up in is a map keyed by identity, so a rule reaches what it
// needs without scanning all objects.
var parts = []part{
	{"version", func(*inputBuild) (ast.Value, error) { return ast.String(InputVersion), nil }},
	{"bundle", func(x *inputBuild) (ast.Value, error) { return ast.InterfaceToValue(bundleDoc(x.b)) }},
	{"objects", (*inputBuild).objects},
	{"events_by_uid", func(x *inputBuild) (ast.Value, error) { return x.eventsBy(eventUID, true), nil }},
	{"events_by_object", func(x *inputBuild) (ast.Value, error) { return x.eventsBy(eventObject, false), nil }},
	{"events_by_reason", func(x *inputBuild) (ast.Value, error) { return x.eventsBy(eventReason, false), nil }},
	{"events_by_type", func(x *inputBuild) (ast.Value, error) { return x.eventsBy(eventType, false), nil }},
	{"referenced_by", func(x *inputBuild) (ast.Value, error) { return ast.InterfaceToValue(newRefIndex(x.ix).referencedBy) }},
	{"service_pods", func(x *inputBuild) (ast.Value, error) { s, _ := x.services(); return ast.InterfaceToValue(s) }},
	{"pod_services", func(x *inputBuild) (ast.Value, error) { _, p := x.services(); return ast.InterfaceToValue(p) }},
	{"pods_by_node", func(x *inputBuild) (ast.Value, error) { return ast.InterfaceToValue(podsByNode(x.ix)) }},
	{"addresses", func(x *inputBuild) (ast.Value, error) { return addressesDoc(x.ix), nil }},
	{"controller_lags", (*inputBuild).controllerLags},
	{"network_policies", func(x *inputBuild) (ast.Value, error) { return networkPoliciesDoc(x.ix) }},
	{"stale_reads", func(x *inputBuild) (ast.Value, error) { return staleReadsDoc(x.ix) }},
	{"pods_by_phase", func(x *inputBuild) (ast.Value, error) { p, _ := x.pods(); return ast.InterfaceToValue(p) }},
	{"pods_by_container_reason", func(x *inputBuild) (ast.Value, error) { _, r := x.pods(); return ast.InterfaceToValue(r) }},
	{"logs", func(x *inputBuild) (ast.Value, error) { return ast.InterfaceToValue(logsDoc(x.b.Logs)) }},
	{"service_routes", func(x *inputBuild) (ast.Value, error) { return ast.InterfaceToValue(serviceRoutes(x.b, x.ix)) }},
	{"dangling_routes", func(x *inputBuild) (ast.Value, error) { return ast.InterfaceToValue(danglingRoutes(x.b, x.ix)) }},
	{"service_workloads", func(x *inputBuild) (ast.Value, error) {
		return ast.InterfaceToValue(serviceWorkloads(x.ix, x.b.Sources))
	}},
	{"workloads", (*inputBuild).workloads},
	{"workloads_by_owner", (*inputBuild).workloadsByOwner},
	{"workload_images", (*inputBuild).workloadImages},
	{"timeline", (*inputBuild).timeline},
}

// valueFor converts the input to one AST value, building only the
// top-level parts in need and the workload fields in wfields (nil means all
// of them): a part no loaded rule can reach is never built. Parts are
// converted straight to AST terms, objects in parallel, so the input is
// walked once and no plain copy outlives it.
func (in Input) valueFor(need partSet, wfields fieldSet) (ast.Value, error) {
	x := in.build(wfields)
	// The parts are independent, and most are built by one goroutine:
	// building them all at once keeps every core busy.
	vals := make([]ast.Value, len(parts))
	errs := make([]error, len(parts))
	var tasks []func()
	for i, p := range parts {
		if need.has(p.name) {
			tasks = append(tasks, func() { vals[i], errs[i] = p.build(x) })
		}
	}
	pool.Run(tasks...)
	var kvs [][2]*ast.Term
	for i, p := range parts {
		if errs[i] != nil {
			return nil, fmt.Errorf("input: %s: %w", p.name, errs[i])
		}
		if need.has(p.name) {
			kvs = append(kvs, [2]*ast.Term{ast.StringTerm(p.name), ast.NewTerm(vals[i])})
		}
	}
	return ast.NewObject(kvs...), nil
}
