package verify

import (
	"fmt"
	"strings"

	"github.com/rift-dev/rift/analyzer/layers"
)

// imageCheck: every container of the promoted repository runs its digest,
// read from containerStatuses[].imageID (what the kubelet pulled, not what
// the spec asked for).
func (v *verifier) imageCheck(subject string, ps []pod) Check {
	c := Check{Name: CheckImage, Layer: layers.LayerRuntime, Subject: subject}
	var bad, unknown []string
	used := 0
	for _, p := range ps {
		if p.obj == nil {
			unknown = append(unknown, p.Name)
			continue
		}
		list, _, _ := nestedSlice(p.obj.Object, "status", "containerStatuses")
		for _, cs := range list {
			m, _ := cs.(map[string]any)
			img, _ := m["image"].(string)
			if normalizeRepo(img) != v.img.repo {
				continue
			}
			used++
			id, _ := m["imageID"].(string)
			name, _ := m["name"].(string)
			c.Evidence = append(c.Evidence, fmt.Sprintf("Pod/%s/%s container %s imageID %q", p.obj.GetNamespace(), p.Name, name, id))
			switch d := imageDigest(id); {
			case d == "":
				unknown = append(unknown, p.Name+"/"+name)
			case d != v.img.digest:
				bad = append(bad, fmt.Sprintf("%s/%s runs %s", p.Name, name, d))
			}
		}
	}
	switch {
	case len(bad) > 0:
		c.Status, c.Summary = Fail, "not on "+v.img.digest+": "+strings.Join(bad, ", ")
	case used == 0:
		c.Status, c.Summary = Fail, fmt.Sprintf("no running container of %s", v.img.repo)
	case len(unknown) > 0:
		c.Status, c.Summary = Unknown, "imageID not recorded for "+strings.Join(unknown, ", ")
	default:
		c.Status, c.Summary = Pass, fmt.Sprintf("%d container(s) run %s@%s", used, v.img.repo, v.img.digest)
	}
	return c
}

// restartCheck: no container restarted since the baseline. A pod the
// baseline holds (same UID) counts the restarts added since; a new pod
// counts all of its restarts. Without a baseline every restart counts.
func (v *verifier) restartCheck(subject string, ps []pod) Check {
	c := Check{Name: CheckRestarts, Layer: layers.LayerRuntime, Subject: subject}
	base := map[string]int64{}
	if v.cfg.Before != nil {
		for _, o := range v.cfg.Before.Objects {
			if o.GetKind() == "Pod" && o.GroupVersionKind().Group == "" {
				base[string(o.GetUID())] = restarts(o)
			}
		}
		c.Evidence = append(c.Evidence, fmt.Sprintf("baseline: --before bundle captured %s", v.cfg.Before.CaptureTime.UTC().Format("2006-01-02T15:04:05Z")))
	} else {
		c.Evidence = append(c.Evidence, "baseline: none (--before not given), every restart counts")
	}
	var bad []string
	for _, p := range ps {
		now := p.Restarts
		if p.obj != nil {
			now = restarts(p.obj)
		}
		was := int64(0)
		if p.obj != nil {
			was = base[string(p.obj.GetUID())]
		}
		c.Evidence = append(c.Evidence, fmt.Sprintf("%s restarts %d (baseline %d)", p.Name, now, was))
		if now > was {
			bad = append(bad, fmt.Sprintf("%s +%d", p.Name, now-was))
		}
	}
	if len(bad) > 0 {
		c.Status, c.Summary = Fail, "restarts appeared: "+strings.Join(bad, ", ")
	} else {
		c.Status, c.Summary = Pass, fmt.Sprintf("no new restarts in %d pod(s)", len(ps))
	}
	return c
}
