package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func writeKubeconfig(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "kubeconfig")
	cfg := `apiVersion: v1
kind: Config
clusters:
- {name: prod, cluster: {server: "https://127.0.0.1:1"}}
users:
- {name: alice, user: {token: not-a-real-token}}
contexts:
- {name: prod-admin, context: {cluster: prod, user: alice}}
- {name: other, context: {cluster: prod, user: alice}}
`
	if err := os.WriteFile(p, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCollectFlagMapping(t *testing.T) {
	o := newCollectOptions()
	cmd := newCollectCommandFor(o)
	err := cmd.ParseFlags([]string{"--kubeconfig", "k", "--context", "prod-admin", "--cluster", "prod",
		"-n", "shop", "--namespace", "pay", "--namespaces", "a,b", "--expect-cluster", "prod",
		"--git", "/src/deploy", "--git-ref", "main", "--git-path", "apps/prod", "--secret-keys",
		"--log-lines", "50", "--log-bytes", "1000", "--chunk-size", "100", "--output-file", "x.tar.gz", "--as", "bob"})
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Complete(cmd); err != nil {
		t.Fatal(err)
	}
	got := map[string]any{
		"context": o.cfg.Context, "cluster": o.cfg.Cluster, "namespaces": o.cfg.Namespaces,
		"expect": o.cfg.ExpectCluster, "git": o.cfg.Git.Path + "@" + o.cfg.Git.Ref + ":" + o.cfg.Git.SubPath,
		"secretKeys": o.cfg.SecretKeys, "logs": [2]int64{o.cfg.LogLines, o.cfg.LogBytes},
		"page": o.cfg.PageSize, "out": o.cfg.Out, "as": *o.kube.Impersonate,
	}
	want := map[string]any{
		"context": "prod-admin", "cluster": "prod", "namespaces": []string{"shop", "pay", "a", "b"},
		"expect": "prod", "git": "/src/deploy@main:apps/prod", "secretKeys": true,
		"logs": [2]int64{50, 1000}, "page": int64(100), "out": "x.tar.gz", "as": "bob",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("config (-want +got):\n%s", diff)
	}
}

func TestCollectUsageErrors(t *testing.T) {
	kc := writeKubeconfig(t)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"ambiguous context", []string{"--kubeconfig", kc, "-n", "shop"}, "ambiguous context"},
		{"unknown context", []string{"--kubeconfig", kc, "--context", "nope", "-n", "shop"}, `context "nope" is not in the kubeconfig`},
		{"expect-cluster mismatch", []string{"--kubeconfig", kc, "--context", "prod-admin", "--expect-cluster", "staging", "-n", "shop"}, `--expect-cluster "staging" does not match`},
		{"negative log lines", []string{"--kubeconfig", kc, "--log-lines", "-1"}, "must not be negative"},
		{"git-path without git", []string{"--kubeconfig", kc, "--git-path", "apps"}, "need --git"},
		{"unknown flag", []string{"--bogus"}, "unknown flag"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Execute(append([]string{"collect"}, tt.args...), &out, &errOut)
			if code != ExitUsage || !strings.Contains(errOut.String(), tt.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errOut.String(), ExitUsage, tt.want)
			}
		})
	}
}
