package facts

import (
	"slices"
	"sort"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// StaleRead is a running container that read a ConfigMap or Secret when it
// started and was started before that object's data was last written:
// the kubelet resolves environment variables (env valueFrom, envFrom) and
// copies a volume mounted with subPath once, when it creates the
// container, so the container runs with the values from before the write
// until it is restarted. A volume mounted whole is left out: the kubelet
// updates its files in place.
type StaleRead struct {
	Pod       *bundle.Object
	Container string
	// Started is when the running container started
	// (state.running.startedAt).
	Started time.Time
	// Config is the ConfigMap or Secret, Via how the container reads it:
	// "env", "envFrom" or "subPath".
	Config bundle.Ref
	Via    string
	// Written is the newest time a field manager wrote the object's data
	// (a managedFields entry that owns data, binaryData or stringData),
	// and Writer that manager.
	Written time.Time
	Writer  string
}

// StaleReads returns every StaleRead of the bundle's pods, by pod
// (namespace, name), container and config. An object without
// managedFields, or whose entries own no data, gives none: the bundle
// cannot date its values. It is built once per bundle and shared.
func StaleReads(ix *bundle.Index) []StaleRead {
	return ix.Derived(staleKey{}, func() any { return staleReads(ix) }).([]StaleRead)
}

type staleKey struct{}

func staleReads(ix *bundle.Index) []StaleRead {
	var out []StaleRead
	written := map[bundle.Key]dataWrite{}
	writeOf := func(k bundle.Key) dataWrite {
		if w, ok := written[k]; ok {
			return w
		}
		var w dataWrite
		if o, ok := ix.Get(k); ok {
			w = lastDataWrite(o)
		}
		written[k] = w
		return w
	}
	for _, p := range ix.OfKind("Pod") {
		if String(p.Object, "status", "phase") != "Running" {
			continue
		}
		reads := startReads(Map(p.Object, "spec"))
		if len(reads) == 0 {
			continue
		}
		ns := p.GetNamespace()
		for _, r := range reads {
			at := runningSince(p, r.container)
			if at.IsZero() {
				continue
			}
			w := writeOf(bundle.Key{Kind: r.kind, Namespace: ns, Name: r.name})
			if w.at.IsZero() || !w.at.After(at) {
				continue
			}
			out = append(out, StaleRead{Pod: p, Container: r.container, Started: at,
				Config: bundle.Ref{APIVersion: "v1", Kind: r.kind, Namespace: ns, Name: r.name}, Via: r.via,
				Written: w.at, Writer: w.manager})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Pod != b.Pod {
			return a.Pod.Ref().Less(b.Pod.Ref())
		}
		if a.Container != b.Container {
			return a.Container < b.Container
		}
		return a.Config.Less(b.Config)
	})
	return out
}

type dataWrite struct {
	at      time.Time
	manager string
}

// lastDataWrite is the newest managedFields entry of o, outside any
// subresource, that owns its data.
func lastDataWrite(o *bundle.Object) dataWrite {
	var w dataWrite
	for _, e := range Slice(o.Object, "metadata", "managedFields") {
		em, _ := e.(map[string]any)
		if String(em, "subresource") != "" || !bundle.FieldsV1Owns(em, "f:data", "f:binaryData", "f:stringData") {
			continue
		}
		if t := Time(String(em, "time")); t.After(w.at) {
			w = dataWrite{at: t, manager: String(em, "manager")}
		}
	}
	return w
}

// runningSince is when container c of p started running, zero when it is
// not running.
func runningSince(p *bundle.Object, c string) time.Time {
	for _, cs := range ContainerStatuses(p) {
		if String(cs, "name") == c {
			return Time(String(cs, "state", "running", "startedAt"))
		}
	}
	return time.Time{}
}

type startRead struct{ container, kind, name, via string }

// startReads lists what each container of a pod spec reads only at start:
// env valueFrom, envFrom, and volumes it mounts with subPath. It
// allocates nothing for a pod that reads none, most pods of a large
// bundle.
func startReads(spec map[string]any) []startRead {
	var out []startRead
	add := func(r startRead) {
		if r.name != "" && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	for _, list := range []string{"initContainers", "containers"} {
		for _, c := range Slice(spec, list) {
			cm, _ := c.(map[string]any)
			name := String(cm, "name")
			for _, e := range Slice(cm, "env") {
				em, _ := e.(map[string]any)
				if vf := Map(em, "valueFrom"); vf != nil {
					add(startRead{name, "ConfigMap", String(vf, "configMapKeyRef", "name"), "env"})
					add(startRead{name, "Secret", String(vf, "secretKeyRef", "name"), "env"})
				}
			}
			for _, e := range Slice(cm, "envFrom") {
				em, _ := e.(map[string]any)
				add(startRead{name, "ConfigMap", String(em, "configMapRef", "name"), "envFrom"})
				add(startRead{name, "Secret", String(em, "secretRef", "name"), "envFrom"})
			}
			for _, m := range Slice(cm, "volumeMounts") {
				mm, _ := m.(map[string]any)
				if String(mm, "subPath") == "" {
					continue
				}
				if kind, vol := volumeSource(spec, String(mm, "name")); vol != "" {
					add(startRead{name, kind, vol, "subPath"})
				}
			}
		}
	}
	return out
}

// volumeSource is the ConfigMap or Secret behind the pod volume named v.
func volumeSource(spec map[string]any, v string) (kind, name string) {
	for _, vol := range Slice(spec, "volumes") {
		vm, _ := vol.(map[string]any)
		if String(vm, "name") != v {
			continue
		}
		if n := String(vm, "configMap", "name"); n != "" {
			return "ConfigMap", n
		}
		if n := String(vm, "secret", "secretName"); n != "" {
			return "Secret", n
		}
	}
	return "", ""
}
