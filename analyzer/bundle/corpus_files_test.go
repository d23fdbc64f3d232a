package bundle

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDecodeCorpusFiles decodes every file of the single-object corpora on
// its own, as each is one captured state. Files with is-healthy's
// placeholder times ("@now-5m") and troubleshoot's hand-edited phases must
// yield load errors and still load their objects.
func TestDecodeCorpusFiles(t *testing.T) {
	for _, dir := range []string{"troubleshoot/pkg/analyze/files", "is-healthy", "gitops-engine-health", "argo-cd-flux-health"} {
		t.Run(dir, func(t *testing.T) {
			root := corpus(t, dir)
			var out bytes.Buffer
			placeholders := 0
			err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() || !isManifestName(p) {
					return err
				}
				data, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				rel, _ := filepath.Rel(root, p)
				rel = filepath.ToSlash(rel)
				objs, errs := DecodeDocuments(rel, data)
				fmt.Fprintf(&out, "%s: %d objects, %d errors\n", rel, len(objs), len(errs))
				for _, e := range errs {
					fmt.Fprintf(&out, "  %s\n", e.Reason)
				}
				// Hand-edited upstream: a Pod phase that does not exist.
				if strings.HasSuffix(rel, "-unhealthy.json") && !hasReason(errs, `"CrashLoopBackOff" is not a Pod phase`) {
					t.Errorf("%s: hand-edited phase not reported: %v", rel, errs)
				}
				if bytes.Contains(data, []byte(`"@now`)) {
					placeholders++
					if !hasReason(errs, "invalid time \"@now") || len(objs) == 0 {
						t.Errorf("%s: placeholder times gave %d objects and errors %v; want the object and an invalid-time error", rel, len(objs), errs)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if dir == "is-healthy" && placeholders != 15 {
				t.Errorf("%d is-healthy files with placeholder times, want 15", placeholders)
			}
			checkGolden(t, "corpus/files-"+strings.ReplaceAll(dir, "/", "-")+".golden", out.Bytes())
		})
	}
}

func hasReason(errs []LoadError, sub string) bool {
	for _, e := range errs {
		if strings.Contains(e.Reason, sub) {
			return true
		}
	}
	return false
}
