// Package imageupdateverify reproduces an image update that must be
// verified by source revision, applied digest and rollout state: Git
// promotes catalog-api from one pinned digest to the next, Flux applies the
// commit, and the Deployment controller rolls all three replicas onto the
// new template, so revision and rollout both look done. One replica's
// runtime, though, reports a different image digest than the pin (the
// kubelet's containerStatuses[].imageID): what runs is not the promoted
// artifact everywhere. The neighbour catalog-search runs its pin on every
// pod.
package imageupdateverify

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.tmpl
var desired embed.FS

const (
	ns        = "storefront"
	gitPath   = "deploy/storefront"
	apiRepo   = "registry.example.com/storefront/catalog-api"
	srchRepo  = "registry.example.com/storefront/catalog-search"
	apiSelect = "app.kubernetes.io/name=catalog-api"
	srchSel   = "app.kubernetes.io/name=catalog-search"
)

// Digests of the builds, derived from their names so that a re-recording
// pins the same ones.
var (
	apiOld   = digest("catalog-api 2026.11.28-2")
	apiNew   = digest("catalog-api 2026.11.29-4")
	apiStray = digest("catalog-api 2026.11.29-3")
	search   = digest("catalog-search 7.4.1")
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "storefront", URL: "https://git.example.com/shop/storefront-env.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/image-update-verify.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "image-update-verify",
		Question:   "is catalog-api build 2026.11.29-4 what runs everywhere now?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func digest(build string) string {
	s := sha256.Sum256([]byte(build))
	return "sha256:" + hex.EncodeToString(s[:])
}

func manifests(apiDigest string) (map[string][]byte, error) {
	out := map[string][]byte{}
	for name, d := range map[string]string{"catalog-api.yaml": apiDigest, "catalog-search.yaml": search} {
		b, err := desired.ReadFile("desired/" + name + ".tmpl")
		if err != nil {
			return nil, err
		}
		out[path.Join(gitPath, name)] = []byte(strings.ReplaceAll(string(b), "{{DIGEST}}", d))
	}
	return out, nil
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "aks-userpool-31718369-vmss000000", "aks-userpool-31718369-vmss000001", "aks-userpool-31718369-vmss000002"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := manifests(apiOld)
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "storefront: catalog-api 2026.11.28-2, catalog-search 7.4.1", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "catalog-search", scenarios.Available(2)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "catalog-api", scenarios.Available(3)); err != nil {
		return err
	}
	srch, err := e.PodsWithImage(ctx, ns, srchSel, srchRepo+"@"+search)
	if err != nil || len(srch) != 2 {
		return fmt.Errorf("catalog-search pods: %d (%v)", len(srch), err)
	}
	for _, p := range srch {
		if err := e.SetImageID(ctx, ns, p.Name, "search", srchRepo+"@"+search); err != nil {
			return err
		}
	}
	if err := e.StartupRefusals(ctx, &srch[0], "search", 9200, "/_health", 3); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	v2, err := manifests(apiNew)
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "storefront: promote catalog-api 2026.11.29-4 ("+apiNew+")", time.Now(), v2); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	// Available(3) alone would hold for the old template until the
	// controller observes the new generation.
	if err := e.Wait(ctx, "catalog-api rolled onto the new pin", 3*time.Minute, func(ctx context.Context) (bool, error) {
		pods, err := e.PodsWithImage(ctx, ns, apiSelect, apiRepo+"@"+apiOld)
		if err != nil || len(pods) != 0 {
			return false, fmt.Errorf("%d pods of the old pin left (%v)", len(pods), err)
		}
		return true, nil
	}); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "catalog-api", scenarios.Available(3)); err != nil {
		return err
	}
	pods, err := e.PodsWithImage(ctx, ns, apiSelect, apiRepo+"@"+apiNew)
	if err != nil || len(pods) != 3 {
		return fmt.Errorf("catalog-api pods of the new pin: %d (%v)", len(pods), err)
	}
	// The runtime of the last replica's node reports another digest for
	// the same reference; the other two run the pin.
	for i, p := range pods {
		id := apiRepo + "@" + apiNew
		if i == len(pods)-1 {
			id = apiRepo + "@" + apiStray
		}
		if err := e.SetImageID(ctx, ns, p.Name, "catalog-api", id); err != nil {
			return err
		}
	}
	return nil
}
