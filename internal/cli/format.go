package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"sigs.k8s.io/yaml"
)

// Format is an output format, the value of -o/--output.
type Format string

// The one set of output formats. A command supports some of them and
// refuses the rest by listing the ones it supports.
const (
	FormatText     Format = "text"
	FormatJSON     Format = "json"
	FormatYAML     Format = "yaml"
	FormatMarkdown Format = "markdown"
	FormatHTML     Format = "html"
)

// allFormats is the one format set in the order help and docs list it.
var allFormats = []Format{FormatText, FormatJSON, FormatYAML, FormatMarkdown, FormatHTML}

// formatsAnnotation is the command annotation that lists the formats a
// command's -o takes, comma-separated; docs/cli.md's table is checked
// against it (cli_doc_test.go).
const formatsAnnotation = "rift.dev/formats"

// formatFlag is the value of -o/--output: one of supported, matched
// case-insensitively. It is refused while flags are parsed, so every
// command refuses an unsupported format the same way (exit 2).
type formatFlag struct {
	value     Format
	supported []Format
}

// FormatError is an -o value the command does not take. Its message lists
// the formats the command does take.
type FormatError struct {
	Value     string
	Supported []Format
}

func (e *FormatError) Error() string {
	valid := formatList(e.Supported, ", ")
	v := strings.ToLower(strings.TrimSpace(e.Value))
	if strings.ContainsAny(v, "./") {
		return fmt.Sprintf("-o %s: -o/--output takes a format (%s); write to a file with --output-file %s", e.Value, valid, e.Value)
	}
	for _, f := range allFormats {
		if Format(v) == f {
			return fmt.Sprintf("-o %s: this command does not write %s; valid formats: %s", e.Value, f, valid)
		}
	}
	return fmt.Sprintf("-o %s: unknown output format; valid formats: %s", e.Value, valid)
}

// parseFormat returns s as one of supported, case-insensitively, or a
// *FormatError.
func parseFormat(s string, supported []Format) (Format, error) {
	f := Format(strings.ToLower(strings.TrimSpace(s)))
	for _, ok := range supported {
		if f == ok {
			return f, nil
		}
	}
	return "", &FormatError{Value: s, Supported: supported}
}

func (f *formatFlag) String() string { return string(f.value) }
func (f *formatFlag) Type() string   { return "FORMAT" }
func (f *formatFlag) Set(s string) error {
	v, err := parseFormat(s, f.supported)
	if err != nil {
		return err
	}
	f.value = v
	return nil
}

// addOutputFlag adds -o/--output FORMAT to cmd, taking the supported
// formats (the first is the default), and records them in the command's
// annotations for the docs table. It returns where the parsed value lands.
func addOutputFlag(cmd *cobra.Command, supported ...Format) *formatFlag {
	f := &formatFlag{value: supported[0], supported: supported}
	cmd.Flags().VarP(f, "output", "o", "output format: "+formatList(supported, ", ")+" (case-insensitive)")
	if cmd.Annotations == nil {
		cmd.Annotations = map[string]string{}
	}
	cmd.Annotations[formatsAnnotation] = formatList(supported, ",")
	return f
}

// addOutputFileFlag adds --output-file FILE: where a command writes what
// it would print. An empty value means standard output.
func addOutputFileFlag(cmd *cobra.Command, p *string, usage string) {
	cmd.Flags().StringVar(p, "output-file", "", usage)
}

func formatList(fs []Format, sep string) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = string(f)
	}
	return strings.Join(s, sep)
}

// flagError maps a flag parsing error to a usage error (exit 2), with a
// *FormatError as its own message, without pflag's
// `invalid argument "x" for "-o, --output" flag:` prefix.
func flagError(_ *cobra.Command, err error) error {
	var fe *FormatError
	if errors.As(err, &fe) {
		return usageError(fe)
	}
	return usageError(err)
}

// writeData writes v as indented JSON (FormatJSON) or as YAML
// (FormatYAML), the two structured formats every command writes alike.
func writeData(w io.Writer, f Format, v any) error {
	if f == FormatYAML {
		data, err := yaml.Marshal(v)
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
