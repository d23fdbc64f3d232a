package verify

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func TestVerifyArgoApplication(t *testing.T) {
	tests := []struct {
		name     string
		revision string
		mutate   func(map[string]*bundle.Object)
		want     Status
	}{
		{name: "synced to the wanted revision", revision: "9f8e7d6", want: Pass},
		{name: "synced to another revision", revision: "1234567", want: Fail},
		{
			name: "OutOfSync at the wanted revision", revision: "9f8e7d6", want: Fail,
			mutate: func(m map[string]*bundle.Object) {
				set(m["Application/argocd/web"], "OutOfSync", "status", "sync", "status")
			},
		},
		{
			name: "sync revision not recorded", revision: "9f8e7d6", want: Unknown,
			mutate: func(m map[string]*bundle.Object) {
				set(m["Application/argocd/web"], map[string]any{"status": "Synced"}, "status", "sync")
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, r := load(t, "argo-application-synced.yaml", nil, tc.mutate)
			res, err := Verify(b, r, Config{Revision: tc.revision})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]Status{}
			for _, c := range res.Checks {
				if c.Name == CheckRevision {
					got[c.Subject] = c.Status
				}
			}
			if diff := cmp.Diff(map[string]Status{"Application/argocd/web": tc.want}, got); diff != "" {
				t.Errorf("revision checks (-want +got):\n%s\n%+v", diff, res.Checks)
			}
		})
	}
}
