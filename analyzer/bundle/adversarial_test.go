package bundle

import (
	"archive/tar"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestLoadHostileArchives feeds archives built to attack the loader. Each
// must end in a clean partial load (the honest members loaded, the rest
// reported) or a clear error, write nothing anywhere, and stay bounded.
func TestLoadHostileArchives(t *testing.T) {
	ok := member{name: "bundle/objects/ok.yaml", body: cm("ok")}
	tests := []struct {
		name       string
		file       string
		members    []member
		opts       LoadOptions
		wantObjs   []string
		wantErrors []string
	}{{
		name: "zip-slip in tar.gz", file: "slip.tar.gz",
		members:  []member{ok, {name: "../../x.yaml", body: cm("evil")}, {name: "bundle/objects/../../../y.yaml", body: cm("evil2")}},
		wantObjs: []string{"ConfigMap/shop/ok"},
		wantErrors: []string{
			`"../../x.yaml": unsafe member skipped: path climbs out with ".."`,
			`"bundle/objects/../../../y.yaml": unsafe member skipped: path climbs out with ".."`,
		},
	}, {
		name: "zip-slip in zip", file: "slip.zip",
		members:    []member{ok, {name: "../evil.yaml", body: cm("evil")}},
		wantObjs:   []string{"ConfigMap/shop/ok"},
		wantErrors: []string{`"../evil.yaml": unsafe member skipped: path climbs out with ".."`},
	}, {
		name: "absolute path", file: "abs.tar",
		members:    []member{ok, {name: "/etc/cron.d/evil.yaml", body: cm("evil")}},
		wantObjs:   []string{"ConfigMap/shop/ok"},
		wantErrors: []string{`"/etc/cron.d/evil.yaml": unsafe member skipped: absolute path`},
	}, {
		name: "symlink, hardlink and device", file: "links.tar.gz",
		members: []member{ok,
			{name: "bundle/objects/passwd.yaml", typ: tar.TypeSymlink, link: "/etc/passwd"},
			{name: "bundle/objects/hard.yaml", typ: tar.TypeLink, link: "/etc/shadow"},
			{name: "bundle/objects/tty.yaml", typ: tar.TypeChar}},
		wantObjs: []string{"ConfigMap/shop/ok"},
		wantErrors: []string{
			`objects/hard.yaml: hardlink to "/etc/shadow" skipped: links are never followed`,
			`objects/passwd.yaml: symlink to "/etc/passwd" skipped: links are never followed`,
			`objects/tty.yaml: device file skipped`,
		},
	}, {
		name: "symlink in zip", file: "links.zip",
		members:    []member{ok, {name: "bundle/objects/passwd.yaml", typ: tar.TypeSymlink, link: "/etc/passwd"}},
		wantObjs:   []string{"ConfigMap/shop/ok"},
		wantErrors: []string{`objects/passwd.yaml: symlink to "/etc/passwd" skipped: links are never followed`},
	}, {
		name: "member over the file size limit", file: "big.tar",
		members:    []member{ok, {name: "bundle/objects/big.yaml", zeros: 2 << 20}},
		opts:       LoadOptions{MaxFileBytes: 1 << 20},
		wantObjs:   []string{"ConfigMap/shop/ok"},
		wantErrors: []string{"objects/big.yaml: incomplete: file is 2097152 bytes, over the limit of 1048576 (raise --max-file-size); skipped"},
	}, {
		name: "total size limit", file: "total.tar",
		members:    []member{ok, {name: "bundle/objects/a.yaml", body: cm("a")}, {name: "bundle/objects/b.yaml", body: cm("b")}},
		opts:       LoadOptions{MaxTotalBytes: int64(2*len(cm("ok")) + 1)},
		wantObjs:   []string{"ConfigMap/shop/a", "ConfigMap/shop/ok"},
		wantErrors: []string{"objects/b.yaml: incomplete: total uncompressed size passes 141 bytes here; the rest is not read (raise --max-total-size)"},
	}, {
		name: "entry limit", file: "entries.tar",
		members:    []member{ok, {name: "bundle/objects/a.yaml", body: cm("a")}, {name: "bundle/objects/b.yaml", body: cm("b")}},
		opts:       LoadOptions{MaxEntries: 2},
		wantObjs:   []string{"ConfigMap/shop/a", "ConfigMap/shop/ok"},
		wantErrors: []string{"incomplete: more than 2 entries; the rest is not read (raise --max-entries)"},
	}, {
		name: "links and folders count toward the entry limit", file: "links-cap.tar",
		members: []member{ok, {name: "bundle/objects/", typ: tar.TypeDir},
			{name: "bundle/objects/l1.yaml", typ: tar.TypeSymlink, link: "/etc/passwd"},
			{name: "bundle/objects/l2.yaml", typ: tar.TypeSymlink, link: "/etc/passwd"}},
		opts:     LoadOptions{MaxEntries: 3},
		wantObjs: []string{"ConfigMap/shop/ok"},
		wantErrors: []string{
			"incomplete: more than 3 entries; the rest is not read (raise --max-entries)",
			`objects/l1.yaml: symlink to "/etc/passwd" skipped: links are never followed`,
		},
	}, {
		name: "duplicate member", file: "dup.tar",
		members:    []member{ok, {name: "bundle/objects/ok.yaml", body: cm("other")}},
		wantObjs:   []string{"ConfigMap/shop/ok"},
		wantErrors: []string{"objects/ok.yaml: archive holds this path twice; the later copy is skipped"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			work := filepath.Join(dir, "a", "b")
			if err := os.MkdirAll(work, 0o755); err != nil {
				t.Fatal(err)
			}
			p := archive(t, work, tc.file, tc.members)
			b, err := Load(p, tc.opts)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if diff := cmp.Diff(tc.wantObjs, refs(b)); diff != "" {
				t.Errorf("objects (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantErrors, errorLines(b)); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
			assertOnlyFile(t, dir, p)
		})
	}
}

// assertOnlyFile checks that loading wrote nothing: the archive is the
// only file under dir.
func assertOnlyFile(t *testing.T, dir, only string) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && p != only {
			t.Errorf("loading wrote %s", p)
		}
		return nil
	})
	for _, p := range []string{"/x.yaml", "/y.yaml", "/evil.yaml"} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("loading wrote %s", p)
		}
	}
}

// TestLoadDecompressionBomb streams a 1 GiB member of zeros into a small
// .tar.zst and checks that loading refuses it by ratio, without
// decompressing it and with little memory.
func TestLoadDecompressionBomb(t *testing.T) {
	dir := t.TempDir()
	p := archive(t, dir, "bomb.tar.zst", []member{
		{name: "objects/ok.yaml", body: cm("ok")},
		{name: "objects/zeros.yaml", zeros: 1 << 30},
		{name: "objects/after.yaml", body: cm("after")},
	})
	fi, _ := os.Stat(p)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	b, err := Load(p, LoadOptions{})
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if diff := cmp.Diff([]string{"ConfigMap/shop/ok"}, refs(b)); diff != "" {
		t.Errorf("objects (-want +got):\n%s", diff)
	}
	errs := errorLines(b)
	if len(errs) != 1 || !strings.Contains(errs[0], "objects/zeros.yaml: incomplete: compression ratio passes 200:1") {
		t.Errorf("errors = %q, want one ratio error at objects/zeros.yaml", errs)
	}
	// The zstd decoder's window costs about 16 MiB per pass whatever the
	// content; what matters is that nothing scales with the 1 GiB.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 128<<20 {
		t.Errorf("loading a %d-byte bomb allocated %d bytes, want under 128 MiB", fi.Size(), alloc)
	}
	if elapsed > 20*time.Second {
		t.Errorf("loading the bomb took %v", elapsed)
	}
}

// TestLoadTruncatedArchive cuts a tar.gz in the middle. Load refuses it
// with an error naming the file and the byte where reading failed; with
// Partial the members before the cut load and the cut is a load error that
// makes the bundle incomplete.
func TestLoadTruncatedArchive(t *testing.T) {
	dir := t.TempDir()
	var members []member
	for _, n := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		// Incompressible-ish bodies, so the cut lands in the middle.
		members = append(members, member{name: "objects/" + n + ".yaml", body: cm(n) + "data:\n  k: " + strings.Repeat(n+"1x9", 2000) + "\n"})
	}
	p := archive(t, dir, "whole.tar.gz", members)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(dir, "cut.tar.gz")
	size := len(data) * 2 / 3
	if err := os.WriteFile(cut, data[:size], 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(cut, LoadOptions{})
	var ae *ArchiveError
	if !errors.As(err, &ae) {
		t.Fatalf("Load of a cut archive: %v, want an *ArchiveError", err)
	}
	wantErr := fmt.Sprintf("%s: truncated at byte %d: unexpected EOF", cut, size)
	if diff := cmp.Diff(wantErr, err.Error()); diff != "" || !ae.Truncated || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("error (-want +got):\n%s", diff)
	}

	b, err := Load(cut, LoadOptions{Partial: true})
	if err != nil {
		t.Fatalf("partial Load: %v", err)
	}
	// The member the cut falls in was listed (its header is whole) but
	// cannot be read: it is reported on its own. Both leave data unread.
	want := []string{
		fmt.Sprintf("incomplete: archive truncated at byte %d after 4 members: unexpected EOF; the rest is not read", size),
		"objects/d.yaml: incomplete: cannot read: unexpected EOF",
	}
	if diff := cmp.Diff(want, errorLines(b)); diff != "" || len(b.Objects) != 3 {
		t.Errorf("got %d objects, want 3 (a, b, c); errors (-want +got):\n%s", len(b.Objects), diff)
	}
	for _, e := range b.Errors {
		if !e.Incomplete() {
			t.Errorf("%v: not marked incomplete", e)
		}
	}

	// Cut inside the gzip header: nothing usable, so Load fails either way.
	if err := os.WriteFile(cut, data[:5], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, opts := range []LoadOptions{{}, {Partial: true}} {
		if _, err := Load(cut, opts); err == nil {
			t.Errorf("Load of a 5-byte gzip with %+v succeeded", opts)
		}
	}
}

// TestLoadCorruptArchive flips bytes in the middle of a tar.gz's deflate
// stream: Load refuses it as corrupt, naming the file and an offset at or
// past the damage and within the file.
func TestLoadCorruptArchive(t *testing.T) {
	dir := t.TempDir()
	var members []member
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
		// Random bodies, so that the damage lands in a later member.
		noise := make([]byte, 4000)
		for i := range noise {
			noise[i] = "0123456789abcdef"[rnd.IntN(16)]
		}
		members = append(members, member{name: "objects/" + n + ".yaml", body: cm(n) + "data:\n  k: " + string(noise) + "\n"})
	}
	data, err := os.ReadFile(archive(t, dir, "whole.tar.gz", members))
	if err != nil {
		t.Fatal(err)
	}
	damage := len(data) / 2
	for i := damage; i < damage+64; i++ {
		data[i] ^= 0xff
	}
	bad := filepath.Join(dir, "bad.tar.gz")
	must(t, os.WriteFile(bad, data, 0o644))
	_, err = Load(bad, LoadOptions{})
	var ae *ArchiveError
	if !errors.As(err, &ae) {
		t.Fatalf("Load of a corrupt archive: %v, want an *ArchiveError", err)
	}
	if ae.File != bad || ae.Offset < int64(damage) || ae.Offset > int64(len(data)) || ae.Members == 0 ||
		!strings.HasPrefix(err.Error(), fmt.Sprintf("%s: %s at byte %d: ", bad, ae.state(), ae.Offset)) {
		t.Errorf("error %q: file %s, offset %d (damage at %d, size %d), %d members", err, ae.File, ae.Offset, damage, len(data), ae.Members)
	}
	b, err := Load(bad, LoadOptions{Partial: true})
	if err != nil {
		t.Fatalf("partial Load: %v", err)
	}
	if len(b.Errors) == 0 || !b.Errors[0].Incomplete() || len(b.Objects) == 0 {
		t.Errorf("partial load: %d objects, errors %v", len(b.Objects), errorLines(b))
	}
}
