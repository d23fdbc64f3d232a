package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/rift-dev/rift/analyzer/bundle"
)

const shopBundle = "../../analyzer/bundle/testdata/rift-shop"

func TestInspect(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		wantCode int
		check    func(t *testing.T, out, errOut string)
	}{{
		name: "text",
		args: []string{"inspect", shopBundle},
		check: func(t *testing.T, out, _ string) {
			for _, want := range []string{"Format:        rift.dev/v1alpha1", "Objects:       8", "shop-deploy  https://git.example.com/acme/shop-deploy.git",
				"Load errors (1):", "objects/README.txt: objects/ holds only .yaml, .yml and .json files; skipped"} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
		},
	}, {
		name: "json",
		args: []string{"inspect", shopBundle, "-o", "json"},
		check: func(t *testing.T, out, _ string) {
			var s bundle.Summary
			if err := json.Unmarshal([]byte(out), &s); err != nil {
				t.Fatal(err)
			}
			if s.Objects != 8 || s.Events.Count != 2 || len(s.Logs) != 2 || len(s.Errors) != 1 || s.Format != bundle.FormatRift {
				t.Errorf("summary = %+v", s)
			}
		},
	}, {
		name: "yaml",
		args: []string{"inspect", "-o", "yaml", shopBundle},
		check: func(t *testing.T, out, _ string) {
			var s bundle.Summary
			if err := yaml.Unmarshal([]byte(out), &s); err != nil || s.Objects != 8 {
				t.Errorf("yaml summary %+v, err %v", s, err)
			}
		},
	}, {
		name: "unknown output", args: []string{"inspect", shopBundle, "-o", "wide"}, wantCode: ExitUsage,
		check: func(t *testing.T, _, errOut string) {
			if !strings.HasPrefix(errOut, "rift: -o wide: unknown output format; valid formats: text, json, yaml\n") {
				t.Errorf("stderr %q", errOut)
			}
		},
	}, {
		name: "bad limit", args: []string{"inspect", shopBundle, "--max-file-size", "lots"}, wantCode: ExitUsage,
		check: func(t *testing.T, _, errOut string) {
			if !strings.Contains(errOut, `--max-file-size "lots"`) {
				t.Errorf("stderr %q", errOut)
			}
		},
	}, {
		name: "missing bundle", args: []string{"inspect", "testdata/no-such-bundle"}, wantCode: ExitUsage,
		check: func(t *testing.T, _, errOut string) {
			if !strings.Contains(errOut, "no-such-bundle: no such file or directory") {
				t.Errorf("stderr %q", errOut)
			}
		},
	}, {
		name: "no argument", args: []string{"inspect"}, wantCode: ExitUsage,
		check: func(t *testing.T, _, errOut string) {
			if !strings.Contains(errOut, "exactly one BUNDLE") {
				t.Errorf("stderr %q", errOut)
			}
		},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := Execute(tc.args, &out, &errOut); code != tc.wantCode {
				t.Fatalf("exit %d, want %d; stderr %s", code, tc.wantCode, errOut.String())
			}
			tc.check(t, out.String(), errOut.String())
		})
	}
}
