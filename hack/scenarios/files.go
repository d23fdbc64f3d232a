package scenarios

import (
	"fmt"
	"io/fs"
	"path"
)

// Files maps repository paths to manifests read from fsys (usually a
// scenario's embedded desired/ directory), given as pairs: the path under
// gitDir in the repository, then the file's path in fsys.
func Files(fsys fs.FS, gitDir string, pairs ...string) (map[string][]byte, error) {
	if len(pairs)%2 != 0 {
		return nil, fmt.Errorf("Files: %d arguments, want (repository path, source file) pairs", len(pairs))
	}
	out := map[string][]byte{}
	for i := 0; i < len(pairs); i += 2 {
		b, err := fs.ReadFile(fsys, pairs[i+1])
		if err != nil {
			return nil, err
		}
		out[path.Join(gitDir, pairs[i])] = b
	}
	return out, nil
}
