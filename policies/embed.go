// Package policies holds rift's built-in Rego rules, one rule family per
// file with its unit tests beside it, embedded into the binary. The rules
// read the input contract documented in docs/rules.md and emit hypotheses;
// the engine in analyzer/hypothesis loads, checks and evaluates them.
package policies

import "embed"

// FS holds every built-in .rego file, rules and their _test.rego files: the
// hypothesis rules at the root of the file system, the health rules (one
// family of group/kinds per file, analyzer/health) under health/.
//
//go:embed *.rego health/*.rego
var FS embed.FS

// Causality is causality.yaml, the one table of which failure reason
// explains which (timeline.DefaultExplanations reads it).
//
//go:embed causality.yaml
var Causality []byte
