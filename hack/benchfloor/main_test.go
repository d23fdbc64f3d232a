package main

import "testing"

// TestObjectFile: the floor decodes what rift's importers read as objects
// and leaves out logs, metadata and the files collectors write twice.
func TestObjectFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"objects/team-000/pods.yaml", true},
		{"bundle.yaml", false},
		{"logs/team-000/p/app.log", false},
		{"sb/cluster-resources/pods/team-000.json", true},
		{"sb/cluster-resources/custom-resources/kustomizations.kustomize.toolkit.fluxcd.io/flux-system.json", true},
		{"sb/cluster-resources/custom-resources/kustomizations.kustomize.toolkit.fluxcd.io/flux-system.yaml", false},
		{"sb/cluster-resources/auth-cani-list/default.json", false},
		{"sb/cluster-resources/groups.json", false},
		{"sb/cluster-resources/pods/logs/team-000/p/app.log", false},
		{"sb/version.yaml", false},
		{"mg/img/namespaces/team-000/core/pods.yaml", true},
		{"mg/img/namespaces/team-000/team-000.yaml", true},
		{"mg/img/namespaces/team-000/pods/p-1/p-1.yaml", false},
		{"mg/img/namespaces/team-000/pods/p-1/app/app/logs/current.log", false},
		{"mg/img/cluster-scoped-resources/core/nodes/node-1.yaml", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := objectFile(tc.name); got != tc.want {
				t.Errorf("objectFile(%q) = %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}
