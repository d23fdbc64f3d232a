package bundle

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func mustDecode(t *testing.T, file, data string) []*Object {
	t.Helper()
	objs, errs := DecodeDocuments(file, []byte(data))
	if len(errs) > 0 {
		t.Fatalf("decoding %s: %v", file, errs)
	}
	return objs
}

func TestNew(t *testing.T) {
	created := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	pod := "apiVersion: v1\nkind: Pod\nmetadata: {name: web-1, namespace: shop, creationTimestamp: \"2024-05-01T10:00:00Z\"}\nstatus:\n  conditions:\n  - {type: Ready, status: \"False\", lastTransitionTime: \"2024-05-01T10:05:00Z\"}\n"
	tests := []struct {
		name         string
		meta         Meta
		objs         []*Object
		wantCapture  time.Time
		wantInferred bool
		wantObjects  []string
		wantErrors   []string
	}{{
		name:         "capture time inferred from latest time field",
		objs:         mustDecode(t, "objects/pods.yaml", pod),
		wantCapture:  time.Date(2024, 5, 1, 10, 5, 0, 0, time.UTC),
		wantInferred: true,
		wantObjects:  []string{"objects/pods.yaml[0] Pod/shop/web-1"},
	}, {
		name:        "createdAt wins; later duplicate reported and dropped",
		meta:        Meta{CreatedAt: &created},
		objs:        append(mustDecode(t, "objects/z.yaml", pod), mustDecode(t, "objects/a.yaml", pod)...),
		wantCapture: created,
		wantObjects: []string{"objects/a.yaml[0] Pod/shop/web-1"},
		wantErrors:  []string{"objects/z.yaml[0]: Pod/shop/web-1: duplicate object, first read from objects/a.yaml[0]; this copy is ignored"},
	}, {
		name:         "no data at all",
		wantInferred: true,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := New(FormatDirectory, tc.meta, tc.objs, nil, nil, nil)
			var objs, errs []string
			for _, o := range b.Objects {
				objs = append(objs, o.Source.File+"["+string(rune('0'+o.Source.Doc))+"] "+o.Ref().String())
			}
			for _, e := range b.Errors {
				errs = append(errs, e.Error())
			}
			if diff := cmp.Diff(tc.wantObjects, objs); diff != "" {
				t.Errorf("objects (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantErrors, errs); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
			if !b.CaptureTime.Equal(tc.wantCapture) || b.CaptureTimeInferred != tc.wantInferred {
				t.Errorf("capture = %v inferred=%v, want %v inferred=%v", b.CaptureTime, b.CaptureTimeInferred, tc.wantCapture, tc.wantInferred)
			}
			if len(b.Objects) > 0 {
				if _, ok := b.Index.Get(b.Objects[0].Key()); !ok {
					t.Errorf("index does not hold %s", b.Objects[0].Ref())
				}
			}
		})
	}
}
