package serve

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/duration"
)

// printer is a kind's table: its columns (priority 1 shows with -o wide)
// and the cells of one object. Columns and cells follow kubectl's built-in
// printers (k8s.io/kubernetes/pkg/printers/internalversion), rewritten on
// the bundle's decoded maps: that package works on internal types and
// would bring k8s.io/kubernetes into rift's module.
type printer struct {
	columns []metav1.TableColumnDefinition
	cells   func(o map[string]any, now time.Time) []any
}

// printers is keyed by group and kind; kinds not here print Name and Age.
var printers = map[schema.GroupKind]printer{}

func printerFor(gk schema.GroupKind) printer {
	if p, ok := printers[gk]; ok {
		return p
	}
	return defaultPrinter
}

func col(name string, wide bool) metav1.TableColumnDefinition {
	d := metav1.TableColumnDefinition{Name: name, Type: "string"}
	if name == "Name" {
		d.Format = "name"
	}
	if wide {
		d.Priority = 1
	}
	return d
}

func cols(names ...string) []metav1.TableColumnDefinition {
	out := make([]metav1.TableColumnDefinition, 0, len(names))
	for _, n := range names {
		wide := strings.HasPrefix(n, "+")
		out = append(out, col(strings.TrimPrefix(n, "+"), wide))
	}
	return out
}

var defaultPrinter = printer{
	columns: cols("Name", "Age"),
	cells:   func(o map[string]any, now time.Time) []any { return []any{name(o), age(o, now)} },
}

// get walks nested maps.
func get(o map[string]any, path ...string) any {
	var cur any = o
	for _, p := range path {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[p]
	}
	return cur
}

func str(o map[string]any, path ...string) string { s, _ := get(o, path...).(string); return s }

func num(o map[string]any, path ...string) int64 {
	switch v := get(o, path...).(type) {
	case int64:
		return v
	case float64:
		return int64(v)
	case int:
		return int64(v)
	}
	return 0
}

func list(o map[string]any, path ...string) []map[string]any {
	l, _ := get(o, path...).([]any)
	out := make([]map[string]any, 0, len(l))
	for _, x := range l {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func name(o map[string]any) string { return str(o, "metadata", "name") }

// since is the age of an RFC 3339 time at now, "<unknown>" when absent,
// as kubectl's translateTimestampSince.
func since(ts string, now time.Time) string {
	t, err := time.Parse(time.RFC3339Nano, ts)
	if ts == "" || err != nil {
		return "<unknown>"
	}
	return duration.HumanDuration(now.Sub(t))
}

func age(o map[string]any, now time.Time) string {
	return since(str(o, "metadata", "creationTimestamp"), now)
}

func orNone(s string) string {
	if s == "" {
		return "<none>"
	}
	return s
}

// labelString formats a map as k=v,k=v sorted, "<none>" when empty.
func labelString(m map[string]any) string {
	if len(m) == 0 {
		return "<none>"
	}
	parts := make([]string, 0, len(m))
	for k, v := range m {
		parts = append(parts, k+"="+fmt.Sprint(v))
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// selectorString formats a LabelSelector map as kubectl does.
func selectorString(sel map[string]any) string {
	if sel == nil {
		return "<none>"
	}
	ml, _ := sel["matchLabels"].(map[string]any)
	parts := []string{}
	if len(ml) > 0 {
		parts = append(parts, labelString(ml))
	}
	for _, e := range list(sel, "matchExpressions") {
		vals := stringList(e["values"])
		k, op := str(e, "key"), strings.ToLower(str(e, "operator"))
		switch op {
		case "exists":
			parts = append(parts, k)
		case "doesnotexist":
			parts = append(parts, "!"+k)
		default:
			parts = append(parts, k+" "+op+" ("+strings.Join(vals, ",")+")")
		}
	}
	if len(parts) == 0 {
		return "<none>"
	}
	return strings.Join(parts, ",")
}

// containersImages lists a pod spec's container names and images.
func containersImages(spec map[string]any) (string, string) {
	var names, images []string
	for _, c := range list(spec, "containers") {
		names = append(names, str(c, "name"))
		images = append(images, str(c, "image"))
	}
	return strings.Join(names, ","), strings.Join(images, ",")
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
