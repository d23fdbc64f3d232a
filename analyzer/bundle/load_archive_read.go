package bundle

import (
	"context"
	"errors"

	"github.com/mholt/archives"
)

// read serves the wanted files, from what listing kept when it kept them
// all, else in a pass over the archive that stops once every one is found.
func (a *archiveSource) read(want map[string]bool, fn func(string, []byte, error)) error {
	left := len(want)
	if left == 0 || a.readKept(want, fn) {
		return nil
	}
	done := map[string]bool{}
	n := 0
	err := a.extract(func(_ context.Context, fi archives.FileInfo) error {
		n++
		if n > a.cut {
			return errStop
		}
		if fi.IsDir() || !fi.Mode().IsRegular() || isHardlink(fi) {
			return nil
		}
		name, err := cleanPath(fi.NameInArchive)
		if err != nil || !want[name] || done[name] {
			return nil
		}
		done[name] = true
		data, err := a.readMember(fi)
		fn(name, data, err)
		if left--; left == 0 {
			return errStop
		}
		return nil
	})
	// Listing read the archive whole, so this means it changed since.
	var be *brokenError
	if errors.As(err, &be) {
		return be.archiveError(n)
	}
	return err
}

// readKept serves want from the files kept while listing, in archive
// order, and forgets each once served. It reports false, having served
// nothing, when any wanted file was not kept.
func (a *archiveSource) readKept(want map[string]bool, fn func(string, []byte, error)) bool {
	for p := range want {
		if _, ok := a.kept[p]; !ok {
			return false
		}
	}
	for _, p := range a.order {
		if data, ok := a.kept[p]; ok && want[p] {
			delete(a.kept, p)
			fn(p, data, nil)
		}
	}
	return true
}

func (a *archiveSource) readMember(fi archives.FileInfo) ([]byte, error) {
	rc, err := fi.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return readLimited(rc, a.lim.opts.MaxFileBytes, fi.Size())
}
