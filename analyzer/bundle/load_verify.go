package bundle

import (
	"crypto/sha256"
	"encoding/hex"
)

// verifier checks files against bundle.yaml files[]: each listed file must
// exist with its size and sha256, and no other file may appear. A mismatch
// is a LoadError, not a refusal: the data may still be worth reading, but
// the report must say it was altered after collection. A missing or
// altered file makes the bundle incomplete (LoadError.Incomplete); a file
// the manifest does not list does not: everything collected is there.
type verifier struct {
	want map[string]FileDigest // by full path in the storage
	seen map[string]bool
}

func newVerifier(base string, files []FileDigest) *verifier {
	if len(files) == 0 {
		return nil
	}
	v := &verifier{want: make(map[string]FileDigest, len(files)), seen: map[string]bool{}}
	for _, f := range files {
		v.want[base+f.Path] = f
	}
	return v
}

// check verifies one file's content.
func (v *verifier) check(ld *loader, full string, data []byte) {
	if v == nil {
		return
	}
	d, ok := v.want[full]
	if !ok {
		ld.fail(ld.name(full), -1, "not listed in bundle.yaml files: added after collection?")
		return
	}
	v.seen[full] = true
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != d.SHA256 || int64(len(data)) != d.Bytes {
		ld.failIncomplete(ld.name(full), "content differs from bundle.yaml files (%d bytes, sha256 %s; recorded %d bytes, sha256 %s): altered after collection",
			len(data), got, d.Bytes, d.SHA256)
	}
}

// missing reports listed files that were never seen.
func (v *verifier) missing(ld *loader) {
	if v == nil {
		return
	}
	for full := range v.want {
		if !v.seen[full] {
			ld.failIncomplete(ld.name(full), "listed in bundle.yaml files but missing or unreadable")
		}
	}
}
