package report

import (
	"strings"
	"testing"
)

// TestMarkdownEscapeSkipsOnlyPlainText checks esc and code give exactly
// what their replacers give, for plain text (which they return without
// replacing) and for text holding each byte a replacer pattern starts with.
func TestMarkdownEscapeSkipsOnlyPlainText(t *testing.T) {
	inputs := append([]string{"plain words", "a\r\nb", "x\ry"}, awkwardStrings...)
	for _, c := range mdEscaped {
		inputs = append(inputs, "before "+string(c)+" after")
	}
	for _, in := range inputs {
		if in == "" {
			continue
		}
		t.Run(in, func(t *testing.T) {
			if got, want := esc(in), mdEscaper.Replace(in); got != want {
				t.Errorf("esc = %q, want %q", got, want)
			}
			replaced := mdCodeEscaper.Replace(in)
			if got := code(in); !strings.Contains(got, replaced) {
				t.Errorf("code = %q, want it to hold %q", got, replaced)
			}
		})
	}
}
