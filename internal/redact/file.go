package redact

// File redacts one bundle file. YAML and JSON files that decode are
// redacted object by object and re-encoded (keys sorted); everything else,
// including structured files that fail to decode, is redacted as text, so a
// malformed file is still scrubbed, and redacted text that then decodes is
// redacted object by object as well. keep is false when nothing of the file
// may be written (every document was a credential blob).
func (r *Redactor) File(name string, data []byte) (out []byte, keep bool) {
	return r.fileAs(name, name, data)
}

// fileAs is File for a text read from name whose structure is judged by
// the name as (values.yaml for a member of a chart archive, or for
// values.yaml.gz); redactions are counted under name.
func (r *Redactor) fileAs(name, as string, data []byte) (out []byte, keep bool) {
	if !Structured(as) {
		return r.Text(name, data), true
	}
	docs, err := Documents(data)
	if err != nil {
		// The file does not decode, but its redacted text may (the value a
		// text rule replaced can be what broke it), and Check reads the
		// output as objects when it decodes, with the rules only objects
		// have (-p VALUE in args). So redacted text that decodes is
		// redacted as objects too.
		out := r.Text(name, data)
		if docs, err := Documents(out); err == nil {
			return r.objects(name, as, out, docs)
		}
		return out, true
	}
	return r.objects(name, as, data, docs)
}

// objects redacts the decoded documents of data; it re-encodes them, in
// the format the name as says, only when something was redacted.
func (r *Redactor) objects(name, as string, data []byte, docs []map[string]any) (out []byte, keep bool) {
	before := r.fileTotal(name)
	kept := docs[:0]
	for _, d := range docs {
		if d, ok := r.Object(name, d); ok {
			kept = append(kept, d)
		}
	}
	if len(kept) == 0 && len(docs) > 0 {
		return nil, false
	}
	if r.fileTotal(name) == before {
		return data, true // nothing redacted: keep the author's formatting
	}
	enc, err := Encode(as, kept)
	if err != nil {
		// Decoded values always re-encode; if not, text redaction of the
		// original is the safe fallback.
		return r.Text(name, data), true
	}
	return enc, true
}

// fileTotal is the number of redactions counted for file so far.
func (r *Redactor) fileTotal(file string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, files := range r.counts {
		n += files[file]
	}
	return n
}
