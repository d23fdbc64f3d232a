package cli

import (
	"fmt"
	"os"
	"path/filepath"
)

// checkIn refuses an IN that cannot be a bundle before anything is
// created: it must exist and be a directory or a regular file.
func checkIn(in string) error {
	fi, err := os.Stat(in)
	if err != nil {
		return fmt.Errorf("%s: %w", in, unwrapPathErr(err))
	}
	if !fi.IsDir() && !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a directory or a regular file", in)
	}
	return nil
}

// checkOutDir refuses an OUT whose directory does not exist: redact
// creates only OUT itself, never its parents.
func checkOutDir(out string) error {
	dir := filepath.Dir(filepath.Clean(out))
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("%s: output directory %s: %w", out, dir, unwrapPathErr(err))
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s: %s is not a directory", out, dir)
	}
	return nil
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
