package redacttest

import (
	"encoding/base64"
	"fmt"
)

func (c *Corpus) morePlaces() {
	c.podsJSON()
	c.rendered()
	c.previousLog()
	c.conninfo()
}

// conninfo is a libpq keyword/value connection string under a dsn key:
// only the password is a credential; the host, user and database name
// must survive.
func (c *Corpus) conninfo() {
	f := "objects/payments/configmap-ledger.yaml"
	pw := c.secret(f, "password in a dsn=host=... conninfo", "lg-"+c.rand(14, alnum))
	c.keep(f, "conninfo host", "host=ledger-db.payments.svc.cluster.local")
	c.keep(f, "conninfo user", "user=ledger_app")
	c.keep(f, "conninfo dbname", "dbname=ledger")
	c.keep(f, "ODBC server", "Server=ledger-sql.payments.svc")
	c.Files[f] = fmt.Sprintf(`apiVersion: v1
kind: ConfigMap
metadata: {name: ledger, namespace: payments}
data:
  ledger.conf: |
    dsn=host=ledger-db.payments.svc.cluster.local user=ledger_app password=%s dbname=ledger sslmode=require
    odbc_dsn="Server=ledger-sql.payments.svc;Database=ledger;Uid=ledger_app;Pwd=%s"
`, pw, pw)
}

func (c *Corpus) podsJSON() {
	f := "objects/payments/pods.json"
	awsSecret := c.secret(f, "env AWS secret", c.rand(40, alnum+"/+"))
	redisAuth := c.secret(f, "env REDIS_AUTH", "ra-"+c.rand(12, alnum))
	session := c.secret(f, "env SESSION_SECRET", c.rand(48, "0123456789abcdef"))
	apiKeyArg := c.secret(f, "arg --api-key=", "ak-"+c.rand(20, alnum))
	clientSecret := c.secret(f, "clientSecret in JSON annotation", "cs-"+c.rand(20, alnum))
	connStr := c.secret(f, "env CONNECTION_STRING", "Server=tcp:sql.example.net;Database=pay;User ID=pay;Password="+c.rand(16, alnum)+";")
	shell := c.secret(f, "password in sh -c", "shpw-"+c.rand(10, alnum))
	c.keep(f, "valueFrom secret name", "payments-aws")
	c.keep(f, "image", "quay.io/example/payments@sha256:5b0e4a6f2c8d9e1f3a7b5c6d4e2f0a1b3c5d7e9f1a2b4c6d8e0f2a4b6c8d0e2f")
	c.keep(f, "node", "worker-2.prod.example.com")
	c.keep(f, "controller-revision-hash", "payments-6c7b9f5d48")
	c.Files[f] = fmt.Sprintf(`{"apiVersion":"v1","kind":"PodList","items":[{
  "apiVersion":"v1","kind":"Pod",
  "metadata":{"name":"payments-0","namespace":"payments","uid":"%s",
    "labels":{"controller-revision-hash":"payments-6c7b9f5d48"},
    "annotations":{"example.com/oidc":"{\"issuer\":\"https://login.example.com\",\"clientId\":\"payments\",\"clientSecret\":\"%s\"}"}},
  "spec":{"nodeName":"worker-2.prod.example.com","containers":[{
    "name":"payments","image":"quay.io/example/payments@sha256:5b0e4a6f2c8d9e1f3a7b5c6d4e2f0a1b3c5d7e9f1a2b4c6d8e0f2a4b6c8d0e2f",
    "args":["--api-key=%s","--port=8443"],
    "command":["sh","-c","until pg_isready; do sleep 1; done; psql --password=%s -c 'select 1'"],
    "env":[
      {"name":"AWS_ACCESS_KEY_ID","valueFrom":{"secretKeyRef":{"name":"payments-aws","key":"id"}}},
      {"name":"AWS_SECRET_ACCESS_KEY","value":"%s"},
      {"name":"REDIS_AUTH","value":"%s"},
      {"name":"SESSION_SECRET","value":"%s"},
      {"name":"SQL_CONNECTION_STRING","value":"%s"}]}]}}]}
`, c.uid(), clientSecret, apiKeyArg, shell, awsSecret, redisAuth, session, connStr)
}

func (c *Corpus) rendered() {
	f := "git/payments/rendered/all.yaml"
	webhook := c.secret(f, "rendered Secret stringData", "whsec_"+c.rand(32, alnum))
	cronTok := c.secret(f, "CronJob env token", "ct-"+c.rand(18, alnum))
	kcData := c.secret(f, "base64 kubeconfig in Secret data", base64.StdEncoding.EncodeToString([]byte("users:\n- name: a\n  user: {token: "+c.rand(20, alnum)+"}\n")))
	c.keep(f, "schedule", "*/5 * * * *")
	c.keep(f, "service account", "payments-reporter")
	c.Files[f] = fmt.Sprintf(`apiVersion: v1
kind: Secret
metadata: {name: payments-webhook, namespace: payments}
stringData:
  signing-secret: %s
data:
  kubeconfig: %s
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: report, namespace: payments}
spec:
  schedule: "*/5 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          serviceAccountName: payments-reporter
          containers:
          - name: report
            image: ghcr.io/example/report:1.3.0
            env:
            - {name: REPORT_API_TOKEN, value: %s}
`, webhook, kcData, cronTok)
}

func (c *Corpus) previousLog() {
	f := "logs/payments/payments-0/payments.previous.log"
	ssh, lines := c.pemKey("OPENSSH ")
	c.secret(f, "OpenSSH private key line", lines[1])
	pw := c.secret(f, "password in escaped YAML dump", "dump-"+c.rand(12, alnum))
	tok := c.secret(f, "x-access-token in git url", "ghs_"+c.rand(36, alnum))
	auth := c.secret(f, "docker auth in JSON", base64.StdEncoding.EncodeToString([]byte("robot:"+c.rand(20, alnum))))
	xoxp := c.secret(f, "slack user token", "xoxp-"+c.rand(11, digits)+"-"+c.rand(11, digits)+"-"+c.rand(32, "0123456789abcdef"))
	c.keep(f, "panic site", "main.go:142")
	c.keep(f, "pod IP", "10.244.2.9")
	c.Files[f] = fmt.Sprintf(`panic: config error at main.go:142
loaded config: "db:\n  user: pay\n  password: %s\n  host: 10.244.2.9\n"
git fetch https://x-access-token:%s@github.com/example/payments.git
registry config {"auths":{"quay.io":{"auth":"%s"}}}
slack %s
deploy key:
%s`, pw, tok, auth, xoxp, ssh)
}
