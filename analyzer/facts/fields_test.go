package facts

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/util/intstr"
)

func TestPathAccessors(t *testing.T) {
	obj := map[string]any{
		"metadata": map[string]any{"name": "web", "labels": map[string]any{"app": "web"}, "null": nil},
		"spec":     map[string]any{"paused": true, "replicas": int64(3), "list": []any{"a"}, "scalar": "x"},
		"status":   "not a map",
	}
	type got struct {
		Field   any
		Present bool
		String  string
		Bool    bool
		Map     map[string]any
		Slice   []any
	}
	read := func(path ...string) got {
		f, ok := Field(obj, path...)
		return got{f, ok, String(obj, path...), Bool(obj, path...), Map(obj, path...), Slice(obj, path...)}
	}
	tests := []struct {
		name string
		path []string
		want got
	}{
		{"string", []string{"metadata", "name"}, got{Field: "web", Present: true, String: "web"}},
		{"bool", []string{"spec", "paused"}, got{Field: true, Present: true, Bool: true}},
		{"map", []string{"metadata", "labels"}, got{Field: map[string]any{"app": "web"}, Present: true, Map: map[string]any{"app": "web"}}},
		{"slice", []string{"spec", "list"}, got{Field: []any{"a"}, Present: true, Slice: []any{"a"}}},
		{"present null", []string{"metadata", "null"}, got{Present: true}},
		{"missing key", []string{"metadata", "uid"}, got{}},
		{"through a string", []string{"status", "phase"}, got{}},
		{"through a scalar leaf", []string{"spec", "scalar", "x"}, got{}},
		{"wrong type reads empty", []string{"spec", "replicas"}, got{Field: int64(3), Present: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, read(tc.path...)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	if m := Map(obj); m == nil || Map(nil, "a") != nil {
		t.Error("Map with no path should return the map itself, and nil of a nil map")
	}
}

func TestAsInt64(t *testing.T) {
	type res struct {
		N  int64
		OK bool
	}
	tests := []struct {
		name string
		in   any
		want res
	}{
		{"int64 from the loader", int64(3), res{3, true}},
		{"int", 3, res{3, true}},
		{"int32", int32(-3), res{-3, true}},
		{"integral float64 from encoding/json", float64(3), res{3, true}},
		{"json.Number", json.Number("3"), res{3, true}},
		{"json.Number with exponent", json.Number("3e2"), res{300, true}},
		{"decimal string", "3", res{3, true}},
		{"negative string", "-7", res{-7, true}},
		// The old readers truncated these to 2 (layers, timeline, rule input).
		{"fractional float64", 2.5, res{}},
		{"fractional json.Number", json.Number("2.5"), res{}},
		{"fractional string", "2.5", res{}},
		{"float beyond int64", math.Pow(2, 63), res{}},
		{"smallest int64 as float", -math.Pow(2, 63), res{math.MinInt64, true}},
		{"NaN", math.NaN(), res{}},
		{"word", "many", res{}},
		{"bool", true, res{}},
		{"nil", nil, res{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, ok := AsInt64(tc.in)
			if diff := cmp.Diff(tc.want, res{n, ok}); diff != "" {
				t.Errorf("AsInt64(%#v) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
	if n, ok := Int64(map[string]any{"a": map[string]any{"b": "12"}}, "a", "b"); n != 12 || !ok {
		t.Errorf("Int64 at a.b = %d, %v; want 12, true", n, ok)
	}
	if _, ok := Int64(map[string]any{}, "a"); ok {
		t.Error("Int64 of an absent field reports ok")
	}
}

func TestScaled(t *testing.T) {
	pct25, one := intstr.FromString("25%"), intstr.FromInt32(1)
	type res struct {
		N  int64
		OK bool
	}
	tests := []struct {
		name    string
		v       any
		def     intstr.IntOrString
		total   int64
		roundUp bool
		want    res
	}{
		{"nil takes the default percent, down", nil, pct25, 10, false, res{2, true}},
		{"nil takes the default percent, up", nil, pct25, 10, true, res{3, true}},
		{"nil takes the default int", nil, one, 10, false, res{1, true}},
		{"int ignores total", int64(4), pct25, 10, true, res{4, true}},
		{"integral float64", float64(4), pct25, 10, false, res{4, true}},
		{"percent down", "30%", pct25, 5, false, res{1, true}},
		{"percent up", "30%", pct25, 5, true, res{2, true}},
		{"percent of zero", "50%", pct25, 0, true, res{0, true}},
		{"100 percent", "100%", pct25, 7, false, res{7, true}},
		// The old hand parser read "25.5%" as 25% and "3" as 3, and
		// truncated 2.5 to 2; the controllers refuse all three.
		{"fractional percent", "25.5%", pct25, 10, false, res{}},
		{"numeric string", "3", pct25, 10, false, res{}},
		{"fractional float64", 2.5, pct25, 10, false, res{}},
		{"not a number", "x%", pct25, 10, false, res{}},
		{"beyond int32", int64(1) << 40, pct25, 10, false, res{}},
		{"bool", true, pct25, 10, false, res{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, ok := Scaled(tc.v, tc.def, tc.total, tc.roundUp)
			if diff := cmp.Diff(tc.want, res{n, ok}); diff != "" {
				t.Errorf("Scaled(%#v, %s, %d, %v) (-want +got):\n%s", tc.v, tc.def.String(), tc.total, tc.roundUp, diff)
			}
		})
	}
}

func TestAsQuantity(t *testing.T) {
	tests := []struct {
		name string
		in   any
		want string // canonical form; "" for not a quantity
	}{
		{"milli", "500m", "500m"},
		{"half as float64", 0.5, "500m"},
		{"binary suffix", "1024Mi", "1Gi"},
		{"int64", int64(2), "2"},
		{"int", 2, "2"},
		{"integral float64", float64(2), "2"},
		{"json.Number", json.Number("0.25"), "250m"},
		{"not a quantity", "lots", ""},
		{"bool", true, ""},
		{"nil", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q, ok := AsQuantity(tc.in)
			got := ""
			if ok {
				got = q.String()
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("AsQuantity(%#v) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
	a, _ := AsQuantity(0.5)
	if b := resource.MustParse("500m"); a.Cmp(b) != 0 {
		t.Errorf("0.5 and 500m compare %d, want 0", a.Cmp(b))
	}
}
