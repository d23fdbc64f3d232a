// Package layers rebuilds, from a recorded bundle alone, where declared
// intent and running reality part ways for every workload: the eight state
// layers (desired → rendered → gitops → applied → controller → runtime →
// dependencies → external), the seven rollout stages, the declared fields
// on which two layers diverge, and a convergence verdict with its reason.
//
// Build is the entry point. It links objects only through real ownership
// (ownerReferences, Flux labels and inventories, Argo CD tracking ids and
// status.resources, source references), reads controller semantics rather
// than copying kstatus or Argo CD health, and reports "unknown" wherever
// the bundle lacks the data. docs/layers.md describes the rules.
package layers
