package redacttest

import (
	"encoding/base64"
	"fmt"
	"strings"
)

func (c *Corpus) configMaps() {
	f := "objects/shop/configmaps.yaml"
	awsID := c.secret(f, "aws access key id", "AKIA"+c.rand(16, upper+"234567"))
	awsSecret := c.secret(f, "aws secret key", c.rand(40, alnum+"/+"))
	dsn := c.secret(f, "postgres DSN password", "pg-"+c.rand(12, alnum))
	mysql := c.secret(f, "mysql DSN password", "my-"+c.rand(12, alnum))
	props := c.secret(f, "properties password", "prop-"+c.rand(12, alnum))
	signing := c.secret(f, "high-entropy signing key", c.rand(40, alnum+"+/"))
	stripe := c.secret(f, "stripe key", "sk_live_"+c.rand(24, alnum))
	sendgrid := c.secret(f, "sendgrid key", "SG."+c.rand(22, alnum)+"."+c.rand(43, alnum))
	azureConn := c.secret(f, "azure storage key", c.rand(86, alnum+"+/")+"==")
	b64Inner := "GITHUB_TOKEN=ghp_" + c.rand(36, alnum) + "\n"
	c.secret(f, "github token inside base64 (decoded)", strings.TrimSpace(strings.TrimPrefix(b64Inner, "GITHUB_TOKEN=")))
	binary := c.secret(f, "base64 of env file", base64.StdEncoding.EncodeToString([]byte(b64Inner)))
	sa, saKey := c.serviceAccount()
	c.secret(f, "service account private key line", saKey)
	kc, kcToken := c.kubeconfig()
	c.secret(f, "kubeconfig token", kcToken)
	userLit := c.secret(f, "user literal", "corp-vault-passphrase-"+c.rand(8, lower))
	c.keep(f, "ordinary config", "max_connections=200")
	c.keep(f, "hostname", "api.payments.example.com")
	c.keep(f, "IP", "10.96.0.10")
	c.keep(f, "git sha", "3f9c2a1b7d4e5f60718293a4b5c6d7e8f9012345")
	c.Files[f] = fmt.Sprintf(`apiVersion: v1
kind: ConfigMap
metadata:
  name: app-config
  namespace: shop
data:
  AWS_ACCESS_KEY_ID: %s
  application.properties: |
    max_connections=200
    spring.datasource.url=postgres://app:%s@db.shop.svc.cluster.local:5432/shop
    spring.datasource.password=%s
    aws_secret_access_key = %s
    dns.server=10.96.0.10
    build.revision=3f9c2a1b7d4e5f60718293a4b5c6d7e8f9012345
  mysql.dsn: app:%s@tcp(mysql.shop:3306)/orders?parseTime=true
  upstream: https://api.payments.example.com/v2
  signingKey: %s
  payments.json: '{"endpoint":"https://api.payments.example.com","stripeKey":"%s","sendgrid":"%s"}'
  storage: DefaultEndpointsProtocol=https;AccountName=shopdata;AccountKey=%s;EndpointSuffix=core.windows.net
  note: owner is %s
binaryData:
  env: %s
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: cloud-creds
  namespace: shop
data:
  sa.json: |
%s
  kubeconfig: |
%s
`, awsID, dsn, props, awsSecret, mysql, signing, stripe, sendgrid, azureConn, userLit, binary, indent(sa, "    "), indent(kc, "    "))
}

func (c *Corpus) serviceAccount() (string, string) {
	pem, lines := c.pemKey("")
	js := strings.ReplaceAll(pem, "\n", `\n`)
	return fmt.Sprintf(`{
  "type": "service_account",
  "project_id": "shop-prod",
  "private_key_id": "%s",
  "private_key": "%s",
  "client_email": "deployer@shop-prod.iam.gserviceaccount.com"
}`, c.hex(40), js), lines[3]
}

func (c *Corpus) kubeconfig() (string, string) {
	tok := "sha256~" + c.rand(43, alnum+"-_")
	return fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- name: prod
  cluster:
    server: https://api.prod.example.com:6443
contexts:
- name: prod
  context: {cluster: prod, user: admin}
current-context: prod
users:
- name: admin
  user:
    token: %s
`, tok), tok
}
