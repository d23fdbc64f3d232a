package layers

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// project is an AppProject "retail" in argocd with the given syncWindows.
func project(windows string) string {
	return `apiVersion: argoproj.io/v1alpha1
kind: AppProject
metadata: {name: retail, namespace: argocd}
spec: {syncWindows: ` + windows + `}
---
`
}

// windowApp is the shop Application of project retail: automated sync with
// selfHeal, synced at aaa… while Git holds bbb… (pending), or at bbb… when
// synced is true.
func windowApp(atTarget bool) string {
	op := syncedA
	if atTarget {
		op = synced
	}
	return `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: shop, namespace: argocd}
spec:
  project: retail
  destination: {server: "https://kubernetes.default.svc", namespace: shop}
  syncPolicy: {automated: {prune: true, selfHeal: true}}
status:
  sync: {status: OutOfSync, revision: bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb}
  health: {status: Healthy}
  operationState: ` + op + "\n"
}

// TestSyncWindows places AppProject sync windows at capture time
// (2026-12-02T22:30:00Z, a Wednesday) and checks what they do to a
// pending automated sync and to selfHeal.
func TestSyncWindows(t *testing.T) {
	const heldNightly = `AppProject/argocd/retail spec.syncWindows[0] (deny "0 21 * * *" for 8h, UTC)`
	tests := []struct {
		name, windows  string
		atTarget       bool
		state, setting string
		verdict        string
	}{
		{"an open deny window holds the new revision", `[{kind: deny, schedule: "0 21 * * *", duration: 8h, applications: ["*"]}]`, false, ApplyHeld, heldNightly, Blocked},
		{"a closed deny window lets it sync", `[{kind: deny, schedule: "0 1 * * *", duration: 1h, applications: ["*"]}]`, false, ApplyApplying, "", Progressing},
		{"a deny window for other applications", `[{kind: deny, schedule: "0 21 * * *", duration: 8h, applications: ["billing-*"]}]`, false, ApplyApplying, "", Progressing},
		{"a namespace glob matches", `[{kind: deny, schedule: "0 21 * * *", duration: 8h, namespaces: ["sh?p"]}]`, false, ApplyHeld, `AppProject/argocd/retail spec.syncWindows[0] (deny "0 21 * * *" for 8h, UTC)`, Blocked},
		{"a cluster glob matches the server URL", `[{kind: deny, schedule: "0 21 * * *", duration: 8h, clusters: ["https://kubernetes.*"]}]`, false, ApplyHeld, heldNightly, Blocked},
		{"andOperator needs every list to match", `[{kind: deny, schedule: "0 21 * * *", duration: 8h, applications: ["shop"], namespaces: ["billing"], andOperator: true}]`, false, ApplyApplying, "", Progressing},
		{"closed allow windows hold it", `[{kind: allow, schedule: "0 6 * * 1-5", duration: 2h, applications: ["*"]}]`, false, ApplyHeld, `AppProject/argocd/retail spec.syncWindows[0] (allow "0 6 * * 1-5" for 2h, UTC)`, Blocked},
		{"an open allow window lets it sync", `[{kind: allow, schedule: "0 22 * * *", duration: 1h, applications: ["*"]}, {kind: allow, schedule: "0 6 * * *", duration: 1h, applications: ["*"]}]`, false, ApplyApplying, "", Progressing},
		{"the window's time zone", `[{kind: deny, schedule: "0 7 * * *", duration: 1h, timeZone: Asia/Tokyo, applications: ["*"]}]`, false, ApplyHeld, `AppProject/argocd/retail spec.syncWindows[0] (deny "0 7 * * *" for 1h, Asia/Tokyo)`, Blocked},
		{"the same hour in UTC is closed", `[{kind: deny, schedule: "0 7 * * *", duration: 1h, applications: ["*"]}]`, false, ApplyApplying, "", Progressing},
		{"a schedule Argo CD refuses is skipped", `[{kind: deny, schedule: "every night", duration: 8h, applications: ["*"]}]`, false, ApplyApplying, "", Progressing},
		{"an open deny window stops selfHeal", `[{kind: deny, schedule: "0 21 * * *", duration: 8h, applications: ["*"]}]`, true, ApplyIdle, heldNightly, Blocked},
	}
	now := time.Date(2026, 12, 2, 22, 30, 0, 0, time.UTC)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fromYAML(t, argoDeploy+project(tt.windows)+windowApp(tt.atTarget))
			b.CaptureTime = now
			ws := Build(b)
			w := findWorkload(t, ws, "Deployment/shop/web")
			if w.Apply == nil {
				t.Fatal("no apply state")
			}
			if d := cmp.Diff([2]string{tt.state, tt.setting}, [2]string{w.Apply.State, w.Apply.Setting}); d != "" {
				t.Errorf("state, setting (-want +got):\n%s\nreason: %s", d, w.Apply.Reason)
			}
			if app := findWorkload(t, ws, "Application/argocd/shop"); app.Convergence != tt.verdict {
				t.Errorf("Application convergence %s, want %s (%s)", app.Convergence, tt.verdict, app.ConvergenceReason)
			}
		})
	}
}

// TestSyncWindowUntil checks when the reason says a sync may run again.
func TestSyncWindowUntil(t *testing.T) {
	b := fromYAML(t, argoDeploy+project(`[{kind: deny, schedule: "0 21 * * *", duration: 8h, manualSync: true, applications: ["*"]}]`)+windowApp(false))
	b.CaptureTime = time.Date(2026, 12, 2, 22, 30, 0, 0, time.UTC)
	w := findWorkload(t, Build(b), "Deployment/shop/web")
	want := "automated sync of bbbbbbbbbbbb is refused by an open deny sync window of AppProject retail until it closes at 2026-12-03T05:00:00Z; a manual sync may run (manualSync: true); aaaaaaaaaaaa was synced last"
	if d := cmp.Diff(want, w.Apply.Reason); d != "" {
		t.Errorf("reason (-want +got):\n%s", d)
	}
}
