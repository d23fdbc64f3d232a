package testcluster

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// PodLog names one container whose log a test writes. An empty Pod means
// that container in every pod of the namespace (pods of a Deployment have
// generated names); they share one log.
type PodLog struct {
	Namespace, Pod, Container string
}

// LogLine is one line of a container log.
type LogLine struct {
	Time time.Time
	// Stream is "stdout" or "stderr"; empty means stdout.
	Stream string
	Text   string
}

// logsConfig is kwok's Logs for each PodLog and a ClusterLogs giving every
// other container an empty log, so `kubectl logs` (and the collector)
// read what a fresh container would show instead of an error. kwok serves
// them from files in the CRI log format, which WriteContainerLog writes.
func (c *Cluster) logsConfig(logs []PodLog) ([]string, error) {
	dir := filepath.Join(c.Dir, "container-logs")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	empty := filepath.Join(dir, "empty.log")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		return nil, err
	}
	var docs []string
	byPod := map[[2]string][]string{}
	var order [][2]string
	for _, l := range logs {
		if l.Namespace == "" || l.Container == "" {
			return nil, fmt.Errorf("PodLogs: %+v: namespace and container are required", l)
		}
		if l.Pod == "" {
			// kwok takes the first ClusterLogs that matches, so these
			// come before the catch-all default.
			path := c.containerLogPath(l.Namespace, "", l.Container)
			for _, p := range []string{path, path + previousSuffix} {
				if err := os.WriteFile(p, nil, 0o644); err != nil {
					return nil, err
				}
			}
			docs = append(docs, kwokClusterLogs(l.Namespace, l.Container, path, path+previousSuffix))
			continue
		}
		k := [2]string{l.Namespace, l.Pod}
		if _, ok := byPod[k]; !ok {
			order = append(order, k)
		}
		byPod[k] = append(byPod[k], l.Container)
	}
	docs = append(docs, kwokLogs("ClusterLogs", "", "default", nil, empty, empty))
	for _, k := range order {
		var entries []map[string]any
		for _, ctr := range byPod[k] {
			path := c.containerLogPath(k[0], k[1], ctr)
			for _, p := range []string{path, path + previousSuffix} {
				if err := os.WriteFile(p, nil, 0o644); err != nil {
					return nil, err
				}
			}
			entries = append(entries, map[string]any{"containers": []string{ctr}, "logsFile": path, "previousLogsFile": path + previousSuffix})
		}
		b, err := json.Marshal(map[string]any{
			"apiVersion": "kwok.x-k8s.io/v1alpha1", "kind": "Logs",
			"metadata": map[string]any{"name": k[1], "namespace": k[0]},
			"spec":     map[string]any{"logs": entries},
		})
		if err != nil {
			return nil, err
		}
		docs = append(docs, string(b))
	}
	return docs, nil
}

func kwokClusterLogs(namespace, container, file, previous string) string {
	b, _ := json.Marshal(map[string]any{
		"apiVersion": "kwok.x-k8s.io/v1alpha1", "kind": "ClusterLogs",
		"metadata": map[string]any{"name": unsafeName.ReplaceAllString(namespace+"-"+container, "-")},
		"spec": map[string]any{
			"selector": map[string]any{"matchNamespaces": []string{namespace}},
			"logs":     []map[string]any{{"containers": []string{container}, "logsFile": file, "previousLogsFile": previous}},
		},
	})
	return string(b)
}

// previousSuffix names the log of a container's previous run.
const previousSuffix = ".previous"

func kwokLogs(kind, namespace, name string, containers []string, file, previous string) string {
	b, _ := json.Marshal(map[string]any{
		"apiVersion": "kwok.x-k8s.io/v1alpha1", "kind": kind,
		"metadata": map[string]any{"name": name, "namespace": namespace},
		"spec":     map[string]any{"logs": []map[string]any{{"containers": containers, "logsFile": file, "previousLogsFile": previous}}},
	})
	return string(b)
}

func (c *Cluster) containerLogPath(namespace, pod, container string) string {
	name := unsafeName.ReplaceAllString(namespace+"_"+pod+"_"+container, "_") + ".log"
	return filepath.Join(c.Dir, "container-logs", name)
}

// WriteContainerLog appends lines to the log of a container listed in
// Options.PodLogs, in the CRI format the kubelet (here kwok) reads; pod ""
// is the namespace-wide log of that container.
func (c *Cluster) WriteContainerLog(namespace, pod, container string, lines []LogLine) error {
	return c.appendLog(c.containerLogPath(namespace, pod, container), namespace, pod, container, lines)
}

// WritePreviousContainerLog appends lines to the log of the container's
// previous run (`kubectl logs --previous`), for a restarted container.
func (c *Cluster) WritePreviousContainerLog(namespace, pod, container string, lines []LogLine) error {
	return c.appendLog(c.containerLogPath(namespace, pod, container)+previousSuffix, namespace, pod, container, lines)
}

func (c *Cluster) appendLog(path, namespace, pod, container string, lines []LogLine) error {
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("Pod/%s/%s: container %s is not in Options.PodLogs", namespace, pod, container)
	}
	var b strings.Builder
	for _, l := range lines {
		stream := l.Stream
		if stream == "" {
			stream = "stdout"
		}
		for _, text := range strings.Split(strings.TrimRight(l.Text, "\n"), "\n") {
			fmt.Fprintf(&b, "%s %s F %s\n", l.Time.UTC().Format(time.RFC3339Nano), stream, text)
		}
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(b.String()); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
