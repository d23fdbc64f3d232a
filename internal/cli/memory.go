package cli

import (
	"io"

	"github.com/rift-dev/rift/internal/memory"
)

// memoryAnnotation marks a streaming command: one whose garbage must be
// collected for its memory to stay bounded (collect and redact read,
// transform and write data piece by piece; test runs one analysis after
// another). It documents the command; MemoryPolicy decides from
// batchCommands.
const memoryAnnotation = "rift.dev/memory"

// streaming is the annotations of a streaming command, a map of its own
// for each command.
func streaming() map[string]string { return map[string]string{memoryAnnotation: "streaming"} }

// batchCommands are the commands that build one analysis (two for diff)
// whose heap mostly grows until the output is written: they run under
// memory.Batch. The list is opt-in: a command not named here runs under
// memory.Steady, Go's collector settings, so a new command (a server, a
// generator) cannot inherit a policy that lets its garbage grow to three
// quarters of the machine. dev gen-bundle did: 11.6 GB and 111 s at 100k
// objects, against 0.83 GB and 18 s with Go's defaults.
var batchCommands = map[string]bool{
	"rift analyze":    true,
	"rift diff":       true,
	"rift inspect":    true,
	"rift timeline":   true,
	"rift verify":     true,
	"rift dev phases": true,
}

// residentCommands are the servers: they load a bundle once and hold it
// while they answer, and run under memory.Resident (Batch while they load,
// then Go's collector; they call memory.Loaded in between). Under Steady
// rift serve loaded a 100k-object bundle with 4.8-5.2 s of CPU against
// 1.5-1.7 s for rift inspect's same load under Batch: the load faulted in
// 4 KiB pages (inspect with RIFT_HUGEPAGES=0: 5.1-5.3 s) and the
// collections Go's default target made while the heap grew left freed
// spans that the runtime cleared again before reusing.
var residentCommands = map[string]bool{
	"rift serve": true,
	"rift shell": true,
}

// MemoryPolicy is the memory policy of the command args (without the
// program name) run: memory.Batch for the batch commands, memory.Resident
// for the servers, memory.Steady for every other. It resolves the command as Execute would, without
// running it; args naming no command (help, a typo) get Steady, since
// they build nothing.
func MemoryPolicy(args []string) memory.Policy {
	cmd, _, err := NewRootCommand(io.Discard, io.Discard).Find(args)
	switch {
	case err != nil || cmd == nil:
		return memory.Steady
	case batchCommands[cmd.CommandPath()]:
		return memory.Batch
	case residentCommands[cmd.CommandPath()]:
		return memory.Resident
	}
	return memory.Steady
}
