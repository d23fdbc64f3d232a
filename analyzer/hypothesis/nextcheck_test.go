package hypothesis

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/rift-dev/rift/policies"
)

// nextCheckLiteral finds the command a built-in rule writes as its
// nextCheck, up to the first formatting verb of a sprintf.
var nextCheckLiteral = regexp.MustCompile(`"nextCheck":\s*(?:sprintf\()?"([^"%]*)`)

// TestBuiltinNextChecksAreReadOnly: a rule whose nextCheck the engine
// refuses passes its Rego unit tests (they do not decode) and fails only
// on a bundle where it fires, dropping its hypotheses. Every literal
// nextCheck of the built-in rules must pass the engine's check.
func TestBuiltinNextChecksAreReadOnly(t *testing.T) {
	found := 0
	err := fs.WalkDir(policies.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rego") || strings.HasSuffix(path, "_test.rego") {
			return err
		}
		src, err := fs.ReadFile(policies.FS, path)
		if err != nil {
			return err
		}
		for _, m := range nextCheckLiteral.FindAllStringSubmatch(string(src), -1) {
			found++
			head := m[1]
			if !strings.HasSuffix(head, " ") {
				head += " "
			}
			if !readOnlyCheck.MatchString(head) {
				t.Errorf("%s: nextCheck %q is not a read-only command the engine accepts", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 20 {
		t.Errorf("found %d literal nextChecks in the built-in rules, want at least 20: is the pattern stale?", found)
	}
}
