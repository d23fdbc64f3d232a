// Package health judges one object of one API group and kind: has it
// reached the state its spec declares? It holds the registry of health
// rules keyed by group and kind (the Go judgements the layers package
// declares for the core and GitOps kinds, the Rego rules of
// policies/health and the user's --policy directories) and the generic
// fallback that reads the conventions most controllers follow (kstatus:
// observedGeneration against generation, and the Ready, Available,
// Reconciling and Stalled conditions).
//
// A judgement is a Result: a Status, a reason and the fields it read. The
// registry looks a rule up once per group and kind; each Rego query is
// prepared once (a user's when the registry is loaded, an embedded one on
// its first use) and evaluated once per object. The package does no I/O after Load and never reads
// the clock.
package health
