package health

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// nativeCases are, for a kind, the objects a Go body must judge as its
// Rego rule does: every object of Argo CD's corpus (testdata/corpus/
// argo-cd-health) as one of that kind, so that the kind's own cases and
// every shape of status the other 205 kinds write are read; each of them
// again with its conditions dropped, Ready and Issuing set True, False
// and Unknown in both orders; and edge cases.
func nativeCases(t *testing.T, gk GroupKind) []*bundle.Object {
	t.Helper()
	as := func(m map[string]any) *bundle.Object {
		m = deepCopy(m).(map[string]any)
		m["apiVersion"], m["kind"] = gk.Group+"/v1", gk.Kind
		return obj(m)
	}
	var out []*bundle.Object
	for _, o := range corpusObjects(t) {
		out = append(out, as(o.Object))
		st, _ := o.Object["status"].(map[string]any)
		for _, conds := range [][]any{nil, {cond("Issuing", "True", "DoesNotExist")},
			{cond("Ready", "False", "DoesNotExist"), cond("Issuing", "True", "Renewing")},
			{cond("Issuing", "True", ""), cond("Ready", "True", "Ready")},
			{cond("Issuing", "Unknown", "x"), cond("Ready", "Unknown", "")},
			{cond("Issuing", "False", "Failed"), cond("Ready", "False", "DoesNotExist")},
			{withMessage(cond("Paused", "True", "ScaledObjectPaused"), "paused by an annotation"), cond("Ready", "True", "")},
			{cond("Fallback", "True", "FallbackExists"), cond("Ready", "True", "ScaledObjectReady")},
			{withMessage(cond("Ready", "Unknown", "ScalerError"), "no metrics"), cond("Fallback", "False", "")},
			{withMessage(cond("Running", "True", "Scaling"), "scaling up"), cond("Ready", "Unknown", "Waiting")},
			{withMessage(cond("NotReady", "True", "InvalidResourceException"), "bad spec"), cond("Ready", "True", "")},
			{cond("NotReady", "True", "Creating")}, {cond("NotReady", "True", ""), cond("Ready", "False", "")},
			{cond("NotReady", "False", ""), cond("Ready", "True", "")}} {
			m := deepCopy(o.Object).(map[string]any)
			s := map[string]any{}
			maps.Copy(s, st)
			s["conditions"] = conds
			m["status"] = s
			out = append(out, as(m))
		}
	}
	status := func(s any) *bundle.Object {
		return as(map[string]any{"metadata": map[string]any{"name": "x"}, "status": s})
	}
	issuing := map[string]any{"type": "Issuing", "status": "True"}
	for _, s := range []any{nil, "text", int64(0), false, []any{}, []any{int64(0), ""}, []any{true},
		map[string]any{"a": nil, "b": "", "c": []any{}, "d": map[string]any{}, "e": int64(0), "f": 0.0},
		map[string]any{"a": false}, map[string]any{"conditions": "x", "n": int64(1)},
		map[string]any{"conditions": map[string]any{"b": issuing, "a": map[string]any{"type": "Ready", "status": "True"}}},
		map[string]any{"conditions": map[string]any{"b": issuing}},
		map[string]any{"conditions": []any{"x", nil, issuing}},
		map[string]any{"conditions": []any{map[string]any{"type": "Issuing", "status": "True", "reason": int64(3)}}},
		map[string]any{"conditions": []any{map[string]any{"type": "Issuing", "status": "True", "message": []any{"m"}}}},
		map[string]any{"conditions": []any{map[string]any{"type": "Issuing", "status": "True", "reason": " ", "message": " spaced "}}},
		map[string]any{"conditions": []any{map[string]any{"type": "Issuing", "status": true}}},
		map[string]any{"conditions": []any{map[string]any{"type": "Issuing", "status": "True"}, map[string]any{"type": "Issuing", "status": "False"}}},
		map[string]any{"conditions": []any{map[string]any{"type": "Ready", "status": "Unknown", "reason": int64(3)}}},
		map[string]any{"conditions": []any{map[string]any{"type": "Ready", "status": "True", "message": int64(3)}}},
		map[string]any{"conditions": []any{map[string]any{"type": "Paused", "status": "True", "message": int64(3)}}},
		map[string]any{"conditions": []any{map[string]any{"type": "Running", "status": "True", "message": ""}}},
		map[string]any{"conditions": []any{map[string]any{"type": "Ready", "status": "Unknown", "reason": "NoError"}}},
		map[string]any{"conditions": []any{map[string]any{"type": "NotReady", "status": "True", "reason": int64(3), "message": int64(4)}}},
		map[string]any{"conditions": []any{map[string]any{"type": "NotReady", "status": "True", "reason": "", "message": ""}}},
	} {
		out = append(out, status(s))
	}
	out = append(out, as(map[string]any{"metadata": map[string]any{"name": "no-status"}}))
	return out
}

func withMessage(c map[string]any, msg string) map[string]any {
	c["message"] = msg
	return c
}

func deepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			m[k] = deepCopy(x)
		}
		return m
	case []any:
		l := make([]any, len(v))
		for i, x := range v {
			l[i] = deepCopy(x)
		}
		return l
	}
	return v
}

// TestNativeIsRego: each Go body of a built-in rule gives the {status,
// reason, fields} its Rego rule gives, or defers to it, on every case of
// nativeCases; and the layers' two ways in (Eval, EvalAll) use it only
// while the built-in rule wins the kind.
func TestNativeIsRego(t *testing.T) {
	reg, err := Load(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range slices.Sorted(maps.Keys(native)) {
		kinds := slices.SortedFunc(maps.Keys(native[id]), func(a, b GroupKind) int { return cmpString(a.String(), b.String()) })
		first := kinds[0]
		for _, gk := range kinds {
			t.Run(id+"/"+gk.String(), func(t *testing.T) {
				rule := reg.Lookup(gk)
				if rule == nil || rule.ID != id || nativeFor(rule, gk) == nil {
					t.Fatalf("%s: won by %v, want the built-in rule %s with its Go body", gk, rule, id)
				}
				objs := nativeCases(t, gk)
				if gk != first {
					// The same Go body as the rule's first kind: every
					// seventh case.
					var some []*bundle.Object
					for i := 0; i < len(objs); i += 7 {
						some = append(some, objs[i])
					}
					objs = some
				}
				deferred, judged := 0, 0
				for i, o := range objs {
					want, wantOK := reg.evalRego(rule, o)
					res, ok, sure := native[id][gk](o.Object)
					if !sure {
						deferred++
						continue
					}
					if ok {
						res.Rule = rule.ID
					}
					if diff := cmp.Diff(fmt.Sprint(wantOK, " ", want), fmt.Sprint(ok, " ", res)); diff != "" {
						t.Errorf("case %d %v: Go differs from Rego (-Rego +Go):\n%s", i, o.Object["status"], diff)
					}
					if ok {
						judged++
					}
				}
				t.Logf("%d cases: %d judged, %d left to the fallback, %d deferred to Rego", len(objs), judged, len(objs)-judged-deferred, deferred)
				if deferred == len(objs) || judged == 0 {
					t.Errorf("the Go body judged nothing")
				}
				got := reg.EvalAll(objs)
				for i, o := range objs {
					res, ok := reg.Eval(rule, o)
					if diff := cmp.Diff(fmt.Sprint(ok, " ", res), fmt.Sprint(got[i].OK, " ", got[i].Result)); diff != "" {
						t.Errorf("case %d: EvalAll differs from Eval (-Eval +EvalAll):\n%s", i, diff)
					}
				}
			})
		}
	}
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestNativeYieldsToUserRule: a user rule for a kind with a Go body
// replaces the built-in rule, Go body and all.
func TestNativeYieldsToUserRule(t *testing.T) {
	const mine = `# METADATA
# title: My certificates
# custom:
#   id: my-certs
#   group: cert-manager.io
#   kinds: [Certificate]
package rift.health.my_certs

health := {"status": "blocked", "reason": "mine", "fields": []}
`
	reg, err := Load(Options{PolicyDirs: []string{writeDir(t, map[string]string{"certs.rego": mine})}})
	if err != nil {
		t.Fatal(err)
	}
	o := obj(map[string]any{"apiVersion": "cert-manager.io/v1", "kind": "Certificate", "metadata": map[string]any{"name": "c"}})
	rule := reg.Lookup(Of(o))
	want := Result{Status: Blocked, Reason: "mine", Rule: "my-certs"}
	res, ok := reg.Eval(rule, o)
	if diff := cmp.Diff(want, res); diff != "" || !ok {
		t.Errorf("Eval (-want +got), ok %v:\n%s", ok, diff)
	}
	all := reg.EvalAll([]*bundle.Object{o})
	if diff := cmp.Diff(want, all[0].Result); diff != "" || !all[0].OK {
		t.Errorf("EvalAll (-want +got), ok %v:\n%s", all[0].OK, diff)
	}
}
