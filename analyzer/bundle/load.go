package bundle

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Load reads the bundle at path: a directory, or an archive of one (.tar,
// .tar.gz/.tgz, .tar.zst, .tar.xz, .zip), optionally wrapped in one
// top-level folder, in rift's own format or one of the imported formats
// (troubleshoot support bundle, kubectl cluster-info dump, OpenShift
// must-gather, a plain directory of YAML/JSON), detected from the layout.
// A single .yaml, .yml or .json file is read as a plain directory holding
// that file.
//
// Load returns an error when nothing usable could be read (the path does
// not exist or is not a bundle, the archive yields no file, or bundle.yaml
// declares a format version this build does not read) and, unless
// opts.Partial is set, when the archive is truncated or corrupt: an
// *ArchiveError naming the file and the byte where reading failed. Every
// other problem (a bad file, a refused archive member, a limit reached) is
// a LoadError in Bundle.Errors and loading goes on; LoadError.Incomplete
// tells those that leave data unread from the others.
func Load(path string, opts LoadOptions) (*Bundle, error) {
	opts = opts.withDefaults()
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, unwrapPathError(err))
	}
	var src source
	switch {
	case fi.IsDir():
		src = &dirSource{root: path, lim: limiter{opts: opts}}
	case !fi.Mode().IsRegular():
		// Opening a pipe or a device would block or never end.
		return nil, fmt.Errorf("%s: not a directory or a regular file", path)
	case isManifestName(fi.Name()):
		src = &dirSource{root: filepath.Dir(path), only: fi.Name(), lim: limiter{opts: opts}}
	default:
		src = &archiveSource{file: path, lim: limiter{opts: opts, compressed: max(fi.Size(), 1)}}
	}
	entries, errs, err := src.list()
	var ae *ArchiveError
	switch {
	case errors.As(err, &ae):
		// A cut-off or corrupt archive is refused unless asked for: what
		// precedes the damage may well look healthy.
		ae.File = path
		if !opts.Partial || len(entries) == 0 {
			return nil, ae
		}
		errs = append(errs, ae.loadError())
	case err != nil && len(entries) == 0:
		return nil, fmt.Errorf("%s: %w", path, err)
	case err != nil:
		errs = append(errs, incomplete("", "%v", err))
	}
	if len(entries) == 0 {
		if len(errs) > 0 {
			return nil, fmt.Errorf("%s: no readable file: %w", path, errs[0])
		}
		return nil, fmt.Errorf("%s: empty bundle: no file to read", path)
	}
	ld := newLoader(opts, entries)
	for _, e := range errs {
		e.File = ld.name(e.File)
		ld.errs = append(ld.errs, e)
	}
	if err := ld.run(src); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ld.bundle(), nil
}

// isManifestName reports whether a file name is one of the object file
// extensions.
func isManifestName(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".yaml" || ext == ".yml" || ext == ".json"
}

// errRefused marks a bundle.yaml whose version this build must not read.
var errRefused = errors.New("refused")
