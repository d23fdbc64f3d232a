package bundle

import (
	"encoding/json"
	"unsafe"

	"github.com/rift-dev/rift/internal/jsonfast"
)

// FieldsV1 is the field-ownership set of one metadata.managedFields entry
// (its fieldsV1: "f:<key>" for map keys, "k:{...}" for list items, "."
// for the value itself), or nil when it has none or it is not an object.
// The JSON loader keeps these sets as text (they are a third of a listed
// pod and rarely read), so each call decodes it anew: callers read few.
func FieldsV1(entry map[string]any) map[string]any {
	switch v := entry["fieldsV1"].(type) {
	case map[string]any:
		return v
	case jsonfast.Raw:
		var m map[string]any
		if json.Unmarshal([]byte(v), &m) != nil {
			return nil
		}
		return m
	}
	return nil
}

// FieldsV1Owns reports whether the field-ownership set of a managedFields
// entry holds any of keys at its top level ("f:spec", "f:data"), without
// decoding a set kept as text.
func FieldsV1Owns(entry map[string]any, keys ...string) bool {
	switch v := entry["fieldsV1"].(type) {
	case map[string]any:
		for _, k := range keys {
			if _, ok := v[k]; ok {
				return true
			}
		}
	case jsonfast.Raw:
		return topKey(string(v), keys)
	}
	return false
}

// topKey scans valid JSON text for an object key at depth one equal to
// one of keys. A key written with escapes is decoded to compare.
func topKey(text string, keys []string) bool {
	depth, wantKey := 0, false
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '{':
			depth++
			wantKey = depth == 1
		case '[':
			depth++
		case '}', ']':
			depth--
		case ',':
			wantKey = depth == 1
		case '"':
			j, esc := i+1, false
			for ; j < len(text) && text[j] != '"'; j++ {
				if text[j] == '\\' {
					esc = true
					j++
				}
			}
			if depth == 1 && wantKey {
				k := text[i+1 : j]
				if esc {
					if json.Unmarshal([]byte(text[i:j+1]), &k) != nil {
						return false
					}
				}
				for _, want := range keys {
					if k == want {
						return true
					}
				}
				wantKey = false
			}
			i = j
		}
	}
	return false
}

// FieldSets holds the field-ownership sets a caller has decoded, for one
// that reads the same ones over and over: the pods of one template share
// their sets (the loader holds equal texts once), and a stuck rollout's
// pods differ from the template in field after field. The zero value is
// not usable; make one with NewFieldSets. Not safe for concurrent use.
type FieldSets struct {
	m map[textID]map[string]any
}

// textID is a text by its address and length: equal texts the loader
// shared are one; others are merely decoded once each.
type textID struct {
	p *byte
	n int
}

// NewFieldSets returns an empty FieldSets.
func NewFieldSets() FieldSets { return FieldSets{m: map[textID]map[string]any{}} }

// Of is FieldsV1(entry), decoding a set kept as text once.
func (c FieldSets) Of(entry map[string]any) map[string]any {
	r, ok := entry["fieldsV1"].(jsonfast.Raw)
	if !ok {
		return FieldsV1(entry)
	}
	id := textID{unsafe.StringData(string(r)), len(r)}
	if m, ok := c.m[id]; ok {
		return m
	}
	m := FieldsV1(entry)
	c.m[id] = m
	return m
}
