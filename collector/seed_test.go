package collector_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"sigs.k8s.io/yaml"

	"github.com/rift-dev/rift/internal/testcluster"
)

// secretsOf are the known credential values planted in a namespace: in a
// Secret (and its last-applied copy), a ConfigMap and an env literal. None
// may appear in any bundle, in any encoding.
func secretsOf(ns string) []string {
	return []string{
		"Sup3r-S3cret-" + ns + "-db",      // Secret stringData
		"tok-" + ns + "-9f8e7d6c5b4a",     // Secret stringData
		"cm-pass-" + ns + "-31337",        // ConfigMap URL userinfo
		"cm-apikey-" + ns + "-a1b2c3d4e5", // ConfigMap credential key
		"env-pass-" + ns + "-424242",      // Deployment env literal
	}
}

// gitSecret is a Secret value committed to Git, which the rendered output
// must not carry either.
const gitSecret = "git-committed-S3cret-77"

// seedManifests returns one namespace's objects as YAML documents.
func seedManifests(ns string) string {
	s := secretsOf(ns)
	lastApplied, _ := json.Marshal(map[string]any{
		"apiVersion": "v1", "kind": "Secret", "metadata": map[string]any{"name": "db-creds", "namespace": ns},
		"stringData": map[string]any{"password": s[0], "token": s[1]},
	})
	la, _ := json.Marshal(string(lastApplied))
	return fmt.Sprintf(`apiVersion: v1
kind: Namespace
metadata: {name: %[1]s}
---
apiVersion: v1
kind: Secret
metadata:
  name: db-creds
  namespace: %[1]s
  labels: {app: web}
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: %[7]s
stringData: {password: %[2]s, token: %[3]s}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: app-config, namespace: %[1]s, labels: {kustomize.toolkit.fluxcd.io/name: %[1]s-apps, kustomize.toolkit.fluxcd.io/namespace: flux-system}}
data:
  DATABASE_URL: postgres://app:%[4]s@db.%[1]s.svc:5432/app
  api_key: %[5]s
  LOG_LEVEL: info
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: %[1]s, labels: {app: web}}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: app
        image: registry.example.com/shop/web:1.4.2
        env:
        - {name: DB_PASSWORD, value: %[6]s}
        - {name: DB_TOKEN, valueFrom: {secretKeyRef: {name: db-creds, key: token}}}
        - {name: LOG_LEVEL, valueFrom: {configMapKeyRef: {name: app-config, key: LOG_LEVEL}}}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: %[1]s}
spec:
  selector: {app: web}
  ports: [{port: 80, targetPort: 8080}]
---
apiVersion: v1
kind: Service
metadata: {name: db, namespace: %[1]s}
spec:
  clusterIP: None
  selector: {app: db}
  ports: [{port: 5432}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db, namespace: %[1]s}
spec:
  serviceName: db
  replicas: 1
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec:
      containers:
      - name: postgres
        image: postgres:16
        env: [{name: POSTGRES_PASSWORD, valueFrom: {secretKeyRef: {name: db-creds, key: password}}}]
---
apiVersion: v1
kind: Event
metadata: {name: web-scaled, namespace: %[1]s}
involvedObject: {apiVersion: apps/v1, kind: Deployment, name: web, namespace: %[1]s}
reason: ScalingReplicaSet
message: Scaled up replica set web to 2
type: Normal
source: {component: deployment-controller}
firstTimestamp: "2026-01-01T00:00:00Z"
lastTimestamp: "2026-01-01T00:00:00Z"
count: 1
`, ns, s[0], s[1], s[2], s[3], s[4], la)
}

// seedCRDs are the CRDs (minimal, schemaless): Flux's and Argo CD's, and
// example.com's kinds for the inventories' custom resources.
var seedCRDs = []struct {
	group, version, kind, plural, scope, columns string
}{
	{"kustomize.toolkit.fluxcd.io", "v1", "Kustomization", "kustomizations", "Namespaced", ""},
	{"source.toolkit.fluxcd.io", "v1", "GitRepository", "gitrepositories", "Namespaced", ""},
	{"argoproj.io", "v1alpha1", "Application", "applications", "Namespaced", ""},
	{"argoproj.io", "v1alpha1", "AppProject", "appprojects", "Namespaced", ""},
	{"example.com", "v1", "Widget", "widgets", "Namespaced", "[{name: Phase, type: string, jsonPath: .status.phase}]"},
	{"example.com", "v1", "Gadget", "gadgets", "Cluster", ""},
	{"example.com", "v1", "Sprocket", "sprockets", "Namespaced", ""},
	{"example.com", "v1", "Doohickey", "doohickeys", "Namespaced", ""},
}

// gitopsCRDs is seedCRDs as manifests.
var gitopsCRDs = func() string {
	var docs []string
	for _, c := range seedCRDs {
		cols := ""
		if c.columns != "" {
			cols = ", additionalPrinterColumns: " + c.columns
		}
		docs = append(docs, fmt.Sprintf(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: %[4]s.%[1]s}
spec:
  group: %[1]s
  names: {kind: %[3]s, listKind: %[3]sList, plural: %[4]s, singular: %[6]s}
  scope: %[5]s
  versions: [{name: %[2]s, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}%[7]s}]`,
			c.group, c.version, c.kind, c.plural, c.scope, strings.ToLower(c.kind), cols))
	}
	return strings.Join(docs, "\n---\n") + "\n"
}()

// gitopsObjects are the Flux and Argo CD objects (one of each targets
// shop, one targets other) and the custom resources their inventories name.
const gitopsObjects = `apiVersion: v1
kind: Namespace
metadata: {name: flux-system}
---
apiVersion: v1
kind: Namespace
metadata: {name: argocd}
---
apiVersion: source.toolkit.fluxcd.io/v1
kind: GitRepository
metadata: {name: deploy, namespace: flux-system}
spec: {url: "https://bot:ghp_pat0123456789abcdef@git.example.com/shop/deploy.git", interval: 1m, ref: {branch: main}}
---
apiVersion: source.toolkit.fluxcd.io/v1
kind: GitRepository
metadata: {name: other-repo, namespace: flux-system}
spec: {url: "https://git.example.com/other.git", interval: 1m}
---
apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata: {name: shop-apps, namespace: flux-system}
spec: {interval: 5m, path: ./apps/shop, prune: true, sourceRef: {kind: GitRepository, name: deploy}, targetNamespace: shop}
status:
  inventory:
    entries:
    - {id: shop_web_apps_Deployment, v: v1}
    - {id: shop_w1_example.com_Widget, v: v1}
    - {id: payments_w3_example.com_Widget, v: v1}
    - {id: _g1_example.com_Gadget, v: v1}
---
apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata: {name: other-apps, namespace: flux-system}
spec: {interval: 5m, path: ./apps/other, sourceRef: {kind: GitRepository, name: other-repo}, targetNamespace: other}
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: shop, namespace: argocd}
spec:
  project: default
  source: {repoURL: "https://git.example.com/shop/deploy.git", path: apps/shop, targetRevision: main}
  destination: {server: "https://kubernetes.default.svc", namespace: shop}
status:
  resources:
  - {group: example.com, version: v1, kind: Doohickey, namespace: shop, name: d1}
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: other, namespace: argocd}
spec:
  project: default
  source: {repoURL: "https://git.example.com/other.git", path: apps/other}
  destination: {server: "https://kubernetes.default.svc", namespace: other}
---
apiVersion: argoproj.io/v1alpha1
kind: AppProject
metadata: {name: default, namespace: argocd}
spec:
  syncWindows: [{kind: deny, schedule: "0 22 * * *", duration: 8h, applications: ["*"]}]
---
apiVersion: argoproj.io/v1alpha1
kind: AppProject
metadata: {name: unused, namespace: argocd}
spec: {}
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: w1, namespace: shop}
status: {phase: Failed}
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: w2, namespace: shop}
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: w3, namespace: payments}
---
apiVersion: example.com/v1
kind: Gadget
metadata: {name: g1}
---
apiVersion: example.com/v1
kind: Gadget
metadata: {name: g2}
---
apiVersion: example.com/v1
kind: Sprocket
metadata: {name: s1, namespace: shop}
---
apiVersion: example.com/v1
kind: Doohickey
metadata: {name: d1, namespace: shop}
`

// apply creates every document of manifests with the dynamic client,
// resolving each kind's resource by a fixed table (no discovery cache to
// go stale after CRDs are added).
func apply(t *testing.T, dc dynamic.Interface, manifests string) {
	t.Helper()
	for _, doc := range strings.Split(manifests, "\n---\n") {
		var obj map[string]any
		if err := yaml.Unmarshal([]byte(doc), &obj); err != nil {
			t.Fatalf("seed: %v\n%s", err, doc)
		}
		u := &unstructured.Unstructured{Object: obj}
		gvr := gvrOf(t, u)
		ri := dc.Resource(gvr).Namespace(u.GetNamespace())
		if _, err := ri.Create(context.Background(), u, metav1.CreateOptions{}); err != nil {
			t.Fatalf("seed %s/%s/%s: %v", u.GetKind(), u.GetNamespace(), u.GetName(), err)
		}
	}
}

var resources = map[string]string{
	"Namespace": "namespaces", "Secret": "secrets", "ConfigMap": "configmaps", "Deployment": "deployments",
	"Service": "services", "StatefulSet": "statefulsets", "Event": "events", "Pod": "pods",
	"CustomResourceDefinition": "customresourcedefinitions", "GitRepository": "gitrepositories",
	"Kustomization": "kustomizations", "Application": "applications", "AppProject": "appprojects", "ClusterRole": "clusterroles",
	"ClusterRoleBinding": "clusterrolebindings", "StorageClass": "storageclasses", "PersistentVolume": "persistentvolumes",
	"PersistentVolumeClaim": "persistentvolumeclaims", "ValidatingWebhookConfiguration": "validatingwebhookconfigurations",
	"Widget": "widgets", "Gadget": "gadgets", "Sprocket": "sprockets", "Doohickey": "doohickeys",
}

func gvrOf(t *testing.T, u *unstructured.Unstructured) schema.GroupVersionResource {
	r, ok := resources[u.GetKind()]
	if !ok {
		t.Fatalf("seed: no resource for kind %s", u.GetKind())
	}
	return u.GroupVersionKind().GroupVersion().WithResource(r)
}

// waitEstablished waits until the CRDs are served.
func waitEstablished(t *testing.T, dc dynamic.Interface) {
	t.Helper()
	for _, c := range seedCRDs {
		gvr := schema.GroupVersionResource{Group: c.group, Version: c.version, Resource: c.plural}
		err := testcluster.WaitFor(context.Background(), time.Minute, func(ctx context.Context) (bool, error) {
			_, err := dc.Resource(gvr).List(ctx, metav1.ListOptions{Limit: 1})
			return err == nil, nil
		})
		if err != nil {
			t.Fatalf("CRD %s not served: %v", gvr, err)
		}
	}
}

// gitRepo builds a clone with apps/shop (kustomize) holding a Deployment
// and a Secret with a committed value, and returns its path and HEAD.
func gitRepo(t *testing.T) (string, string) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"apps/shop/kustomization.yaml": "resources: [deploy.yaml, secret.yaml]\n",
		"apps/shop/deploy.yaml":        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 2\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: app, image: registry.example.com/shop/web:1.4.2}]}\n",
		"apps/shop/secret.yaml":        "apiVersion: v1\nkind: Secret\nmetadata: {name: committed}\nstringData: {password: " + gitSecret + "}\n",
		"apps/other/cm.yaml":           "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: other}\n",
	}
	for p, s := range files {
		full := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
			"GIT_COMMITTER_EMAIL=t@example.com", "GIT_AUTHOR_DATE=2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q", "-b", "main")
	git("add", ".")
	git("commit", "-q", "-m", "shop: web and db credentials")
	return dir, git("rev-parse", "HEAD")
}

// storageAndWebhooks are cluster-scoped objects: shop's claim is bound to
// pv-shop of class fast; pv-other and class slow belong to nobody in scope.
// The webhook matches only a group nothing uses, so it never gets called.
const storageAndWebhooks = `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: fast}
provisioner: example.com/none
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: slow}
provisioner: example.com/none
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-shop}
spec: {capacity: {storage: 1Gi}, accessModes: [ReadWriteOnce], storageClassName: fast, hostPath: {path: /data/shop}}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-other}
spec: {capacity: {storage: 1Gi}, accessModes: [ReadWriteOnce], storageClassName: slow, hostPath: {path: /data/other}}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data, namespace: shop}
spec: {accessModes: [ReadWriteOnce], storageClassName: fast, volumeName: pv-shop, resources: {requests: {storage: 1Gi}}}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: policy}
webhooks:
- name: check.example.com
  admissionReviewVersions: [v1]
  sideEffects: None
  failurePolicy: Ignore
  clientConfig: {url: "https://policy.example.com/check", caBundle: Y2EtYnVuZGxlLXBsYWNlaG9sZGVyLWJ5dGVz}
  rules: [{apiGroups: [example.com], apiVersions: [v1], operations: [CREATE], resources: [widgets]}]
`
