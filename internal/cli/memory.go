package cli

import "io"

// memoryAnnotation says how a command uses memory, for the process-wide
// settings cmd/rift makes before a command runs: "streaming" for a
// command whose garbage must be collected for its memory to stay bounded:
// collect and redact read, transform and write data piece by piece, and
// test runs one analysis after another. Other commands build one analysis
// (two for diff) whose heap mostly grows, and rift collects for them only
// when memory runs short.
const memoryAnnotation = "rift.dev/memory"

// streaming is the annotations of a streaming command, a map of its own
// for each command.
func streaming() map[string]string { return map[string]string{memoryAnnotation: "streaming"} }

// Streams reports whether args (without the program name) run a
// streaming command. It resolves the command as Execute would, without
// running it; args naming no command (help, a typo) are not streaming.
func Streams(args []string) bool {
	cmd, _, err := NewRootCommand(io.Discard, io.Discard).Find(args)
	if err != nil || cmd == nil {
		return false
	}
	return cmd.Annotations[memoryAnnotation] == "streaming"
}
