package layers

import (
	"encoding/json"
	"testing"
)

func TestKafkaStaleProbe(t *testing.T) {
	ws := Build(loadFixture(t, "testdata/kafka-stale-probe"))
	w := findWorkload(t, ws, "StatefulSet/kafka/kafka")
	b, _ := json.MarshalIndent(w, "", "  ")
	t.Logf("%s", b)
}
