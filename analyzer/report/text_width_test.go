package report

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mattn/go-runewidth"
)

// wrapReference is wrap as it was before it kept the line's width as it
// went: every decision measures the whole line again.
func wrapReference(s string, width int) []string {
	if width < 1 {
		width = 1
	}
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			for runewidth.StringWidth(word) > width {
				if line != "" {
					lines = append(lines, line)
					line = ""
				}
				head := breakWord(word, width)
				lines = append(lines, head)
				word = word[len(head):]
			}
			switch {
			case line == "":
				line = word
			case runewidth.StringWidth(line)+1+runewidth.StringWidth(word) <= width:
				line += " " + word
			default:
				lines = append(lines, line)
				line = word
			}
		}
		lines = append(lines, line)
	}
	return lines
}

// wrapInputs mix plain text with what can make widths not add up across a
// space: combining and prepended marks, emoji modifiers and ZWJ sequences,
// wide CJK text, control bytes and invalid UTF-8.
var wrapInputs = []string{
	"", "one", "Readiness probe failed: HTTP probe failed with statuscode: 503 on spec.template.spec.containers[name=kafka].readinessProbe",
	"a \u0301b c \u0301 d", "\u0600 x \u0600\u0600 y", "hi 🏻 there 👍🏽 ok 👨\u200d👩\u200d👧 fam",
	"世界 世界世界 世界 a 世界世界世界世界世界", "tab\there  two  spaces\nnew line\n\nblank", "\x01ctl \x7f del \xff bad",
	strings.Repeat("/very/long/path/segment", 8) + " tail", "🇺🇸 🇬🇧🇫🇷 flags",
}

func TestWrapMatchesReference(t *testing.T) {
	for _, in := range wrapInputs {
		for width := 0; width <= 50; width++ {
			if diff := cmp.Diff(wrapReference(in, width), wrap(in, width)); diff != "" {
				t.Fatalf("wrap(%q, %d) (-want +got):\n%s", in, width, diff)
			}
		}
	}
}

func TestTextWidthMatchesRunewidth(t *testing.T) {
	for _, in := range append(wrapInputs, awkwardStrings...) {
		if got, want := textWidth(in), runewidth.StringWidth(in); got != want {
			t.Errorf("textWidth(%q) = %d, want %d", in, got, want)
		}
	}
}
