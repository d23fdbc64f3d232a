package cli

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// contractRow is one row of the command table in docs/cli.md.
type contractRow struct{ formats, exitCodes string }

// readContractTable reads the table under "## Commands, formats and exit
// codes" in docs/cli.md: the command (its path, the words before the
// first argument), the -o formats and the exit codes, comma-separated.
func readContractTable(t *testing.T) map[string]contractRow {
	t.Helper()
	f, err := os.Open("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string]contractRow{}
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			in = line == "## Commands, formats and exit codes"
			continue
		case !in || !strings.HasPrefix(line, "| `rift"):
			continue
		}
		cells := strings.Split(strings.Trim(strings.ReplaceAll(line, `\|`, "/"), "| "), "|")
		if len(cells) < 4 {
			t.Fatalf("docs/cli.md: row %q: want command | what it does | formats | exit codes", line)
		}
		var path []string
		for _, w := range strings.Fields(strings.Trim(strings.TrimSpace(cells[0]), "`")) {
			if w != strings.ToLower(w) || strings.ContainsAny(w, "[(|-") {
				break // the first argument (BUNDLE, [DIR...], (IN OUT ...), --flag)
			}
			path = append(path, w)
		}
		rows[strings.Join(path, " ")] = contractRow{formats: normList(cells[2]), exitCodes: normList(cells[3])}
	}
	if len(rows) == 0 {
		t.Fatal("docs/cli.md: no command table under \"## Commands, formats and exit codes\"")
	}
	return rows
}

// normList turns "`text`, `json`" or "0, 1, 2" into "text,json" or "0,1,2";
// "—" (no -o) becomes "".
func normList(cell string) string {
	var out []string
	for _, s := range strings.Split(cell, ",") {
		s = strings.Trim(strings.TrimSpace(s), "`")
		if s != "" && s != "—" && s != "-" {
			out = append(out, s)
		}
	}
	return strings.Join(out, ",")
}

// commandContracts walks the command tree: every runnable, visible
// command with the formats and exit codes it declares.
func commandContracts(root *cobra.Command) map[string]contractRow {
	out := map[string]contractRow{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" || c.Name() == "completion" {
			return
		}
		if c.Runnable() && c != root {
			out[c.CommandPath()] = contractRow{formats: c.Annotations[formatsAnnotation], exitCodes: c.Annotations[exitCodesAnnotation]}
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
	return out
}

// TestCommandTableMatchesCommandTree holds docs/cli.md's table of commands
// × -o formats × exit codes to the cobra command tree, so the two cannot
// drift: every command is in the table, every row is a command, and the
// formats and exit codes are the ones the command declares (addOutputFlag,
// exitCodes).
func TestCommandTableMatchesCommandTree(t *testing.T) {
	doc := readContractTable(t)
	tree := commandContracts(NewRootCommand(io.Discard, io.Discard))
	for path, c := range tree {
		if c.exitCodes == "" {
			t.Errorf("%s declares no exit codes: wrap the command in exitCodes(...)", path)
		}
	}
	if diff := cmp.Diff(doc, tree, cmp.AllowUnexported(contractRow{})); diff != "" {
		t.Errorf("docs/cli.md table vs the command tree (-doc +tree):\n%s", diff)
	}
}

// TestEveryCommandFollowsTheFlagConvention: -o is the format wherever it
// exists (never a file), --output-file is the file, and no flag's help
// shows a bool as --flag[=true|false].
func TestEveryCommandFollowsTheFlagConvention(t *testing.T) {
	root := NewRootCommand(io.Discard, io.Discard)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			switch {
			case f.Shorthand == "o" && (f.Name != "output" || f.Value.Type() != "FORMAT"):
				t.Errorf("%s: -o is --%s of type %s; want --output FORMAT", c.CommandPath(), f.Name, f.Value.Type())
			case f.Name == "output" && f.Value.Type() != "FORMAT":
				t.Errorf("%s: --output takes a %s; want a FORMAT (--output-file takes the file)", c.CommandPath(), f.Value.Type())
			}
		})
		var help bytes.Buffer
		c.SetOut(&help)
		if err := c.Usage(); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(help.String(), "[=") {
			t.Errorf("%s: help shows a flag with an optional value:\n%s", c.CommandPath(), help.String())
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
}

// TestFormatNames: formats are case-insensitive, and a format a command
// does not write is refused by listing those it does.
func TestFormatNames(t *testing.T) {
	tests := []struct {
		args     []string
		wantCode int
		wantErr  string // first line of stderr
	}{
		{[]string{"version", "-o", "JSON"}, ExitOK, ""},
		{[]string{"version", "-o", "Yaml"}, ExitOK, ""},
		{[]string{"version", "-o", "html"}, ExitUsage, "rift: -o html: this command does not write html; valid formats: text, json, yaml"},
		{[]string{"version", "-o", "wide"}, ExitUsage, "rift: -o wide: unknown output format; valid formats: text, json, yaml"},
		{[]string{"analyze", "x", "--output", "r.html"}, ExitUsage, "rift: -o r.html: -o/--output takes a format (text, json, markdown, html); write to a file with --output-file r.html"},
		{[]string{"analyze", "x", "--output-file", "json"}, ExitUsage, "rift: --output-file json: --output-file takes a FILE; choose the format with -o json"},
		{[]string{"policy", "doc", "-o", "text"}, ExitUsage, "rift: -o text: this command does not write text; valid formats: markdown"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Execute(tt.args, &out, &errOut)
			first, _, _ := strings.Cut(errOut.String(), "\n")
			if code != tt.wantCode || first != tt.wantErr {
				t.Errorf("exit %d, first line %q; want exit %d, %q", code, first, tt.wantCode, tt.wantErr)
			}
		})
	}
}

// TestVersion: rift version in text and JSON, and --version kept.
func TestVersion(t *testing.T) {
	var out bytes.Buffer
	if code := Execute([]string{"version", "-o", "json"}, &out, io.Discard); code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	for _, k := range []string{`"version": "dev"`, `"commit": "`, `"goVersion": "go`} {
		if !strings.Contains(out.String(), k) {
			t.Errorf("rift version -o json lacks %s:\n%s", k, out.String())
		}
	}
	out.Reset()
	if code := Execute([]string{"--version"}, &out, io.Discard); code != ExitOK || !strings.Contains(out.String(), "dev") {
		t.Errorf("rift --version: exit %d, %q", code, out.String())
	}
	keys := []string{}
	for k := range commandContracts(NewRootCommand(io.Discard, io.Discard)) {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if !strings.Contains(strings.Join(keys, " "), "rift version") {
		t.Errorf("no rift version command in %v", keys)
	}
}
