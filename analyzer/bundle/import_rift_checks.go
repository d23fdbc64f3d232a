package bundle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"

	"sigs.k8s.io/yaml"
)

type rawCheck struct {
	Check
	Time string `json:"time,omitempty"`
}

// readChecks reads checks/*.yaml: one check, a YAML sequence of checks, or
// several documents.
func (ld *loader) readChecks(file string, data []byte) {
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	for i := 0; ; i++ {
		doc, err := r.Read()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				ld.fail(file, i, "reading yaml: %v", err)
			}
			return
		}
		if isBlankYAML(doc) {
			continue
		}
		js, err := yaml.YAMLToJSON(doc)
		if err != nil {
			ld.fail(file, i, "malformed check: %v", err)
			continue
		}
		var list []rawCheck
		if bytes.HasPrefix(bytes.TrimSpace(js), []byte("[")) {
			err = json.Unmarshal(js, &list)
		} else {
			list = make([]rawCheck, 1)
			err = json.Unmarshal(js, &list[0])
		}
		if err != nil {
			ld.fail(file, i, "malformed check: %v", err)
			continue
		}
		for _, rc := range list {
			if rc.Name == "" {
				ld.fail(file, i, "check has no name; skipped")
				continue
			}
			c := rc.Check
			c.File = file
			c.Time = ld.parseTimeField(file, "check "+c.Name+" time", rc.Time)
			ld.checks = append(ld.checks, &c)
		}
	}
}

// readRedaction reads redaction.yaml: {rules: {rule: {file: count}}}.
func (ld *loader) readRedaction(file string, data []byte) {
	var r RedactionReport
	if err := yaml.Unmarshal(data, &r); err != nil {
		ld.fail(file, -1, "malformed redaction report, ignored: %v", err)
		return
	}
	ld.redact = &r
}
