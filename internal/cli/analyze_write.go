package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/rift-dev/rift/analyzer/report"
)

// reportBuffer is the buffer between a renderer and the report's
// destination: big enough that writes are few, small enough that memory
// does not grow with the report (the JSON renderer streams in chunks of
// about the same size).
const reportBuffer = 64 << 10

// writeReport renders r to the --output-file file, or to out when file is
// empty, streaming it through a buffer instead of holding the whole
// document in memory.
//
// The file is created (or truncated) only when the first bytes are ready,
// so a report that fails before writing anything, such as a --workload
// that is not in it, leaves no file; if rendering or writing fails later,
// the partial regular file is removed. On standard output what was written
// before a failure stays written. A failed render is a usage error (exit
// 2), as is a file that cannot be written; a failed write to standard
// output is reported as it is.
func writeReport(out io.Writer, file string, r *report.Report, opts report.RenderOptions) error {
	s := &reportSink{w: out, path: file}
	if file != "" {
		s.w = nil
	}
	bw := bufio.NewWriterSize(s, reportBuffer)
	err := report.Render(bw, r, opts)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil && file != "" && s.f == nil {
		_, err = s.Write(nil) // an empty report is still a file
	}
	if cerr := s.close(err != nil); err == nil {
		err = cerr
	}
	switch {
	case err == nil:
		return nil
	case s.err == nil:
		return usageError(err) // the render itself failed
	case file != "":
		return usageError(fmt.Errorf("--output-file: %w", s.err))
	}
	return s.err
}

// reportSink writes to w, or, when w is nil, to the file at path, which it
// opens on the first Write. It remembers the first error it returned, so
// writeReport can tell a failed write from a failed render.
type reportSink struct {
	w    io.Writer
	path string
	f    *os.File
	err  error
}

func (s *reportSink) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.w == nil {
		f, err := os.OpenFile(s.path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			s.err = err
			return 0, err
		}
		s.f, s.w = f, f
	}
	n, err := s.w.Write(p)
	if err != nil {
		s.err = err
	}
	return n, err
}

// close closes the file, if one was opened, and removes it when failed is
// set and it is a regular file (never a device such as /dev/stdout).
func (s *reportSink) close(failed bool) error {
	if s.f == nil {
		return nil
	}
	st, statErr := s.f.Stat()
	err := s.f.Close()
	if err != nil && s.err == nil {
		s.err = err
	}
	if failed && statErr == nil && st.Mode().IsRegular() {
		return errors.Join(err, os.Remove(s.path))
	}
	return err
}
