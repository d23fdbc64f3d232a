package redacttest

import (
	"encoding/base64"
	"fmt"
	"strings"
)

func (c *Corpus) eventsAndPods() {
	f := "objects/shop/events.yaml"
	bearer := c.secret(f, "bearer token in event", c.rand(40, alnum))
	jwt := c.secret(f, "jwt in event", c.jwt())
	slack := c.secret(f, "slack webhook in event", "https://hooks.slack.com/services/T"+c.rand(8, upper+digits)+"/B"+c.rand(8, upper+digits)+"/"+c.rand(24, alnum))
	uid := c.keep(f, "involved uid", c.uid())
	c.keep(f, "event reason", "BackOff")
	c.keep(f, "event reason", "FailedMount")
	c.keep(f, "controller-revision-hash", "web-7d9f8b6c54")
	c.keep(f, "pod IP", "10.244.1.17")
	c.keep(f, "node name", "ip-10-0-3-41.eu-west-1.compute.internal")
	c.Files[f] = fmt.Sprintf(`apiVersion: v1
kind: Event
metadata:
  name: web-0.17a8
  namespace: shop
involvedObject:
  kind: Pod
  name: web-0
  uid: %s
reason: BackOff
message: 'Back-off pulling image: GET https://registry.example.com/v2/ with header "Authorization: Bearer %s" failed'
---
apiVersion: v1
kind: Event
metadata:
  name: web-0.17a9
  namespace: shop
involvedObject: {kind: Pod, name: web-0}
reason: FailedMount
message: MountVolume.SetUp failed; projected token %s rejected; notify %s
source: {host: ip-10-0-3-41.eu-west-1.compute.internal}
---
apiVersion: v1
kind: Pod
metadata:
  name: web-0
  namespace: shop
  labels: {controller-revision-hash: web-7d9f8b6c54}
status:
  podIP: 10.244.1.17
  hostIP: 10.0.3.41
`, uid, bearer, jwt, slack)
}

func (c *Corpus) logs() {
	f := "logs/shop/web-0/web.log"
	basic := c.secret(f, "basic auth header", base64.StdEncoding.EncodeToString([]byte("admin:"+c.rand(14, alnum))))
	apiKey := c.secret(f, "apiKey in escaped JSON", c.rand(32, alnum))
	pwAssign := c.secret(f, "password= in log", "lg-"+c.rand(14, alnum))
	gitlab := c.secret(f, "gitlab token", "glpat-"+c.rand(20, alnum+"-_"))
	slackTok := c.secret(f, "slack bot token", "xoxb-"+c.rand(12, digits)+"-"+c.rand(13, digits)+"-"+c.rand(24, alnum))
	gcp := c.secret(f, "gcp api key", "AIza"+c.rand(35, alnum+"_-"))
	oauth := c.secret(f, "google oauth token", "ya29."+c.rand(60, alnum+"_-"))
	azureSecret := c.secret(f, "azure client secret", c.rand(3, alnum)+"8Q~"+c.rand(34, alnum+"_~.-"))
	sas := c.secret(f, "azure SAS signature", c.rand(43, alnum)+"%3D")
	awsB64 := "AKIA" + c.rand(16, upper+"234567")
	c.secret(f, "aws key id inside base64 (decoded)", awsB64)
	b64 := c.secret(f, "base64 of aws key id", base64.StdEncoding.EncodeToString([]byte("aws_access_key_id="+awsB64)))
	pem, lines := c.pemKey("RSA ")
	c.secret(f, "PEM private key line", lines[4])
	npm := c.secret(f, "npm token", "npm_"+c.rand(36, alnum))
	pat := c.secret(f, "github fine-grained PAT", "github_pat_"+c.rand(22, alnum)+"_"+c.rand(59, alnum))
	c.keep(f, "request path", "GET /api/v1/orders?limit=50")
	c.keep(f, "image", "ghcr.io/example/shop-web:v1.42.0")
	c.keep(f, "sha", "a94a8fe5ccb19ba61c4c0873d391e987982fbbd3")
	c.keep(f, "IP", "192.168.12.40")
	c.keep(f, "token setting", "token_ttl=3600")
	c.Files[f] = fmt.Sprintf(`2026-03-04T05:00:01Z INFO starting shop-web image=ghcr.io/example/shop-web:v1.42.0 commit=a94a8fe5ccb19ba61c4c0873d391e987982fbbd3
2026-03-04T05:00:02Z DEBUG outgoing request Authorization: Basic %s
2026-03-04T05:00:03Z DEBUG payload="{\"merchant\":\"acme\",\"apiKey\":\"%s\",\"amount\":12}"
2026-03-04T05:00:04Z WARN retrying db connect host=192.168.12.40 user=app password=%s
2026-03-04T05:00:05Z INFO GET /api/v1/orders?limit=50 200 token_ttl=3600
2026-03-04T05:00:06Z DEBUG cloning https://oauth2:%s@gitlab.example.com/shop/app.git
2026-03-04T05:00:07Z DEBUG slack client token=%s
2026-03-04T05:00:08Z DEBUG maps key %s oauth %s
2026-03-04T05:00:09Z DEBUG azure client secret %s
2026-03-04T05:00:10Z DEBUG upload https://shopdata.blob.core.windows.net/c/x?sv=2022-11-02&sp=r&sig=%s
2026-03-04T05:00:11Z DEBUG env blob %s
2026-03-04T05:00:12Z ERROR could not parse key:
%s2026-03-04T05:00:13Z DEBUG npmrc //registry.npmjs.org/:_authToken=%s
2026-03-04T05:00:14Z DEBUG gh %s
`, basic, apiKey, pwAssign, gitlab, slackTok, gcp, oauth, azureSecret, sas, b64, pem, npm, pat)
}

func (c *Corpus) gitFiles() {
	f := "git/shop/files/apps/web/values.yaml"
	redisPw := c.secret(f, "helm values password", "rd-"+c.rand(16, alnum))
	ecKey, lines := c.pemKey("EC ")
	c.secret(f, "EC private key line", lines[2])
	c.keep(f, "chart version", "4.12.1")
	c.keep(f, "ingress host", "shop.example.com")
	c.Files[f] = fmt.Sprintf(`# values for the web chart
replicaCount: 3
image:
  tag: "4.12.1"
ingress:
  host: shop.example.com
redis:
  auth:
    password: %s
tls:
  key: |
%s
`, redisPw, indent(ecKey, "    "))
	g := "git/shop/files/.env"
	dsn := c.secret(g, "DSN in .env", "envpg-"+c.rand(12, alnum))
	ghs := c.secret(g, "github app token", "ghs_"+c.rand(36, alnum))
	c.keep(g, "feature flag", "FEATURE_CHECKOUT_V2=true")
	c.Files[g] = fmt.Sprintf("DATABASE_URL=postgresql://shop:%s@10.0.5.20:5432/shop\nGH_TOKEN=%s\nFEATURE_CHECKOUT_V2=true\n", dsn, ghs)
	s := "git/shop/source.yaml"
	cloneTok := c.secret(s, "userinfo in source url", c.rand(20, alnum))
	c.keep(s, "revision", "9b2d5e7c1a3f4b6d8e0f1a2b3c4d5e6f7a8b9c0d")
	c.Files[s] = fmt.Sprintf(`url: https://deploy:%s@github.com/example/shop.git
ref: main
revision: 9b2d5e7c1a3f4b6d8e0f1a2b3c4d5e6f7a8b9c0d
renderer: kustomize
`, cloneTok)
}

func (c *Corpus) checks() {
	f := "checks/checkout.yaml"
	tok := c.secret(f, "session cookie in check detail", c.rand(32, alnum+"+/"))
	c.keep(f, "check detail", "HTTP 503 from 10.96.44.2:443")
	c.Files[f] = fmt.Sprintf(`name: checkout
target: https://shop.example.com/checkout
ok: false
detail: 'HTTP 503 from 10.96.44.2:443; request had Cookie: session=%s'
`, tok)
}

// UserLiterals are the values the corpus expects a --redact-config to
// list as literals.
func (c *Corpus) UserLiterals() []string {
	var out []string
	for _, s := range c.Secrets {
		if s.Kind == "user literal" {
			out = append(out, s.Value)
		}
	}
	return out
}

// Encodings are the forms a leaked value could take in output: raw and
// base64 (padded and unpadded).
func Encodings(v string) []string {
	out := []string{v}
	if len(v) >= 12 {
		out = append(out, base64.StdEncoding.EncodeToString([]byte(v)), strings.TrimRight(base64.StdEncoding.EncodeToString([]byte(v)), "="))
	}
	return out
}

// B64 is standard base64 of s.
func B64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
