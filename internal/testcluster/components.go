package testcluster

import (
	"fmt"
	"strconv"
	"strings"
)

// layout holds every path and port one cluster's components share.
type layout struct {
	dir, logDir, etcdData           string
	etcdClient, etcdPeer            int
	apiserver, kcm, scheduler, kwok int
	ca, caKey, saKey, saPub         string
	serveCert, serveKey             string
	adminCert, adminKey             string
	adminKubeconfig, kcmKubeconfig  string
	schedulerKubeconfig, kwokConfig string
	stages                          []string
}

// noWatchList turns streaming lists off on both sides: they need etcd's
// RequestWatchProgress, which Debian's etcd 3.4 lacks, and informers that
// try them back off for tens of seconds before falling back to LIST.
const noWatchList = "--feature-gates=WatchList=false,WatchListClient=false"

// fakeNodeAnnotation marks the Nodes kwok manages; nothing else in a test
// cluster is a node, but the selector keeps kwok away from real ones if a
// test ever registers them.
const fakeNodeAnnotation = "kwok.x-k8s.io/node"

func etcdArgs(l *layout) []string {
	client := "http://127.0.0.1:" + strconv.Itoa(l.etcdClient)
	peer := "http://127.0.0.1:" + strconv.Itoa(l.etcdPeer)
	return []string{
		"--name=rift-test",
		"--data-dir=" + l.etcdData,
		"--listen-client-urls=" + client,
		"--advertise-client-urls=" + client,
		"--listen-peer-urls=" + peer,
		"--initial-advertise-peer-urls=" + peer,
		"--initial-cluster=rift-test=" + peer,
		"--initial-cluster-state=new",
		"--logger=zap",
		"--log-level=warn",
		// Tests create tens of thousands of objects; compact early.
		"--snapshot-count=10000",
		"--quota-backend-bytes=4294967296",
	}
}

func apiserverArgs(l *layout, extra []string) []string {
	args := []string{
		"--etcd-servers=http://127.0.0.1:" + strconv.Itoa(l.etcdClient),
		"--bind-address=127.0.0.1",
		"--advertise-address=127.0.0.1",
		"--secure-port=" + strconv.Itoa(l.apiserver),
		"--tls-cert-file=" + l.serveCert,
		"--tls-private-key-file=" + l.serveKey,
		"--client-ca-file=" + l.ca,
		"--authorization-mode=Node,RBAC",
		// The default admission chain (NamespaceLifecycle, LimitRanger,
		// ServiceAccount, DefaultStorageClass, ResourceQuota, ...) stays on;
		// NodeRestriction is the one the Node authorizer expects next to it.
		"--enable-admission-plugins=NodeRestriction",
		// Admission webhooks reach their Service through its endpoints,
		// as on control planes outside the cluster network (GKE, EKS with
		// konnectivity): a webhook whose pods are not ready fails with the
		// API server's own "no endpoints available for service", where
		// ClusterIP routing would dial an address this host cannot route.
		"--enable-aggregator-routing=true",
		"--service-account-issuer=https://kubernetes.default.svc.cluster.local",
		"--service-account-key-file=" + l.saPub,
		"--service-account-signing-key-file=" + l.saKey,
		"--service-cluster-ip-range=10.96.0.0/16",
		"--allow-privileged=true",
		// Logs and exec go to kwok's server, which poses as the kubelet.
		"--kubelet-client-certificate=" + l.adminCert,
		"--kubelet-client-key=" + l.adminKey,
		"--kubelet-preferred-address-types=InternalIP,Hostname",
		// A loopback advertise address is not a valid Endpoints address; the
		// test cluster has no in-cluster clients of the kubernetes Service.
		"--endpoint-reconciler-type=none",
		"--profiling=false",
		noWatchList,
		"--v=1",
	}
	return append(args, extra...)
}

func controllerManagerArgs(l *layout, extra []string) []string {
	args := []string{
		"--kubeconfig=" + l.kcmKubeconfig,
		"--authentication-kubeconfig=" + l.kcmKubeconfig,
		"--authorization-kubeconfig=" + l.kcmKubeconfig,
		"--bind-address=127.0.0.1",
		"--secure-port=" + strconv.Itoa(l.kcm),
		"--leader-elect=false",
		"--controllers=*",
		// Each controller acts under its own ServiceAccount, as in a real
		// cluster, so Events and managedFields name the real controller.
		"--use-service-account-credentials=true",
		"--service-account-private-key-file=" + l.saKey,
		"--root-ca-file=" + l.ca,
		"--cluster-signing-cert-file=" + l.ca,
		"--cluster-signing-key-file=" + l.caKey,
		"--cluster-name=rift-test",
		"--allocate-node-cidrs=false",
		"--profiling=false",
		noWatchList,
		"--v=1",
	}
	return append(args, extra...)
}

func schedulerArgs(l *layout, extra []string) []string {
	args := []string{
		"--kubeconfig=" + l.schedulerKubeconfig,
		"--authentication-kubeconfig=" + l.schedulerKubeconfig,
		"--authorization-kubeconfig=" + l.schedulerKubeconfig,
		"--bind-address=127.0.0.1",
		"--secure-port=" + strconv.Itoa(l.scheduler),
		"--leader-elect=false",
		"--profiling=false",
		noWatchList,
		"--v=1",
	}
	return append(args, extra...)
}

func kwokArgs(l *layout) []string {
	port := strconv.Itoa(l.kwok)
	return []string{
		"--kubeconfig=" + l.adminKubeconfig,
		"--config=" + strings.Join(append([]string{l.kwokConfig}, l.stages...), ","),
		"--manage-all-nodes=false",
		"--manage-nodes-with-annotation-selector=" + fakeNodeAnnotation + "=fake",
		"--node-ip=127.0.0.1",
		"--node-port=" + port,
		"--server-address=127.0.0.1:" + port,
		"--tls-cert-file=" + l.serveCert,
		"--tls-private-key-file=" + l.serveKey,
		// kwok renews node Leases like a kubelet, so the node lifecycle
		// controller keeps running and lifts the not-ready taint itself.
		"--node-lease-duration-seconds=40",
		// Room for thousands of pods.
		"--cidr=10.0.0.0/16",
	}
}

// kwokConfiguration is the base kwok config file plus extra documents;
// the default Stages come from the toolchain's stage files.
func kwokConfiguration(extra []string) string {
	var b strings.Builder
	// kwok applies its option defaults only when no KwokConfiguration is
	// given, so every parallelism is spelled out.
	b.WriteString(`apiVersion: config.kwok.x-k8s.io/v1alpha1
kind: KwokConfiguration
options:
  podPlayStageParallelism: 8
  nodePlayStageParallelism: 4
  nodeLeaseParallelism: 4
  podsOnNodeSyncParallelism: 2
  enablePodsOnNodeSyncListPager: true
  enablePodsOnNodeSyncStreamWatch: false
  enableDebuggingHandlers: true
`)
	for _, s := range extra {
		fmt.Fprintf(&b, "---\n%s\n", strings.TrimSpace(s))
	}
	return b.String()
}
