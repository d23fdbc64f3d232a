// Package scenarios reproduces recorded incidents on a real control plane
// (internal/testcluster) and records them as fixtures: each scenario drives
// the real controllers through client-go, plays the kubelet where kwok
// cannot (probe results, OOM kills, image pulls), keeps the desired state
// in a local Git repository, and is then collected like any cluster.
//
// Scenarios never mark their own objects for the analyzer: they build the
// cluster state the incident had, and the analysis has to find it.
package scenarios

import (
	"context"
	"fmt"
	"regexp"

	"github.com/rift-dev/rift/internal/testcluster"
)

// Scenario is one incident. Run builds the state on the cluster; Check then
// asserts the facts the fixture exists for (what the real controllers did),
// so a recorder whose cluster no longer reproduces the incident fails
// instead of recording a wrong fixture.
type Scenario struct {
	// Name is the fixture directory under fixtures/.
	Name string
	// Question is what the fixture's expect.yaml asks.
	Question string
	// Namespaces are collected; everything else is outside the scope.
	Namespaces []string
	// Cluster tunes the control plane, e.g. extra kwok stages.
	Cluster testcluster.Options
	// Run reproduces the incident.
	Run func(ctx context.Context, e *Env) error
	// Check verifies the reproduced state before collection.
	Check func(ctx context.Context, e *Env) error
}

var validName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Validate reports a scenario that cannot be recorded.
func (s Scenario) Validate() error {
	switch {
	case !validName.MatchString(s.Name):
		return fmt.Errorf("scenario %q: name must be lower-case words joined by '-'", s.Name)
	case len(s.Namespaces) == 0:
		return fmt.Errorf("scenario %s: no namespaces to collect", s.Name)
	case s.Run == nil || s.Check == nil:
		return fmt.Errorf("scenario %s: Run and Check are required", s.Name)
	}
	return nil
}
