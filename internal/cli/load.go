package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/expect"
)

// loadBundle loads the bundle at path. A recorded-incident directory (one
// holding expect.yaml beside its bundle) stands for its bundle, so
// `rift analyze fixtures/kafka-stale-probe` reads what `rift test` reads
// instead of importing expect.yaml and the bundle's files as a plain
// directory of objects.
//
// A truncated or corrupt archive is an input error whose first line names
// the file and the byte where reading failed; a second line says what
// --partial would read.
//
// A folder that holds several bundles is refused (bundlePath), and so is
// a bundle in which nothing was read (noObjects): both would otherwise
// read as a bundle with nothing wrong in it.
func loadBundle(path string, opts bundle.LoadOptions) (*bundle.Bundle, error) {
	path, err := bundlePath(path)
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
		return nil, fmt.Errorf("%s: empty file\n  %s", path, lookedFor)
	}
	b, err := bundle.Load(path, opts)
	var ae *bundle.ArchiveError
	switch {
	case errors.As(err, &ae) && !opts.Partial && ae.Members > 1:
		return nil, fmt.Errorf("%w\n  --partial reads what precedes the damage; the verdict is then at best unknown", err)
	case err != nil && ae == nil && !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%w\n  %s", err, lookedFor)
	}
	if err == nil && len(b.Objects) == 0 {
		return nil, noObjects(path, b)
	}
	return b, err
}

// loadForAnalysis is loadBundle for the commands that analyse a bundle:
// they only read its objects, so the loader shares the objects' common
// parts (LoadOptions.Share), which an analysis repays many times over.
// rift inspect, which only counts, loads without: sharing would cost it a
// fifth of its time.
func loadForAnalysis(path string, opts bundle.LoadOptions) (*bundle.Bundle, error) {
	opts.Share = true
	return loadBundle(path, opts)
}

// bundlePath is the bundle that path names: a recorded-incident directory
// (one holding expect.yaml beside its bundle) stands for its bundle, as
// `rift test` reads it. A folder that is no bundle itself but holds
// several (fixtures/, or a folder of archives) is refused with a hint
// rather than read as one bundle of everything in it.
func bundlePath(path string) (string, error) {
	if _, err := os.Stat(filepath.Join(path, "expect.yaml")); err == nil {
		if fs, err := expect.Discover(path); err == nil && len(fs) == 1 {
			return fs[0].Bundle, nil
		}
	}
	held := heldBundles(path)
	if len(held) < 2 {
		return path, nil
	}
	hint := "name one of them, e.g. " + held[0]
	if fs, _ := expect.Discover(path); len(fs) > 0 {
		hint = "run them all with rift test " + path + ", or " + hint
	}
	return "", fmt.Errorf("%s: a folder of %d bundles, not one bundle\n  %s", path, len(held), hint)
}

// heldBundles lists what a directory that is no bundle itself holds as
// bundles: archives, and directories with a bundle.yaml or an
// expect.yaml, in name order. A path that is a file or a bundle holds
// none.
func heldBundles(path string) []string {
	if fi, err := os.Stat(path); err != nil || !fi.IsDir() || isBundleFolder(path) {
		return nil
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		p := filepath.Join(path, e.Name())
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if (e.IsDir() && isBundleFolder(p)) || (e.Type().IsRegular() && bundleArchiveName(e.Name())) {
			out = append(out, p)
		}
	}
	return out
}

func isBundleFolder(p string) bool {
	for _, f := range []string{"bundle.yaml", "expect.yaml"} {
		if _, err := os.Stat(filepath.Join(p, f)); err == nil {
			return true
		}
	}
	return false
}

// bundleArchiveSuffixes are the archive names bundle.Load reads.
var bundleArchiveSuffixes = []string{".tar", ".tar.gz", ".tgz", ".tar.zst", ".tar.xz", ".zip"}

func bundleArchiveName(n string) bool {
	for _, ext := range bundleArchiveSuffixes {
		if strings.HasSuffix(n, ext) {
			return true
		}
	}
	return false
}

// lookedFor is the second line of an error for input rift could not read
// as a bundle: what it looks for.
const lookedFor = "rift reads a rift bundle (bundle.yaml), a troubleshoot support bundle, a kubectl cluster-info dump,\n" +
	"  an OpenShift must-gather, or YAML or JSON files of objects; as a directory, a .yaml, .yml or .json file,\n" +
	"  or a .tar, .tar.gz, .tgz, .tar.zst, .tar.xz or .zip archive"

// noObjects is the error for a bundle in which no Kubernetes object was
// read: it says what rift looked for and the first load errors, which
// usually say why.
func noObjects(path string, b *bundle.Bundle) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: no Kubernetes objects found (read as %s)", path, b.Format)
	sb.WriteString("\n  " + lookedFor + "; an object has apiVersion, kind and metadata.name")
	for i, e := range b.Errors {
		if i == 3 {
			fmt.Fprintf(&sb, "\n  and %s", plural(len(b.Errors)-3, "more load error", "more load errors"))
			break
		}
		fmt.Fprintf(&sb, "\n  %s", e.Error())
	}
	return errors.New(sb.String())
}
