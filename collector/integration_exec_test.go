package collector_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/collector"
	"github.com/rift-dev/rift/internal/testcluster"
)

// testExecPlugin signs in through an exec credential plugin, as kubectl
// does with cloud logins: the plugin hands out a ServiceAccount token. The
// ServiceAccount has no RBAC at all, so every read is forbidden, and the
// collection must still finish with each refusal recorded.
func testExecPlugin(t *testing.T, c *testcluster.Cluster) {
	ctx := context.Background()
	if _, err := c.Client.CoreV1().ServiceAccounts("shop").Create(ctx, &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: "ci-bot"}}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	saKC, err := c.ServiceAccountKubeconfig(ctx, "shop", "ci-bot", "")
	if err != nil {
		t.Fatal(err)
	}
	sa, err := clientcmd.LoadFromFile(saKC)
	if err != nil {
		t.Fatal(err)
	}
	var token string
	for _, ai := range sa.AuthInfos {
		token = ai.Token
	}
	dir := t.TempDir()
	cred, _ := json.Marshal(map[string]any{"apiVersion": "client.authentication.k8s.io/v1", "kind": "ExecCredential",
		"status": map[string]any{"token": token}})
	credFile := filepath.Join(dir, "credential.json")
	if err := os.WriteFile(credFile, cred, 0o600); err != nil {
		t.Fatal(err)
	}
	kc := sa.DeepCopy()
	for _, ai := range kc.AuthInfos {
		ai.Token = ""
		ai.Exec = &clientcmdapi.ExecConfig{APIVersion: "client.authentication.k8s.io/v1", Command: "cat", Args: []string{credFile},
			InteractiveMode: clientcmdapi.NeverExecInteractiveMode}
	}
	kcFile := filepath.Join(dir, "exec.kubeconfig")
	if err := clientcmd.WriteToFile(*kc, kcFile); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(kcFile); bytes.Contains(b, []byte(token)) {
		t.Fatal("exec kubeconfig still holds the token")
	}

	out := filepath.Join(dir, "exec.tar.gz")
	var log bytes.Buffer
	if _, err := collector.Run(ctx, collector.Config{Kubeconfig: loaderFor(kcFile), Namespaces: []string{"shop"}, Out: out, Log: &log}); err != nil {
		t.Fatalf("collect through the exec plugin: %v\n%s", err, log.String())
	}
	b, err := bundle.Load(out, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Meta.Scope.Identity.Username; got != "system:serviceaccount:shop:ci-bot" {
		t.Errorf("identity = %q, want the ServiceAccount the plugin signed in as", got)
	}
	forbidden := 0
	for _, nc := range b.Meta.NotCollected {
		if strings.HasPrefix(nc.Reason, "forbidden: ") {
			forbidden++
		}
	}
	if forbidden < 10 {
		t.Errorf("only %d forbidden notCollected entries for an identity without rights: %+v", forbidden, b.Meta.NotCollected)
	}
	if bytes.Contains(mustRead(t, out), []byte(token[len(token)-20:])) {
		t.Error("the token is in the bundle")
	}
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
