// Command benchfloor is the decode half of hack/bench.sh's floor: it reads
// a bundle as an uncompressed tar and decodes every object file of it the
// plain way, one file after another on one goroutine: JSON with
// encoding/json, YAML with go.yaml.in/yaml/v3, each into Go's generic
// values, kept only until the next file. The floor is this plus
// `gzip -dc` of the archive, each timed on its own.
//
// The object files are those rift's importers read as objects, in every
// format hack/bench.sh generates: .json and .yaml files other than logs,
// less the copies a collector writes twice (a must-gather's
// pods/<pod>/<pod>.yaml, a troubleshoot custom resource's .yaml beside
// its .json) and troubleshoot's API discovery files.
//
//	benchfloor BUNDLE.tar
package main

import (
	"archive/tar"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"go.yaml.in/yaml/v3"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: benchfloor BUNDLE.tar")
		os.Exit(2)
	}
	files, docs, size, err := decodeTar(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchfloor:", err)
		os.Exit(1)
	}
	fmt.Printf("files %d documents %d bytes %d\n", files, docs, size)
}

// decodeTar decodes the object files of the tar at p and returns how many
// files and documents it decoded and their bytes.
func decodeTar(p string) (files, docs int, size int64, err error) {
	f, err := os.Open(p)
	if err != nil {
		return 0, 0, 0, err
	}
	defer f.Close()
	tr := tar.NewReader(f)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return files, docs, size, nil
		}
		if err != nil {
			return files, docs, size, fmt.Errorf("%s: %w", p, err)
		}
		if h.Typeflag != tar.TypeReg || !objectFile(h.Name) {
			continue
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			return files, docs, size, fmt.Errorf("%s: %w", h.Name, err)
		}
		n, err := decode(h.Name, data)
		if err != nil {
			return files, docs, size, fmt.Errorf("%s: %w", h.Name, err)
		}
		files, docs, size = files+1, docs+n, size+int64(len(data))
	}
}

// objectFile reports whether rift reads the file at name as objects.
func objectFile(name string) bool {
	parts := strings.Split(name, "/")
	base := path.Base(name)
	switch {
	case !strings.HasSuffix(base, ".json") && !strings.HasSuffix(base, ".yaml"):
		return false
	case base == "bundle.yaml" || base == "version.yaml" || base == "cluster_version.json":
		return false
	case base == "groups.json" || base == "resources.json" || strings.Contains(name, "/auth-cani-list/"):
		return false
	case len(parts) >= 3 && parts[len(parts)-3] == "pods" && strings.TrimSuffix(base, ".yaml") == parts[len(parts)-2]:
		return false // a must-gather's pods/<pod>/<pod>.yaml
	case strings.Contains(name, "/custom-resources/") && strings.HasSuffix(base, ".yaml"):
		return false // troubleshoot's YAML twin of the .json beside it
	}
	return true
}

// decode decodes every document of one file and returns their number.
func decode(name string, data []byte) (int, error) {
	if strings.HasSuffix(name, ".json") {
		var v any
		return 1, json.Unmarshal(data, &v)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	n := 0
	for {
		var v any
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		n++
	}
}
