package facts

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func TestClaimBlocked(t *testing.T) {
	pvc := func(phase, class string) *bundle.Object {
		o := selObject("v1", "PersistentVolumeClaim", "shop", "data", nil, map[string]any{"storageClassName": class})
		o.Object["metadata"].(map[string]any)["uid"] = "pvc-1"
		o.Object["status"] = map[string]any{"phase": phase}
		return o
	}
	event := func(msg string) *bundle.Object {
		e := selObject("v1", "Event", "shop", "data.1", nil, nil)
		e.Object["involvedObject"] = map[string]any{"kind": "PersistentVolumeClaim", "namespace": "shop", "name": "data", "uid": "pvc-1"}
		e.Object["reason"], e.Object["type"], e.Object["message"] = "ProvisioningFailed", "Warning", msg
		e.Object["lastTimestamp"] = "2026-12-01T10:00:00Z"
		return e
	}
	class := func(name, provisioner string) *bundle.Object {
		o := selObject("storage.k8s.io/v1", "StorageClass", "", name, nil, nil)
		o.Object["provisioner"] = provisioner
		return o
	}
	tests := []struct {
		name string
		objs []*bundle.Object
		want string
	}{
		{"class missing", []*bundle.Object{pvc("Pending", "fast"), event(`storageclass.storage.k8s.io "fast" not found`)}, "StorageClass fast does not exist"},
		{"no provisioner", []*bundle.Object{pvc("Pending", "local"), class("local", "kubernetes.io/no-provisioner"), event("no volume plugin matched name: kubernetes.io/no-provisioner")}, "StorageClass local has no provisioner"},
		{"class collected after all", []*bundle.Object{pvc("Pending", "fast"), class("fast", "ebs.csi.aws.com"), event(`storageclass.storage.k8s.io "fast" not found`)}, ""},
		{"no event: may still bind", []*bundle.Object{pvc("Pending", "fast")}, ""},
		{"bound", []*bundle.Object{pvc("Bound", "fast"), event(`storageclass.storage.k8s.io "fast" not found`)}, ""},
		{"provisioner exists", []*bundle.Object{pvc("Pending", "std"), class("std", "ebs.csi.aws.com"), event("timeout")}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ix := bundle.NewIndex(tc.objs, nil)
			r, ok := ClaimBlocked(ix, tc.objs[0])
			got := ""
			if ok {
				got = r
				if tc.want != "" && strings.Contains(r, tc.want) {
					got = tc.want
				}
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("ClaimBlocked (-want +got):\n%s", d)
			}
		})
	}
}
