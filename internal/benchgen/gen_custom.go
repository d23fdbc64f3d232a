package benchgen

import (
	"fmt"
	"time"
)

// customKind is one kind of the custom-resource mix: where it is filed,
// how many of every 20 custom resources are of it, which of them fail
// (the k-th of the kind fails when k%failEvery == failAt) and what its
// operator writes.
type customKind struct {
	apiVersion, kind, resource string
	per20                      int
	failEvery, failAt          int
	// body returns spec and status of the k-th object named name in
	// namespace ns, failed or not, that its operator last reported on at.
	body func(name, ns string, k int, fail bool, at time.Time) (spec, status map[string]any)
}

// CustomMix is the custom-resource mix (Config.CustomResources), per 20:
// kinds of the operators real clusters run, every one judged by an
// embedded health rule (policies/health) but the Prometheus operator's
// Alertmanager, which no rule claims and the kstatus fallback judges.
// About 3% of them fail (34 of 1,000).
var CustomMix = []customKind{
	{"cert-manager.io/v1", "Certificate", "certificates", 3, 40, 17, certificate},
	{"cert-manager.io/v1", "Issuer", "issuers", 1, 50, 5, issuer},
	{"argoproj.io/v1alpha1", "Rollout", "rollouts", 3, 30, 11, rollout},
	{"argoproj.io/v1alpha1", "AnalysisRun", "analysisruns", 1, 10, 3, analysisRun},
	{"kafka.strimzi.io/v1beta2", "Kafka", "kafkas", 1, 20, 7, kafka},
	{"kafka.strimzi.io/v1beta2", "KafkaTopic", "kafkatopics", 3, 50, 23, kafkaTopic},
	{"kafka.strimzi.io/v1beta2", "KafkaUser", "kafkausers", 1, 30, 13, kafkaUser},
	{"s3.aws.upbound.io/v1beta1", "Bucket", "buckets", 2, 25, 9, bucket},
	{"keda.sh/v1alpha1", "ScaledObject", "scaledobjects", 3, 40, 13, scaledObject},
	{"postgresql.cnpg.io/v1", "Cluster", "clusters", 1, 30, 9, cnpgCluster},
	{"monitoring.coreos.com/v1", "Alertmanager", "alertmanagers", 1, 30, 7, alertmanager},
}

// customSlots maps c%20 to the index in CustomMix of the c-th custom
// resource's kind.
var customSlots = func() []int {
	var out []int
	for i, k := range CustomMix {
		for range k.per20 {
			out = append(out, i)
		}
	}
	return out
}()

// CustomCounts returns how many custom resources of each kind a bundle
// with n of them holds.
func CustomCounts(n int) map[string]int {
	c := map[string]int{}
	for i := range n {
		c[CustomMix[customSlots[i%len(customSlots)]].kind]++
	}
	return c
}

// custom adds Config.CustomResources custom resources of CustomMix, spread
// over the Deployments' namespaces. Each carries the labels Flux's
// kustomize-controller sets on what it applies, naming the Kustomization
// of its namespace (gitops: team-NNN targets namespace team-NNN), so that
// rift analyses each as a rollout subject of its own.
func (g *gen) custom() {
	D := max(g.n["Deployment"], 1)
	seen := make([]int, len(CustomMix))
	for c := range g.cfg.CustomResources {
		ki := customSlots[c%len(customSlots)]
		ck, k := CustomMix[ki], seen[ki]
		seen[ki]++
		ns := namespace(c % D)
		name := fmt.Sprintf("%s-%d", shortName[ck.kind], k)
		at := CaptureTime.Add(-time.Duration(20+g.rng.IntN(40)) * time.Minute)
		spec, status := ck.body(name, ns, k, k%ck.failEvery == ck.failAt, at)
		m := meta(name, ns, "cr-"+name, at.Add(-24*time.Hour), map[string]any{
			"app.kubernetes.io/part-of":             "platform",
			"kustomize.toolkit.fluxcd.io/name":      ns,
			"kustomize.toolkit.fluxcd.io/namespace": "flux-system",
		})
		m["generation"] = int64(1)
		if ck.kind == "Rollout" {
			m["generation"] = int64(4)
		}
		g.add(ns, ck.resource, map[string]any{"apiVersion": ck.apiVersion, "kind": ck.kind, "metadata": m, "spec": spec, "status": status})
	}
}

// shortName prefixes the names of a kind's objects.
var shortName = map[string]string{
	"Certificate": "cert", "Issuer": "issuer", "Rollout": "rollout", "AnalysisRun": "analysis",
	"Kafka": "kafka", "KafkaTopic": "topic", "KafkaUser": "user", "Bucket": "bucket",
	"ScaledObject": "scaler", "Cluster": "pg", "Alertmanager": "alerts",
}
