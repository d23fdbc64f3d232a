package redact

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// Structured reports whether file is YAML or JSON by its name.
func Structured(file string) bool {
	switch strings.ToLower(path.Ext(file)) {
	case ".yaml", ".yml", ".json":
		return true
	}
	return false
}

// Documents decodes YAML (multi-document) or JSON (one value or a stream)
// into maps, numbers as json.Number so integers survive a round trip. Empty
// documents are skipped. Any document that is not a map fails the whole
// file: the caller then treats it as text.
func Documents(data []byte) ([]map[string]any, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[') {
		return jsonDocuments(trimmed)
	}
	var out []map[string]any
	rd := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	for i := 0; ; i++ {
		doc, err := rd.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("document %d: %w", i, err)
		}
		js, err := yaml.YAMLToJSON(doc)
		if err != nil {
			return nil, fmt.Errorf("document %d: %w", i, err)
		}
		ms, err := jsonDocuments(js)
		if err != nil {
			return nil, fmt.Errorf("document %d: %w", i, err)
		}
		out = append(out, ms...)
	}
}

func jsonDocuments(data []byte) ([]map[string]any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var out []map[string]any
	for {
		var v any
		err := d.Decode(&v)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		switch x := v.(type) {
		case nil:
		case map[string]any:
			out = append(out, x)
		default:
			return nil, fmt.Errorf("document is a %T, not an object", v)
		}
	}
}

// Encode writes docs back in the format file's name says: YAML documents
// separated by "---", or indented JSON (one value per document).
func Encode(file string, docs []map[string]any) ([]byte, error) {
	var b bytes.Buffer
	isJSON := strings.EqualFold(path.Ext(file), ".json")
	for i, d := range docs {
		if isJSON {
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			if err := enc.Encode(d); err != nil {
				return nil, err
			}
			continue
		}
		y, err := yaml.Marshal(d)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteString("---\n")
		}
		b.Write(y)
	}
	return b.Bytes(), nil
}
