package bundle

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
	"sync"

	"github.com/rift-dev/rift/internal/yamlfast"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// fastDecoders keeps one yamlfast.Decoder, and its cache of short values,
// per decode worker.
var fastDecoders = sync.Pool{New: func() any { return yamlfast.NewDecoder() }}

func (d *decoder) release() {
	if d.fast != nil && !d.lent {
		fastDecoders.Put(d.fast)
	}
	d.fast = nil
}

// decodeYAML decodes multi-document YAML. Documents are split as
// utilyaml's YAMLReader splits them, and each is decoded by yamlfast when it
// is in its subset, else by sigs.k8s.io/yaml; both give the same value, and
// only the second produces errors. Decoded strings share the file's text,
// copied once, so the text of a file lives as long as any of its objects.
func (d *decoder) decodeYAML(data []byte) {
	docs := yamlDocuments(string(data))
	if bytes.IndexByte(data, '\r') >= 0 {
		// The reader turns "\r\n" into "\n"; let it, rather than repeat it.
		docs = readerDocuments(data)
	}
	for doc, err := range docs {
		if err != nil {
			d.fail(d.doc, "reading yaml: %v", err)
			return
		}
		if !isBlankText(doc) {
			d.document(doc)
		}
	}
}

// document decodes one YAML document that ends with a line break.
func (d *decoder) document(doc string) {
	if d.fast == nil {
		d.fast = fastDecoders.Get().(*yamlfast.Decoder)
	}
	if v, ok := d.fast.Decode(doc); ok {
		d.value(v)
		return
	}
	js, err := yaml.YAMLToJSON([]byte(doc))
	if err != nil {
		d.fail(d.doc, "malformed yaml: %v", err)
		d.doc++
		return
	}
	var v any
	if err := kjson.UnmarshalCaseSensitivePreserveInts(js, &v); err != nil {
		d.fail(d.doc, "malformed yaml: %v", err)
		d.doc++
		return
	}
	d.value(v)
}

// yamlDocuments splits text without carriage returns exactly as utilyaml's
// YAMLReader does: a line starting with "---" ends the document before it
// and is dropped, unless no document precedes it; anything but spaces and a
// comment after the dashes is an error. Each document ends with "\n", as the reader appends one to a last
// line without it.
func yamlDocuments(text string) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		start := 0
		for pos := 0; pos < len(text); {
			next := len(text)
			if i := strings.IndexByte(text[pos:], '\n'); i >= 0 {
				next = pos + i + 1
			}
			if line := text[pos:next]; strings.HasPrefix(line, "---") {
				if rest := strings.TrimSpace(line[3:]); rest != "" && rest[0] != '#' {
					yield("", fmt.Errorf("invalid Yaml document separator: %s", rest))
					return
				}
				// The reader keeps a marker that opens a document and drops
				// one that ends a document.
				if pos > start {
					if !yield(text[start:pos], nil) {
						return
					}
					start = next
				}
			}
			pos = next
		}
		if start < len(text) {
			doc := text[start:]
			if !strings.HasSuffix(doc, "\n") {
				doc += "\n"
			}
			yield(doc, nil)
		}
	}
}

// readerDocuments splits data with utilyaml's YAMLReader itself.
func readerDocuments(data []byte) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
		for {
			doc, err := r.Read()
			if errors.Is(err, io.EOF) {
				return
			}
			if !yield(string(doc), err) || err != nil {
				return
			}
		}
	}
}

// isBlankYAML reports whether doc holds only comments, whitespace or a
// document marker, which kubectl and kustomize emit between objects.
func isBlankYAML(doc []byte) bool { return isBlankText(string(doc)) }

// isBlankText is isBlankYAML for text.
func isBlankText(doc string) bool {
	for line := range strings.Lines(doc) {
		line = strings.TrimSpace(line)
		if line == "" || line == "---" || line == "..." || strings.HasPrefix(line, "#") {
			continue
		}
		return false
	}
	return true
}
