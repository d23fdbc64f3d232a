// Package evidence holds the citation type shared by layers, stages,
// divergences, timeline entries and hypotheses: every claim rift makes points
// at an object, a field, an event or a log line in the bundle.
package evidence

import (
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// Evidence cites one fact from the bundle.
type Evidence struct {
	// Object is the object the fact was read from.
	Object *bundle.Ref `json:"object,omitempty"`
	// Path is the field path within Object, e.g. status.observedGeneration
	// or spec.template.spec.containers[name=kafka].readinessProbe.
	Path string `json:"path,omitempty"`
	// Event cites an Event by reason (and Object is the involved object).
	Event string `json:"event,omitempty"`
	// File is a bundle file (log tail, check, source.yaml) when the fact is
	// not an object field.
	File string `json:"file,omitempty"`
	// Time is when the fact was true or observed, when known.
	Time *time.Time `json:"time,omitempty"`
	// Message says what the fact is, in one line.
	Message string `json:"message"`
}
