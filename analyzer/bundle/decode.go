package bundle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/rift-dev/rift/internal/jsonfast"
	"github.com/rift-dev/rift/internal/yamlfast"
	kjson "sigs.k8s.io/json"
)

// DecodeDocuments decodes the Kubernetes objects in one file: a single
// object, multi-document YAML, concatenated JSON values, a top-level array
// of objects, or a List (kubectl get -o yaml|json), whose items are
// flattened. Integers are int64 and other numbers float64.
//
// Every object gets Source{file, doc}, where doc counts the objects of the
// file in order: one per YAML document or JSON value, one per item of a List
// or array. Empty documents are skipped without counting.
//
// Problems never stop the file: a malformed document, an item that is not an
// object, or an object without apiVersion, kind or metadata.name is dropped
// and reported as a LoadError at its position. An invalid timestamp in a
// time field (see visitTimes) or an impossible value in a fixed-value field
// (see enumFields: a Pod phase "CrashLoopBackOff", a condition status
// "Maybe") is reported too, but the object is kept with that field removed,
// so later stages can trust every time and phase they see. Secret values are blanked (see sanitizeSecret) before the object is
// returned.
func DecodeDocuments(file string, data []byte) ([]*Object, []LoadError) {
	return decodeDocuments(file, data, nil, nil)
}

// decodeDocuments is DecodeDocuments with the caller's decoders, or ones
// from fastDecoders and jsonDecoders when they are nil.
func decodeDocuments(file string, data []byte, fast *yamlfast.Decoder, jfast *jsonfast.Decoder) ([]*Object, []LoadError) {
	d := &decoder{file: file, fast: fast, lent: fast != nil, jfast: jfast}
	defer d.release()
	trimmed := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if !isJSONText(trimmed) {
		d.decodeYAML(data)
		return d.objs, d.errs
	}
	d.decodeJSON(trimmed)
	if len(d.objs) == 0 && len(d.errs) > 0 {
		// YAML in flow style ({apiVersion: v1, ...}) looks like JSON but is
		// not; take the YAML reading when it is clean, else keep the JSON
		// errors, which describe what a JSON file got wrong.
		y := &decoder{file: file, fast: fast, lent: fast != nil}
		defer y.release()
		y.decodeYAML(data)
		if len(y.errs) == 0 {
			return y.objs, nil
		}
	}
	return d.objs, d.errs
}

// jsonDecoders keeps one jsonfast.Decoder, and its caches of keys and
// short values, per decode worker.
var jsonDecoders = sync.Pool{New: func() any { return newJSONDecoder() }}

// newJSONDecoder is the loader's JSON decoder: it keeps managedFields'
// field-ownership sets as text (jsonfast.KeepRaw, read with FieldsV1).
func newJSONDecoder() *jsonfast.Decoder {
	d := jsonfast.NewDecoder()
	d.KeepRaw(true)
	return d
}

// isJSONText reports whether data, after leading space and a byte order
// mark, opens a JSON object or array: the files decodeJSON reads first.
func isJSONText(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n\ufeff")
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

type decoder struct {
	file  string
	doc   int
	objs  []*Object
	errs  []LoadError
	fast  *yamlfast.Decoder // taken from fastDecoders on first use, unless lent
	lent  bool              // fast is the caller's: release keeps it
	jfast *jsonfast.Decoder // the caller's, or nil: one from jsonDecoders
}

func (d *decoder) fail(doc int, format string, args ...any) {
	d.errs = append(d.errs, LoadError{File: d.file, Doc: doc, Reason: fmt.Sprintf(format, args...)})
}

func (d *decoder) decodeJSON(data []byte) {
	// Most files hold one value, which one pass decodes: jsonfast when the
	// text is in what it decodes exactly, else the generic decoder. Files
	// of several values, and malformed ones, take the stream below, which
	// also words the errors.
	jd := d.jfast
	if jd == nil {
		jd = jsonDecoders.Get().(*jsonfast.Decoder)
		defer jsonDecoders.Put(jd)
	}
	one, ok := jd.Decode(data)
	if ok || kjson.UnmarshalCaseSensitivePreserveInts(data, &one) == nil {
		d.value(one)
		return
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			d.fail(d.doc, "malformed json: %v", err)
			return
		}
		var v any
		if err := kjson.UnmarshalCaseSensitivePreserveInts(raw, &v); err != nil {
			d.fail(d.doc, "malformed json: %v", err)
			d.doc++
			continue
		}
		d.value(v)
	}
}
