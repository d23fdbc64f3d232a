package benchgen

import (
	"fmt"
	"time"
)

const revision = "4f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39"

// config adds ConfigMaps and Secrets (metadata and key names only: the
// generator never writes a secret value).
func (g *gen) config() {
	created := CaptureTime.Add(-20 * 24 * time.Hour)
	for c := range g.n["ConfigMap"] {
		ns := fmt.Sprintf("team-%03d", c/70)
		name := fmt.Sprintf("config-%d", c)
		g.add(ns, "configmaps", map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": meta(name, ns, name, created, nil),
			"data": map[string]any{"LOG_LEVEL": "info", "DB_HOST": fmt.Sprintf("db-%d", c%5), "FEATURE_FLAGS": "checkout,search"}})
	}
	for s := range g.n["Secret"] {
		ns := fmt.Sprintf("team-%03d", s/40)
		name := fmt.Sprintf("secret-%d", s)
		g.add(ns, "secrets", map[string]any{"apiVersion": "v1", "kind": "Secret", "type": "Opaque", "metadata": meta(name, ns, name, created, nil)})
	}
}

// gitops adds Flux GitRepositories, Kustomizations and HelmReleases and Argo
// CD Applications. Every 7th Kustomization fails to apply, every 4th
// HelmRelease fails to upgrade, and every 9th Application is out of sync;
// an Application whose Deployment fails is Degraded.
func (g *gen) gitops() {
	G, D := g.n["GitRepository"], g.n["Deployment"]
	at := CaptureTime.Add(-50 * time.Minute)
	for r := range G {
		name := fmt.Sprintf("repo-%d", r)
		g.add("flux-system", "gitrepositories", map[string]any{"apiVersion": "source.toolkit.fluxcd.io/v1", "kind": "GitRepository",
			"metadata": map[string]any{"name": name, "namespace": "flux-system", "uid": name, "generation": int64(1)},
			"spec":     map[string]any{"url": fmt.Sprintf("https://git.example.com/acme/%s.git", name), "ref": map[string]any{"branch": "main"}, "interval": "1m"},
			"status": map[string]any{"observedGeneration": int64(1), "artifact": map[string]any{"revision": "main@sha1:" + revision, "lastUpdateTime": ts(at)},
				"conditions": []any{condition("Ready", true, "Succeeded", "stored artifact for revision 'main@sha1:"+revision+"'", at)}}})
	}
	for k := range g.n["Kustomization"] {
		name := fmt.Sprintf("team-%03d", k)
		ok := k%7 != 6
		reason, msg := "ReconciliationSucceeded", "Applied revision: main@sha1:"+revision
		if !ok {
			reason, msg = "ReconciliationFailed", "Deployment/"+name+"/app-x dry-run failed: spec.template.spec.containers[0].image: Required value"
		}
		g.add("flux-system", "kustomizations", map[string]any{"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization",
			"metadata": map[string]any{"name": name, "namespace": "flux-system", "uid": "ks-" + name, "generation": int64(1)},
			"spec": map[string]any{"interval": "5m", "path": "./apps/" + name, "prune": true, "targetNamespace": name,
				"sourceRef": map[string]any{"kind": "GitRepository", "name": fmt.Sprintf("repo-%d", k%max(G, 1))}},
			"status": map[string]any{"observedGeneration": int64(1), "lastAttemptedRevision": "main@sha1:" + revision, "lastAppliedRevision": "main@sha1:" + revision,
				"conditions": []any{condition("Ready", ok, reason, msg, at.Add(time.Duration(k%60)*time.Second))}}})
	}
	for h := range g.n["HelmRelease"] {
		ns, name := namespace(h), fmt.Sprintf("release-%d", h)
		ok := h%4 != 1
		reason := "UpgradeSucceeded"
		if !ok {
			reason = "UpgradeFailed"
		}
		g.add(ns, "helmreleases", map[string]any{"apiVersion": "helm.toolkit.fluxcd.io/v2", "kind": "HelmRelease",
			"metadata": map[string]any{"name": name, "namespace": ns, "uid": "hr-" + name, "generation": int64(2)},
			"spec":     map[string]any{"interval": "10m", "chart": map[string]any{"spec": map[string]any{"chart": "app", "version": "1.2.0", "sourceRef": map[string]any{"kind": "HelmRepository", "name": "charts", "namespace": "flux-system"}}}},
			"status": map[string]any{"observedGeneration": int64(2), "lastAttemptedRevision": "1.2.0",
				"conditions": []any{condition("Ready", ok, reason, "Helm upgrade "+map[bool]string{true: "succeeded", false: "failed: context deadline exceeded"}[ok], at)}}})
	}
	for a := range g.n["Application"] {
		d := a % max(D, 1)
		name, dest := fmt.Sprintf("app-%d", a), namespace(d)
		sync, health := "Synced", "Healthy"
		if a%9 == 4 {
			sync = "OutOfSync"
		}
		if D > 0 && deployFails(d) {
			health = "Degraded"
		}
		g.add("argocd", "applications", map[string]any{"apiVersion": "argoproj.io/v1alpha1", "kind": "Application",
			"metadata": map[string]any{"name": name, "namespace": "argocd", "uid": "argo-" + name},
			"spec": map[string]any{"project": "default", "destination": map[string]any{"server": "https://kubernetes.default.svc", "namespace": dest},
				"source": map[string]any{"repoURL": "https://git.example.com/acme/deploy.git", "path": "apps/" + deployName(d), "targetRevision": "main"}},
			"status": map[string]any{"sync": map[string]any{"status": sync, "revision": revision},
				"health":    map[string]any{"status": health},
				"resources": []any{map[string]any{"group": "apps", "version": "v1", "kind": "Deployment", "namespace": dest, "name": deployName(d), "status": sync, "health": map[string]any{"status": health}}},
				"operationState": map[string]any{"phase": "Succeeded", "startedAt": ts(at), "finishedAt": ts(at.Add(20 * time.Second)),
					"syncResult": map[string]any{"revision": revision}}}})
	}
}
