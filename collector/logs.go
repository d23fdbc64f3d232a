package collector

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

const (
	logResource = "pods/log"
	// Each log read is a round trip through the API server to a kubelet,
	// mostly waiting: enough in flight hides that without loading either.
	logWorkers = 16
	logTimeout = 10 * time.Second
	// logGiveUp stops fetching logs in a namespace after this many failures
	// in a row with no success, so an unreachable kubelet cannot stall a
	// large namespace for minutes. The skipped count is recorded.
	logGiveUp = 8
)

type logJob struct {
	pod      podRef
	ctr      string
	previous bool
}

// collectLogs fetches the current and previous log tail of every container
// seen in the scoped pods, bounded by LogLines and LogBytes, a few at a time.
// Failures are summed per namespace into one notCollected entry.
func (r *run) collectLogs(ctx context.Context) error {
	if r.cfg.LogLines <= 0 || r.cfg.LogBytes <= 0 {
		return nil
	}
	byNS := map[string][]logJob{}
	for _, p := range r.seen.pods {
		for _, c := range p.containers {
			if c.current {
				byNS[p.ns] = append(byNS[p.ns], logJob{pod: p, ctr: c.name})
			}
			if c.previous {
				byNS[p.ns] = append(byNS[p.ns], logJob{pod: p, ctr: c.name, previous: true})
			}
		}
	}
	for _, ns := range sortedKeys(boolKeys(byNS)) {
		if err := r.logsIn(ctx, ns, byNS[ns]); err != nil {
			return err
		}
	}
	return nil
}

func (r *run) logsIn(ctx context.Context, ns string, jobs []logJob) error {
	var (
		mu                          sync.Mutex
		ok, failed, skipped, streak int
		firstErr, writeErr          error
		wg                          sync.WaitGroup
	)
	ch := make(chan logJob)
	for range logWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				mu.Lock()
				stop := writeErr != nil || (ok == 0 && streak >= logGiveUp)
				if stop {
					skipped++
				}
				mu.Unlock()
				if stop {
					continue
				}
				err := r.fetchLog(ctx, j)
				mu.Lock()
				var we errWrite
				switch {
				case err == nil:
					ok++
					streak = 0
				case errors.As(err, &we):
					writeErr = err
				default:
					failed++
					streak++
					if firstErr == nil || apierrors.IsForbidden(err) {
						firstErr = err
					}
				}
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
	r.progress(logResource, ns, ok)
	if writeErr != nil {
		return writeErr
	}
	if failed > 0 {
		nc := notCollected(logResource, ns, firstErr)
		nc.Reason += fmt.Sprintf(" (%d of %d container logs failed", failed, len(jobs))
		if skipped > 0 {
			nc.Reason += fmt.Sprintf(", %d not tried after %d failures in a row", skipped, logGiveUp)
		}
		nc.Reason += ")"
		r.nc = append(r.nc, nc)
	}
	return nil
}

// fetchLog reads one bounded tail and writes it redacted to
// logs/<ns>/<pod>/<container>[.previous].log.
func (r *run) fetchLog(ctx context.Context, j logJob) error {
	ctx, cancel := context.WithTimeout(ctx, logTimeout)
	defer cancel()
	lines, limit := r.cfg.LogLines, r.cfg.LogBytes
	rc, err := r.cs.CoreV1().Pods(j.pod.ns).GetLogs(j.pod.name, &corev1.PodLogOptions{
		Container: j.ctr, Previous: j.previous, TailLines: &lines, LimitBytes: &limit,
	}).Stream(ctx)
	if err != nil {
		return err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, limit))
	if err != nil {
		return err
	}
	name := j.ctr + ".log"
	if j.previous {
		name = j.ctr + ".previous.log"
	}
	return r.out.file("logs/"+j.pod.ns+"/"+j.pod.name+"/"+name, b)
}
