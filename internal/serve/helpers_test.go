package serve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"

	"github.com/rift-dev/rift/analyzer"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/internal/serve"
)

var update = flag.Bool("update", false, "rewrite the golden kubectl transcripts in testdata/")

// golden compares got with testdata/<name>.golden; -update rewrites it.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./internal/serve/ -run %s -update creates it)", err, t.Name())
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

// kubectlPath is the kubectl hack/testenv.sh builds from the Kubernetes
// release hack/k8s/go.mod pins. A missing kubectl fails the test: run
// `make testenv`.
func kubectlPath(t *testing.T) string {
	t.Helper()
	root := os.Getenv("RIFT_CACHE")
	if root == "" {
		root = filepath.Join("..", "..", ".cache")
	}
	p, err := filepath.Abs(filepath.Join(root, "k8s", "bin", "kubectl"))
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode()&0o111 == 0 {
		t.Fatalf("kubectl missing at %s: run `make testenv` (hack/testenv.sh builds it)", p)
	}
	return p
}

var (
	engineOnce sync.Once
	engine     *hypothesis.Engine
	engineErr  error
)

// ledger analyses a bundle with the embedded policies.
func ledger(ctx context.Context, b *bundle.Bundle) ([]hypothesis.Hypothesis, error) {
	engineOnce.Do(func() { engine, engineErr = hypothesis.NewEngine(hypothesis.EngineOptions{}) })
	if engineErr != nil {
		return nil, engineErr
	}
	r, err := analyzer.Analyze(ctx, b, engine)
	if err != nil {
		return nil, err
	}
	return r.Hypotheses, nil
}

// served is a running server and the kubeconfig it wrote.
type served struct {
	srv        *serve.Server
	kubeconfig string
	home       string
}

// start loads each path (relative to the repository root) as one context
// and serves them until the test ends.
func start(t *testing.T, paths map[string]string) *served {
	t.Helper()
	var bs []serve.Bundle
	names := make([]string, 0, len(paths))
	for n := range paths {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		b, err := bundle.Load(filepath.Join("..", "..", paths[n]), bundle.LoadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", paths[n], err)
		}
		bs = append(bs, serve.Bundle{Name: n, Bundle: b, Ledger: ledger})
	}
	srv, err := serve.New(serve.Options{}, bs)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	s := &served{srv: srv, kubeconfig: filepath.Join(dir, "kubeconfig"), home: filepath.Join(dir, "home")}
	if err := srv.WriteKubeconfig(s.kubeconfig); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return s
}

// kubectl runs the real kubectl against s and returns a transcript entry:
// the command, its output (stdout, then stderr) and a non-zero exit code.
func (s *served) kubectl(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(kubectlPath(t), args...)
	cmd.Env = []string{"KUBECONFIG=" + s.kubeconfig, "HOME=" + s.home, "KUBECACHEDIR=" + filepath.Join(s.home, "cache"), "PATH=/usr/bin:/bin"}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var ee *exec.ExitError
	code := 0
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("kubectl %v: %v", args, err)
	}
	var b strings.Builder
	b.WriteString("$ kubectl " + strings.Join(args, " ") + "\n")
	b.WriteString(out.String())
	if errOut.Len() > 0 {
		b.WriteString("[stderr] " + errOut.String())
	}
	if code != 0 {
		b.WriteString("[exit " + strconv.Itoa(code) + "]\n")
	}
	return b.String()
}

// clientAges matches the durations kubectl computes on the client from the
// wall clock in describe's event rows: they change every run.
var (
	eventRow   = regexp.MustCompile(`(?m)^  (Normal|Warning|Type|----) .*$`)
	spaces     = regexp.MustCompile(`\s+`)
	clientAges = regexp.MustCompile(`\b\d+(y|d|h|m|s)(\d+(d|h|m|s))?\b`)
)

func maskClientAges(s string) string {
	return eventRow.ReplaceAllStringFunc(s, func(row string) string {
		return "  " + spaces.ReplaceAllString(strings.TrimSpace(clientAges.ReplaceAllString(row, "<age>")), " ")
	})
}

// reasonOf is the Status reason of a client-go error.
func reasonOf(err error) metav1.StatusReason { return apierrors.ReasonForError(err) }

func restTransport(c *rest.Config) (http.RoundTripper, error) { return rest.TransportFor(c) }

func jsonUnmarshalMeta(data []byte, v any) error { return json.Unmarshal(data, v) }
