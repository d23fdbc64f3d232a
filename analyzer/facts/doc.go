// Package facts owns the facts every analysis stage reads, normalised
// once per bundle: object keys (a cluster-scoped object has no namespace,
// whatever an event says), events by involved object, owner chains,
// Service→pod selection, pod state and the field accessors that read
// numbers, int-or-percent values and quantities one way.
//
// layers, timeline, hypothesis (the rule input), verify and compare read
// these facts instead of re-reading the raw maps. Each fact is built on
// first use and memoised on the bundle's Index (bundle.Index.Derived), so
// however many stages ask, it is computed once. The package judges
// nothing: convergence, stages and divergences are the layers package's
// verdicts, hypotheses the rules'.
package facts
