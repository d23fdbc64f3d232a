package layers

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func mustYAML(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := yaml.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func paths(ds []delta) []string {
	out := []string{}
	for _, d := range ds {
		out = append(out, d.path.String())
	}
	return out
}

func TestDeclaredDiff(t *testing.T) {
	tests := []struct {
		name               string
		expected, observed string
		want               []string
	}{
		{"quantity 0.5 equals 500m", `{resources: {requests: {cpu: "0.5"}}}`, `{resources: {requests: {cpu: 500m}}}`, []string{}},
		{"quantity 1Gi equals 1024Mi", `{resources: {limits: {memory: 1Gi}}}`, `{resources: {limits: {memory: 1024Mi}}}`, []string{}},
		{"quantity number equals string", `{resources: {limits: {cpu: 2}}}`, `{resources: {limits: {cpu: "2"}}}`, []string{}},
		{"quantity differs by value", `{resources: {limits: {memory: 768Mi}}}`, `{resources: {limits: {memory: 384Mi}}}`, []string{"resources.limits.memory"}},
		{"sizeLimit is a quantity", `{emptyDir: {sizeLimit: 1Gi}}`, `{emptyDir: {sizeLimit: 1024Mi}}`, []string{}},
		{"quantity rule only under resource maps", `{env: [{name: A, value: "0.5"}]}`, `{env: [{name: A, value: 500m}]}`, []string{"env[name=A]"}},
		{"number equals numeric string", `{port: 8080}`, `{port: "8080"}`, []string{}},
		{"two strings compare as text", `{value: "08"}`, `{value: "8"}`, []string{"value"}},
		{"server default not a difference", `{image: nginx}`, `{image: nginx, imagePullPolicy: Always, terminationMessagePath: /dev/termination-log}`, []string{}},
		{"declared zero equals omitted", `{hostNetwork: false, resources: {}}`, `{}`, []string{}},
		{"missing declared field", `{serviceAccountName: web}`, `{}`, []string{"serviceAccountName"}},
		{
			"containers merge by name whatever the order",
			`{containers: [{name: a, image: a:1}, {name: b, image: b:1}]}`,
			`{containers: [{name: b, image: b:1}, {name: a, image: a:2}]}`,
			[]string{"containers[name=a].image"},
		},
		{"missing container", `{containers: [{name: a}]}`, `{containers: [{name: b}]}`, []string{"containers[name=a]"}},
		{
			"env by name, injected env ignored",
			`{env: [{name: A, value: "1"}, {name: B, value: "2"}]}`,
			`{env: [{name: INJECTED, value: x}, {name: B, value: "2"}, {name: A, value: "1"}]}`,
			[]string{},
		},
		{"env value change reported whole", `{env: [{name: A, value: "1"}]}`, `{env: [{name: A, value: "2"}]}`, []string{"env[name=A]"}},
		{
			"injected token volume ignored",
			`{volumes: [{name: data, persistentVolumeClaim: {claimName: d}}]}`,
			`{volumes: [{name: kube-api-access-x, projected: {sources: []}}, {name: data, persistentVolumeClaim: {claimName: d}}]}`,
			[]string{},
		},
		{
			"volumeMounts by name",
			`{volumeMounts: [{name: data, mountPath: /data}]}`,
			`{volumeMounts: [{name: token, mountPath: /var/run/secrets}, {name: data, mountPath: /srv}]}`,
			[]string{"volumeMounts[name=data]"},
		},
		{
			"ports by containerPort and defaulted protocol",
			`{ports: [{containerPort: 9092, name: kafka}]}`,
			`{ports: [{containerPort: 9092, name: kafka, protocol: TCP}]}`,
			[]string{},
		},
		{"UDP port is another port", `{ports: [{containerPort: 53, protocol: UDP}]}`, `{ports: [{containerPort: 53, protocol: TCP}]}`, []string{"ports[containerPort=53,protocol=UDP]"}},
		{
			"default tolerations are extras",
			`{tolerations: [{key: dedicated, operator: Equal, value: kafka, effect: NoSchedule}]}`,
			`{tolerations: [{key: node.kubernetes.io/not-ready, operator: Exists, effect: NoExecute, tolerationSeconds: 300}, {key: dedicated, operator: Equal, value: kafka, effect: NoSchedule}]}`,
			[]string{},
		},
		{
			"Exists toleration subsumes an Equal one (server toleration merge)",
			`{tolerations: [{key: node.cloudprovider.kubernetes.io/uninitialized, value: "true", effect: NoSchedule}]}`,
			`{tolerations: [{key: node.cloudprovider.kubernetes.io/uninitialized, operator: Exists, effect: NoSchedule}]}`,
			[]string{},
		},
		{
			"a toleration for another effect does not subsume",
			`{tolerations: [{key: k, value: "true", effect: NoSchedule}]}`,
			`{tolerations: [{key: k, operator: Exists, effect: NoExecute}]}`,
			[]string{"tolerations[0]"},
		},
		{"probe handler change is one divergence", `{readinessProbe: {tcpSocket: {port: 9092}}}`, `{readinessProbe: {exec: {command: [x]}, timeoutSeconds: 1}}`, []string{"readinessProbe"}},
		{"probe defaults are not a divergence", `{readinessProbe: {tcpSocket: {port: 9092}}}`, `{readinessProbe: {tcpSocket: {port: 9092}, periodSeconds: 10, failureThreshold: 3}}`, []string{}},
		{"image pinned to a digest by admission", `{image: "nginx:1.27"}`, `{image: "nginx:1.27@sha256:0123abcd"}`, []string{}},
		{"pinned image of another tag", `{image: "nginx:1.27"}`, `{image: "nginx:1.26@sha256:0123abcd"}`, []string{"image"}},
		{"Flux postBuild variable", `{env: [{name: CLUSTER, value: "${cluster_name}"}]}`, `{env: [{name: CLUSTER, value: prod-eu-1}]}`, []string{}},
		{"Flux variable with default in a longer string", `{image: "ghcr.io/acme/web:${TAG:=1.0}"}`, `{image: "ghcr.io/acme/web:1.4.2"}`, []string{}},
		{"Flux variable for a number", `{replicas: "${REPLICAS}"}`, `{replicas: 3}`, []string{}},
		{"text around a variable still compared", `{image: "ghcr.io/acme/web:${TAG}"}`, `{image: "docker.io/acme/web:1.4.2"}`, []string{"image"}},
		{"args compared in order", `{args: [a, b]}`, `{args: [b, a]}`, []string{"args"}},
		{"extra arg is a divergence", `{args: [a]}`, `{args: [a, b]}`, []string{"args"}},
		{"type mismatch", `{selector: {app: x}}`, `{selector: x}`, []string{"selector"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := paths(declaredDiff(mustYAML(t, tc.expected), mustYAML(t, tc.observed), nil, nil))
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("paths (-want +got):\n%s", d)
			}
		})
	}
}

func TestFieldOwner(t *testing.T) {
	obj := mustYAML(t, `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
  managedFields:
  - manager: kustomize-controller
    operation: Apply
    time: "2026-01-01T00:00:00Z"
    fieldsV1:
      f:spec:
        f:template:
          f:spec:
            f:containers:
              k:{"name":"web"}:
                f:image: {}
  - manager: kubectl-set
    operation: Update
    time: "2026-01-02T00:00:00Z"
    fieldsV1:
      f:spec:
        f:template:
          f:spec:
            f:containers:
              k:{"name":"web"}:
                f:image: {}
                f:ports:
                  k:{"containerPort":8080,"protocol":"TCP"}:
                    f:containerPort: {}
  - manager: kube-controller-manager
    operation: Update
    subresource: scale
    time: "2026-01-03T00:00:00Z"
    fieldsV1:
      f:spec:
        f:replicas: {}
`)
	o := objectOf(obj)
	base := fieldPath{}.key("spec").key("template").key("spec").key("containers")
	tests := []struct {
		name string
		path fieldPath
		want string
	}{
		{"kubectl-set owns the image", base.with(seg{match: []kv{{"name", "web"}}}).key("image"), "kubectl-set"},
		{"port by containerPort and protocol", base.with(seg{match: []kv{{"name", "web"}}}).key("ports").with(seg{match: []kv{{"containerPort", int64(8080)}, {"protocol", "TCP"}}}), "kubectl-set"},
		{"HPA scale subresource owns replicas", fieldPath{}.key("spec").key("replicas"), "kube-controller-manager"},
		{"applier alone owns nothing to report", fieldPath{}.key("spec").key("paused"), ""},
		{"other container", base.with(seg{match: []kv{{"name", "sidecar"}}}).key("image"), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := fieldOwner(o, tc.path, appliers, bundle.NewFieldSets()); got != tc.want {
				t.Errorf("owner = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestRedactSecretLookingValues(t *testing.T) {
	env := fieldPath{}.key("spec").key("containers").with(seg{match: []kv{{"name", "app"}}}).key("env")
	tests := []struct {
		name      string
		path      fieldPath
		value     any
		hidden    string
		stillSeen string
	}{
		{"env element", env.with(seg{match: []kv{{"name", "DB_PASSWORD"}}}), map[string]any{"name": "DB_PASSWORD", "value": "hunter2"}, "hunter2", "DB_PASSWORD"},
		{"env value leaf", env.with(seg{match: []kv{{"name", "API_TOKEN"}}}).key("value"), "tok-123", "tok-123", "redacted"},
		{"whole missing container", fieldPath{}.key("spec").key("containers").with(seg{match: []kv{{"name", "app"}}}),
			map[string]any{"name": "app", "env": []any{map[string]any{"name": "AWS_SECRET_ACCESS_KEY", "value": "abc/xyz"}}}, "abc/xyz", "AWS_SECRET_ACCESS_KEY"},
		{"args", fieldPath{}.key("args"), []any{"--db-password=s3cret", "--port=80"}, "s3cret", "--port=80"},
		{"plain env kept", env.with(seg{match: []kv{{"name", "LOG_LEVEL"}}}), map[string]any{"name": "LOG_LEVEL", "value": "debug"}, "", "debug"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := string(toJSON(redact(tc.path, tc.value)))
			if tc.hidden != "" && contains(got, tc.hidden) {
				t.Errorf("secret-looking value shown: %s", got)
			}
			if !contains(got, tc.stillSeen) {
				t.Errorf("%q missing from %s", tc.stillSeen, got)
			}
		})
	}
}
