package redacttest

import (
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"strings"
)

// Planted is one value placed in the corpus.
type Planted struct {
	// Kind says what it is, for failure messages.
	Kind string
	// File is the bundle path it was planted in.
	File string
	// Value is the value as planted (for encoded secrets, the encoding).
	Value string
}

// Corpus is a bundle's worth of files with secrets and non-secrets planted
// in every place redaction must reach: YAML and JSON objects, Lists, env,
// args, annotations, last-applied-configuration, ConfigMaps, Secrets,
// events, logs, Git files and source.yaml, checks, base64 and escaped JSON.
type Corpus struct {
	// Files maps bundle path to content.
	Files map[string]string
	// Secrets must not survive redaction, raw or base64-encoded.
	Secrets []Planted
	// NonSecrets must survive unchanged.
	NonSecrets []Planted
	rng        *rand.Rand
}

const (
	upper  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	lower  = "abcdefghijklmnopqrstuvwxyz"
	digits = "0123456789"
	alnum  = upper + lower + digits
	b64    = alnum + "+/"
)

func (c *Corpus) rand(n int, alphabet string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[c.rng.IntN(len(alphabet))]
	}
	return string(b)
}

// secret records v as planted in file and returns it.
func (c *Corpus) secret(file, kind, v string) string {
	c.Secrets = append(c.Secrets, Planted{kind, file, v})
	return v
}

func (c *Corpus) keep(file, kind, v string) string {
	c.NonSecrets = append(c.NonSecrets, Planted{kind, file, v})
	return v
}

func (c *Corpus) jwt() string {
	h := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"RS256","kid":"` + c.rand(12, alnum) + `","typ":"JWT"}`))
	p := base64.RawURLEncoding.EncodeToString([]byte(`{"iss":"kubernetes/serviceaccount","sub":"system:serviceaccount:shop:` + c.rand(6, lower) + `"}`))
	return h + "." + p + "." + c.rand(86, alnum+"-_")
}

func (c *Corpus) pemKey(kind string) (string, []string) {
	var lines []string
	for range 8 {
		lines = append(lines, c.rand(64, b64))
	}
	return "-----BEGIN " + kind + "PRIVATE KEY-----\n" + strings.Join(lines, "\n") + "\n-----END " + kind + "PRIVATE KEY-----\n", lines
}

func (c *Corpus) uid() string {
	h := "0123456789abcdef"
	return c.rand(8, h) + "-" + c.rand(4, h) + "-" + c.rand(4, h) + "-" + c.rand(4, h) + "-" + c.rand(12, h)
}

func (c *Corpus) hex(n int) string { return c.rand(n, "0123456789abcdef") }

func indent(s, pre string) string {
	return pre + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n"+pre)
}

// New builds the planted-secret corpus. It is generated (seeded, so the
// same every run) rather than checked in, so that no secret scanner flags
// the repository itself. The values are fake but shaped like real ones.
func New() *Corpus {
	c := &Corpus{Files: map[string]string{}, rng: rand.New(rand.NewPCG(8, 2026))}
	c.deployment()
	c.secretsFile()
	c.configMaps()
	c.eventsAndPods()
	c.logs()
	c.gitFiles()
	c.checks()
	c.morePlaces()
	return c
}

func (c *Corpus) deployment() {
	f := "objects/shop/deployments.yaml"
	uid, rsHash, image := c.uid(), c.rand(10, "bcdfghjklmnpqrstvwxz2456789"), "registry.example.com/shop/web@sha256:"+c.hex(64)
	c.keep(f, "uid", uid)
	c.keep(f, "pod-template-hash", rsHash)
	c.keep(f, "image digest", image)
	c.keep(f, "hostname", "db.shop.svc.cluster.local")
	c.keep(f, "config value", "LOG_LEVEL")
	c.keep(f, "secret name", "web-db-credentials")
	pw := c.secret(f, "env password", "Tr0ub4dor&3-"+c.rand(6, alnum))
	tok := c.secret(f, "env api token", c.rand(32, alnum))
	argPw := c.secret(f, "arg --password=", "pa55-"+c.rand(10, alnum))
	argP := c.secret(f, "arg -p", "mysql-"+c.rand(10, alnum))
	argTok := c.secret(f, "arg --token", c.rand(24, alnum))
	lastPw := c.secret(f, "env password in last-applied", "la-"+c.rand(14, alnum))
	annToken := c.secret(f, "github token in annotation", "ghp_"+c.rand(36, alnum))
	lastApplied := fmt.Sprintf(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"shop"},"spec":{"template":{"spec":{"containers":[{"name":"web","env":[{"name":"DB_PASSWORD","value":"%s"}]}]}}}}`, lastPw)
	c.Files[f] = fmt.Sprintf(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
  uid: %s
  resourceVersion: "184467"
  annotations:
    deployment.kubernetes.io/revision: "7"
    ci.example.com/deploy-token: %s
    kubectl.kubernetes.io/last-applied-configuration: |
      %s
spec:
  template:
    metadata:
      labels:
        app: web
        pod-template-hash: %s
    spec:
      containers:
      - name: web
        image: %s
        args: ["--listen=:8080", "--password=%s", "--token", "%s"]
        env:
        - name: LOG_LEVEL
          value: debug
        - name: DB_HOST
          value: db.shop.svc.cluster.local
        - name: DB_PASSWORD
          value: %q
        - name: PAYMENTS_API_TOKEN
          value: %s
        - name: DB_PASSWORD_FROM_SECRET
          valueFrom:
            secretKeyRef:
              name: web-db-credentials
              key: password
      - name: migrate
        image: mysql:8.0
        command: ["mysql", "-h", "db", "-u", "root", "-p", "%s"]
`, uid, annToken, lastApplied, rsHash, image, argPw, argTok, pw, tok, argP)
}

func (c *Corpus) secretsFile() {
	f := "objects/shop/secrets.json"
	dbPw := c.secret(f, "Secret data", base64.StdEncoding.EncodeToString([]byte("s3cr3t-"+c.rand(12, alnum))))
	strData := c.secret(f, "Secret stringData", "sd-"+c.rand(20, alnum))
	helm := c.secret(f, "helm release payload", base64.StdEncoding.EncodeToString([]byte("H4sIAAAAAAAA"+c.rand(40, b64))))
	docker := c.secret(f, "dockerconfigjson", base64.StdEncoding.EncodeToString([]byte(`{"auths":{"registry.example.com":{"auth":"`+
		base64.StdEncoding.EncodeToString([]byte("ci:"+c.rand(16, alnum)))+`"}}}`)))
	lastSecret := c.secret(f, "Secret last-applied", "lasec-"+c.rand(16, alnum))
	uid := c.keep(f, "uid", c.uid())
	c.keep(f, "secret type", "kubernetes.io/dockerconfigjson")
	c.Files[f] = fmt.Sprintf(`{
  "apiVersion": "v1",
  "kind": "List",
  "items": [
    {"apiVersion": "v1", "kind": "Secret", "type": "Opaque",
     "metadata": {"name": "web-db-credentials", "namespace": "shop", "uid": %q,
       "annotations": {"kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"stringData\":{\"password\":\"%s\"}}"}},
     "data": {"password": %q}, "stringData": {"api": %q}},
    {"apiVersion": "v1", "kind": "Secret", "type": "helm.sh/release.v1",
     "metadata": {"name": "sh.helm.release.v1.web.v3", "namespace": "shop", "labels": {"owner": "helm", "status": "deployed"}},
     "data": {"release": %q}},
    {"apiVersion": "v1", "kind": "Secret", "type": "kubernetes.io/dockerconfigjson",
     "metadata": {"name": "regcred", "namespace": "shop"},
     "data": {".dockerconfigjson": %q}}
  ]
}
`, uid, lastSecret, dbPw, strData, helm, docker)
}
