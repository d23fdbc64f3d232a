package testcluster

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// binaryNames are the executables Start needs in the cache's k8s/bin.
var binaryNames = []string{"etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler", "kwok"}

// stageFiles are the kwok Stage configurations hack/testenv.sh copies from
// the kwok module into the cache's k8s/stages.
var stageFiles = []string{
	"node-initialize.yaml",
	"node-heartbeat-with-lease.yaml",
	"pod-create.yaml",
	"pod-init-container-running.yaml",
	"pod-init-container-completed.yaml",
	"pod-ready.yaml",
	"pod-complete.yaml",
	"pod-delete.yaml",
}

// toolchain is where the control-plane binaries and kwok stages live.
type toolchain struct {
	bin    map[string]string
	stages []string
}

// findToolchain locates the binaries built by hack/testenv.sh: under
// $RIFT_CACHE/k8s when set, else under <repo>/.cache/k8s, the repository
// being the nearest parent directory holding hack/testenv.sh. A missing
// piece is an error naming `make testenv`, never a reason to skip.
func findToolchain() (*toolchain, error) {
	root, err := cacheRoot()
	if err != nil {
		return nil, err
	}
	tc := &toolchain{bin: map[string]string{}}
	var missing []string
	for _, name := range binaryNames {
		p := filepath.Join(root, "bin", name)
		if fi, err := os.Stat(p); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			missing = append(missing, p)
			continue
		}
		tc.bin[name] = p
	}
	for _, name := range stageFiles {
		p := filepath.Join(root, "stages", name)
		if _, err := os.Stat(p); err != nil {
			missing = append(missing, p)
			continue
		}
		tc.stages = append(tc.stages, p)
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("control-plane toolchain incomplete, missing %q: run `make testenv` (hack/testenv.sh)", missing)
	}
	return tc, nil
}

func cacheRoot() (string, error) {
	if c := os.Getenv("RIFT_CACHE"); c != "" {
		return filepath.Join(c, "k8s"), nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("locating the repository: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "hack", "testenv.sh")); err == nil {
			return filepath.Join(dir, ".cache", "k8s"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("cannot find the repository (no hack/testenv.sh above the working directory) and RIFT_CACHE is unset: run `make testenv`")
		}
		dir = parent
	}
}
