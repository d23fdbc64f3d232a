package bundle

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rift-dev/rift/internal/memory"
)

// Load reads the bundle at path: a directory, or an archive of one (.tar,
// .tar.gz/.tgz, .tar.zst, .tar.xz, .zip), optionally wrapped in one
// top-level folder, in rift's own format or one of the imported formats
// (troubleshoot support bundle, kubectl cluster-info dump, OpenShift
// must-gather, a plain directory of YAML/JSON), detected from the layout.
// A single .yaml, .yml or .json file is read as a plain directory holding
// that file. A path that is a symlink is followed (links inside the
// bundle never are). A bundle whose only file is an archive (a bundle
// packed twice) is refused with an error naming that archive.
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
	// Most of what loading allocates is garbage once a file is decoded
	// (its bytes, maps the sharing drops, scratch): collect as it goes.
	defer memory.Churn()()
	opts = opts.withDefaults()
	root, err := followTop(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, unwrapPathError(err))
	}
	fi, err := os.Stat(root)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, unwrapPathError(err))
	}
	var src source
	switch {
	case fi.IsDir():
		src = &dirSource{root: root, lim: limiter{opts: opts}}
	case !fi.Mode().IsRegular():
		// Opening a pipe or a device would block or never end.
		return nil, fmt.Errorf("%s: not a directory or a regular file", path)
	case isManifestName(fi.Name()):
		src = &dirSource{root: filepath.Dir(root), only: fi.Name(), lim: limiter{opts: opts}}
	default:
		src = &archiveSource{file: root, lim: limiter{opts: opts, compressed: max(fi.Size(), 1)}}
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
	if inner, ok := onlyArchive(entries); ok {
		return nil, fmt.Errorf("%s: holds nothing but %s, an archive inside the bundle; pass that archive itself (extract it first)", path, inner)
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

// followTop resolves the path the user named when it is a symlink (to a
// bundle directory or archive): that one link is the user's choice.
// Links inside a bundle are never followed.
func followTop(path string) (string, error) {
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode()&os.ModeSymlink == 0 {
		return path, err
	}
	return filepath.EvalSymlinks(path)
}

// onlyArchive reports a bundle whose one file is itself an archive (a
// bundle archive packed once more, or a folder holding one): read as it
// is, it would be an empty bundle.
func onlyArchive(entries []entry) (string, bool) {
	if len(entries) != 1 || !isArchiveName(entries[0].path) {
		return "", false
	}
	return entries[0].path, true
}

// isArchiveName reports whether name has an archive's extension.
func isArchiveName(name string) bool {
	n := strings.ToLower(name)
	for _, ext := range []string{".tar", ".tar.gz", ".tgz", ".tar.zst", ".tzst", ".tar.xz", ".txz", ".tar.bz2", ".tbz2", ".zip"} {
		if strings.HasSuffix(n, ext) {
			return true
		}
	}
	return false
}

// isManifestName reports whether a file name is one of the object file
// extensions.
func isManifestName(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".yaml" || ext == ".yml" || ext == ".json"
}

// errRefused marks a bundle.yaml whose version this build must not read.
var errRefused = errors.New("refused")
