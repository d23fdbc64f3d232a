package cli

import (
	"io"
	"os"
	"strconv"

	"golang.org/x/term"

	"github.com/rift-dev/rift/analyzer/report"
)

// reportWidth is the terminal's width, else $COLUMNS, else 80.
func reportWidth(out io.Writer, tty bool) int {
	if f, ok := out.(*os.File); ok && tty {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			return w
		}
	}
	if c, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && c > 0 {
		return c
	}
	return report.DefaultWidth
}
