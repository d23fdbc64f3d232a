package scenarios

import (
	"fmt"
	"strings"
)

// InitHeldForPods returns the Cluster options that keep kwok from
// completing the init containers of the named pods: kwok's own
// pod-init-container-completed stage (kwok v0.8.0, copied verbatim) with
// one more selector, so those pods stay Pending with their init container
// running, as a pod whose init container waits for a dependency that
// never answers. Every other pod initialises as usual.
func InitHeldForPods(names ...string) (kwokConfig, disable []string) {
	var vals strings.Builder
	for _, n := range names {
		fmt.Fprintf(&vals, "      - %q\n", n)
	}
	stage := strings.Replace(initCompletedStage, "    # held pods\n",
		"    - key: '.metadata.name'\n      operator: 'NotIn'\n      values:\n"+vals.String(), 1)
	return []string{stage}, []string{"pod-init-container-completed"}
}

// initCompletedStage is kwok v0.8.0's pod-init-container-completed Stage
// (kustomize/stage/pod/general), with a placeholder for InitHeldForPods.
const initCompletedStage = `apiVersion: kwok.x-k8s.io/v1alpha1
kind: Stage
metadata:
  name: pod-init-container-completed-unless-held
spec:
  resourceRef:
    apiGroup: v1
    kind: Pod
  selector:
    matchExpressions:
    - key: '.metadata.deletionTimestamp'
      operator: 'DoesNotExist'
    - key: '.status.phase'
      operator: 'In'
      values:
      - 'Pending'
    - key: '.status.initContainerStatuses.[].state.running.startedAt'
      operator: 'Exists'
    # held pods
  weight: 1
  weightFrom:
    expressionFrom: '.metadata.annotations["pod-init-container-completed.stage.kwok.x-k8s.io/weight"]'
  delay:
    durationMilliseconds: 1000
    durationFrom:
      expressionFrom: '.metadata.annotations["pod-init-container-completed.stage.kwok.x-k8s.io/delay"]'
    jitterDurationMilliseconds: 5000
    jitterDurationFrom:
      expressionFrom: '.metadata.annotations["pod-init-container-completed.stage.kwok.x-k8s.io/jitter-delay"]'
  next:
    statusTemplate: |
      {{ $now := Now }}
      {{ $root := . }}
      conditions:
      - lastProbeTime: null
        lastTransitionTime: {{ $now | Quote }}
        status: "True"
        reason: ""
        type: Initialized
      initContainerStatuses:
      {{ range $index, $item := .spec.initContainers }}
      {{ $origin := index $root.status.initContainerStatuses $index }}
      - image: {{ $item.image | Quote }}
        name: {{ $item.name | Quote }}
        ready: true
        restartCount: 0
        started: false
        state:
          terminated:
            exitCode: 0
            finishedAt: {{ $now | Quote }}
            reason: Completed
            startedAt: {{ $now | Quote }}
      {{ end }}
      containerStatuses:
      {{ range .spec.containers }}
      - image: {{ .image | Quote }}
        name: {{ .name | Quote }}
        ready: false
        restartCount: 0
        started: false
        state:
          waiting:
            reason: ContainerCreating
      {{ end }}
`
