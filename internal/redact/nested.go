package redact

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"
	"github.com/mholt/archives"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// A bundle file can wrap its text in layers: a rotated log is gzipped, a
// Helm chart in a Git source is a .tgz, a Windows log is UTF-16. An opener
// takes such a file apart layer by layer, under the bundle's budget, hands
// every text inside to leaf, and (when rewriting) puts the file back
// together in the same layers around what leaf returned. Whatever it cannot
// open all the way down (an unknown binary, an encrypted or corrupt
// archive, a layer over a limit) is never passed on: it is listed in
// skipped and left out, so that nothing leaves unscanned.
//
// Compressed files and archives are always rebuilt from the texts leaf saw,
// never copied: their original bytes also hold what no text holds (gzip
// header comments, zip comments and extra fields, tar extended records,
// zstd skippable frames, a zip's prefix), which would otherwise pass
// unread.
type opener struct {
	b *budget
	// leaf handles one text read from name; as is the name its structure
	// is judged by (values.yaml for values.yaml.gz). It returns the text to
	// write back, or keep false to leave the text, and so its file or
	// archive member, out; it records its own reason for that.
	leaf func(name, as string, text []byte) (out []byte, keep bool)
	// rewrite re-encodes changed texts in their layers (redact); without it
	// the layers are only read (check) and open returns its input.
	rewrite bool
	// skipped lists what was left out and why.
	skipped []Skipped
}

// maxLayers bounds how deep layers nest: a chart .tgz in a zip inside a
// .tar.xz is 5; a zip that holds itself is not a bundle file.
const maxLayers = 8

type layer int

const (
	layerText layer = iota
	layerBinary
	layerGzip
	layerBzip2
	layerXz
	layerZstd
	layerUTF16LE
	layerUTF16BE
	layerTar
	layerZip
)

// codec is a compression layer.
type codec interface {
	archives.Compressor
	archives.Decompressor
}

func (o *opener) codec(l layer) (string, codec) {
	switch l {
	case layerGzip:
		return "gzip", archives.Gz{}
	case layerBzip2:
		return "bzip2", archives.Bz2{}
	case layerXz:
		return "xz", archives.Xz{}
	}
	// The window a zstd frame may ask for is bounded like a file.
	return "zstd", archives.Zstd{
		EncoderOptions: []zstd.EOption{zstd.WithEncoderConcurrency(1)},
		DecoderOptions: []zstd.DOption{zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(uint64(max(o.b.lim.MaxFileBytes, 64<<20)))},
	}
}

var (
	xzMagic   = []byte{0xfd, '7', 'z', 'X', 'Z', 0}
	zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}
)

// sniff tells a file's outermost layer by its content, never by its name:
// a gzipped file called .log is still gzip.
func sniff(data []byte) layer {
	switch {
	case bytes.HasPrefix(data, []byte{0x1f, 0x8b}):
		return layerGzip
	case len(data) >= 10 && string(data[:3]) == "BZh" && data[3] >= '1' && data[3] <= '9' &&
		(string(data[4:10]) == "1AY&SY" || string(data[4:10]) == "\x17\x72\x45\x38\x50\x90"):
		return layerBzip2
	case bytes.HasPrefix(data, xzMagic):
		return layerXz
	case bytes.HasPrefix(data, zstdMagic):
		return layerZstd
	case bytes.HasPrefix(data, []byte("PK\x03\x04")) || bytes.HasPrefix(data, []byte("PK\x05\x06")):
		return layerZip
	case len(data) >= 512 && string(data[257:262]) == "ustar":
		return layerTar
	case bytes.HasPrefix(data, []byte{0xff, 0xfe, 0, 0}):
		return layerBinary // UTF-32LE
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		return layerUTF16LE
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		return layerUTF16BE
	case looksBinary(data) && !allZero(data):
		// Only NUL bytes (an empty tar archive, a preallocated log) hold
		// nothing to find; they pass as they are.
		return layerBinary
	}
	return layerText
}

func allZero(data []byte) bool {
	for _, c := range data {
		if c != 0 {
			return false
		}
	}
	return true
}

// looksBinary reports whether data is not text: more than 1 byte in 100 is
// a control character other than tab, newline, carriage return, form feed,
// vertical tab, backspace and escape (so NUL counts), or more than 1 in 10
// is not part of valid UTF-8. A log in Latin-1 is text; an image, a key
// store, a protobuf or random bytes are not.
func looksBinary(data []byte) bool {
	ctrl := 0
	for _, c := range data {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' && c != '\b' && c != 0x1b || c == 0x7f {
			ctrl++
		}
	}
	if ctrl*100 > len(data) {
		return true
	}
	if utf8.Valid(data) {
		return false
	}
	bad := 0
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			bad++
		}
		i += n
	}
	return bad*10 > len(data)
}

// binaryReason names what a binary file seems to be.
func binaryReason(data []byte) string {
	for _, k := range []struct{ magic, what string }{
		{"7z\xbc\xaf\x27\x1c", "a 7z archive"},
		{"Rar!\x1a\x07", "a RAR archive"},
		{"\x04\x22\x4d\x18", "an lz4 stream"},
		{"LZIP", "an lzip stream"},
		{"\xff\xfe\x00\x00", "UTF-32 text"},
	} {
		if bytes.HasPrefix(data, []byte(k.magic)) {
			return k.what + ", which rift cannot open; not scanned"
		}
	}
	return "binary content, not text, compressed text or an archive rift can open; not scanned"
}

// drop leaves name out for reason.
func (o *opener) drop(name, reason string) ([]byte, bool, error) {
	o.skipped = append(o.skipped, Skipped{name, reason})
	return nil, false, nil
}

// open returns data read from name with every text inside passed through
// leaf and, when rewriting, re-encoded in the layers it came in (text and
// UTF-16 that nothing changed as they were, compressed files and archives
// always rebuilt). keep false means name must not be written;
// the reason is in skipped. An error (a *LimitError: the bundle's entries
// or total size passed) ends the run.
func (o *opener) open(name, as string, data []byte, depth int) ([]byte, bool, error) {
	if depth > maxLayers {
		return o.drop(name, fmt.Sprintf("more than %d layers of compression or archives; not scanned", maxLayers))
	}
	switch l := sniff(data); l {
	case layerText:
		out, keep := o.leaf(name, as, data)
		return out, keep, nil
	case layerBinary:
		return o.drop(name, binaryReason(data))
	case layerUTF16LE, layerUTF16BE:
		return o.utf16(name, as, data, l == layerUTF16BE, depth)
	case layerTar:
		return o.tar(name, data, depth)
	case layerZip:
		return o.zip(name, data, depth)
	default:
		return o.compressed(name, as, data, l, depth)
	}
}

// inflate reads what r decodes from compressed bytes, within the file size
// and ratio limits. reason says why it failed.
func (o *opener) inflate(what string, r io.Reader, compressed int64) (data []byte, reason string) {
	lim := o.b.lim
	ratioCap := lim.MaxRatio * max(compressed, 1)
	if ratioCap < bundle.RatioFloor {
		ratioCap = bundle.RatioFloor
	}
	data, err := io.ReadAll(io.LimitReader(r, min(lim.MaxFileBytes, ratioCap)+1))
	switch {
	case int64(len(data)) > lim.MaxFileBytes:
		return nil, fmt.Sprintf("%s decodes to more than %d bytes (raise --max-file-size); not scanned", what, lim.MaxFileBytes)
	case int64(len(data)) > ratioCap:
		return nil, fmt.Sprintf("%s decodes past a ratio of %d:1 to its %d compressed bytes, a likely decompression bomb (raise --max-ratio); not scanned", what, lim.MaxRatio, compressed)
	case err != nil:
		return nil, fmt.Sprintf("corrupt or truncated %s (%v); not scanned", what, err)
	}
	return data, ""
}

func (o *opener) compressed(name, as string, data []byte, l layer, depth int) ([]byte, bool, error) {
	what, c := o.codec(l)
	rc, err := c.OpenReader(bytes.NewReader(data))
	if err != nil {
		return o.drop(name, fmt.Sprintf("corrupt %s stream (%v); not scanned", what, err))
	}
	plain, reason := o.inflate(what+" stream", rc, int64(len(data)))
	rc.Close()
	if reason != "" {
		return o.drop(name, reason)
	}
	if err := o.b.add(name, int64(len(plain))); err != nil {
		return nil, false, err
	}
	inner, keep, err := o.open(name, uncompressedName(as), plain, depth+1)
	if err != nil || !keep {
		return nil, false, err
	}
	if !o.rewrite {
		return data, true, nil
	}
	var buf bytes.Buffer
	wc, err := c.OpenWriter(&buf)
	if err == nil {
		_, err = wc.Write(inner)
		if cerr := wc.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return o.drop(name, fmt.Sprintf("cannot be %s-compressed again after redaction (%v)", what, err))
	}
	return buf.Bytes(), true, nil
}

// uncompressedName is the name a compressed file's content goes by:
// values.yaml for values.yaml.gz, chart.tar for chart.tgz.
func uncompressedName(name string) string {
	low := strings.ToLower(name)
	for _, s := range []struct{ ext, repl string }{
		{".gz", ""}, {".gzip", ""}, {".bz2", ""}, {".xz", ""}, {".zst", ""}, {".zstd", ""},
		{".tgz", ".tar"}, {".tbz2", ".tar"}, {".tbz", ".tar"}, {".txz", ".tar"}, {".tzst", ".tar"},
	} {
		if strings.HasSuffix(low, s.ext) {
			return name[:len(name)-len(s.ext)] + s.repl
		}
	}
	return name
}

// utf16 opens UTF-16 text that starts with a byte order mark.
func (o *opener) utf16(name, as string, data []byte, big bool, depth int) ([]byte, bool, error) {
	body := data[2:]
	if len(body)%2 != 0 {
		return o.drop(name, "UTF-16 text with an odd number of bytes; not scanned")
	}
	units := make([]uint16, len(body)/2)
	for i := range units {
		if big {
			units[i] = uint16(body[2*i])<<8 | uint16(body[2*i+1])
		} else {
			units[i] = uint16(body[2*i+1])<<8 | uint16(body[2*i])
		}
	}
	runes := utf16.Decode(units)
	bad := 0
	for _, r := range runes {
		if r == utf8.RuneError {
			bad++
		}
	}
	if bad*100 > len(runes) {
		return o.drop(name, "not UTF-16 text despite its byte order mark; not scanned")
	}
	text := []byte(string(runes))
	inner, keep, err := o.open(name, as, text, depth+1)
	if err != nil || !keep {
		return nil, false, err
	}
	if !o.rewrite || bytes.Equal(inner, text) {
		return data, true, nil
	}
	out := make([]byte, 0, 2+2*len(inner))
	for _, u := range append([]uint16{0xfeff}, utf16.Encode([]rune(string(inner)))...) {
		if big {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out, true, nil
}

// arMember is one kept archive member, to be written back.
type arMember struct {
	name  string
	dir   bool
	exec  bool
	mtime time.Time
	body  []byte
}

// memberName is a member's name cleaned for display and judgement, or ""
// when it is unsafe (absolute, "..", backslash, NUL).
func memberName(raw string) string {
	n := strings.TrimSuffix(strings.TrimPrefix(raw, "./"), "/")
	if unsafeName(n) {
		return ""
	}
	return n
}

// tar opens a tar archive; members are named archive/member.
func (o *opener) tar(name string, data []byte, depth int) ([]byte, bool, error) {
	mark := len(o.skipped)
	br := bytes.NewReader(data)
	tr := tar.NewReader(br)
	var kept []arMember
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			// Past the end marker a tar archive holds only zero padding;
			// anything else would never be read.
			rest := make([]byte, br.Len())
			br.Read(rest)
			if !allZero(rest) {
				o.skipped = o.skipped[:mark]
				return o.drop(name, "data after the end of the tar archive; not scanned")
			}
			break
		}
		if err != nil {
			o.skipped = o.skipped[:mark]
			return o.drop(name, fmt.Sprintf("corrupt or truncated tar archive (%v); not scanned", err))
		}
		mn := memberName(h.Name)
		full := name + "/" + mn
		if mn == "" {
			full = name + "/" + fmt.Sprintf("%q", h.Name)
		}
		if err := o.b.count(full); err != nil {
			return nil, false, err
		}
		m := arMember{name: h.Name, exec: h.Mode&0o111 != 0, mtime: h.ModTime}
		switch {
		case mn == "":
			o.drop(full, "unsafe member name; not read")
			continue
		case h.Typeflag == tar.TypeDir:
			m.dir = true
			kept = append(kept, m)
			continue
		case h.Typeflag != tar.TypeReg:
			o.drop(full, "not a regular file (link, device or sparse file); not read")
			continue
		}
		body, err := io.ReadAll(tr)
		if err != nil {
			o.skipped = o.skipped[:mark]
			return o.drop(name, fmt.Sprintf("corrupt or truncated tar archive (%v); not scanned", err))
		}
		out, keep, err := o.open(full, mn, body, depth+1)
		if err != nil {
			return nil, false, err
		}
		if keep && o.rewrite {
			m.body = out
			kept = append(kept, m)
		}
	}
	if !o.rewrite {
		return data, true, nil
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, m := range kept {
		h := &tar.Header{Typeflag: tar.TypeReg, Name: m.name, Mode: 0o644, Size: int64(len(m.body)), ModTime: m.mtime}
		if m.dir {
			h.Typeflag, h.Mode, h.Size = tar.TypeDir, 0o755, 0
		} else if m.exec {
			h.Mode = 0o755
		}
		if err := tw.WriteHeader(h); err != nil {
			return o.drop(name, fmt.Sprintf("cannot be written again after redaction (%v)", err))
		}
		tw.Write(m.body)
	}
	if err := tw.Close(); err != nil {
		return o.drop(name, fmt.Sprintf("cannot be written again after redaction (%v)", err))
	}
	return buf.Bytes(), true, nil
}

// zip opens a zip archive; members are named archive/member.
func (o *opener) zip(name string, data []byte, depth int) ([]byte, bool, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return o.drop(name, fmt.Sprintf("corrupt or truncated zip archive (%v); not scanned", err))
	}
	type zmember struct {
		arMember
		method uint16
	}
	var kept []zmember
	for _, f := range zr.File {
		mn := memberName(f.Name)
		full := name + "/" + mn
		if mn == "" {
			full = name + "/" + fmt.Sprintf("%q", f.Name)
		}
		if err := o.b.count(full); err != nil {
			return nil, false, err
		}
		m := zmember{arMember{name: f.Name, exec: f.Mode()&0o111 != 0, mtime: f.Modified}, f.Method}
		var reason string
		switch {
		case mn == "":
			reason = "unsafe member name; not read"
		case f.Mode().IsDir():
			m.dir = true
			kept = append(kept, m)
			continue
		case f.Flags&0x1 != 0:
			reason = "encrypted; not scanned"
		case !f.Mode().IsRegular():
			reason = "not a regular file (link or device); not read"
		case f.UncompressedSize64 > uint64(o.b.lim.MaxFileBytes):
			reason = fmt.Sprintf("member is %d bytes, over the limit of %d (raise --max-file-size); not scanned", f.UncompressedSize64, o.b.lim.MaxFileBytes)
		}
		var body []byte
		if reason == "" {
			rc, err := f.Open()
			if err != nil {
				reason = fmt.Sprintf("cannot be read (%v); not scanned", err)
			} else {
				body, reason = o.inflate("zip member", rc, int64(f.CompressedSize64))
				rc.Close()
			}
		}
		if reason != "" {
			o.drop(full, reason)
			continue
		}
		if err := o.b.add(full, int64(len(body))); err != nil {
			return nil, false, err
		}
		out, keep, err := o.open(full, mn, body, depth+1)
		if err != nil {
			return nil, false, err
		}
		if keep && o.rewrite {
			m.body = out
			kept = append(kept, m)
		}
	}
	if !o.rewrite {
		return data, true, nil
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, m := range kept {
		fh := &zip.FileHeader{Name: m.name, Method: m.method, Modified: m.mtime}
		mode := fs.FileMode(0o644)
		switch {
		case m.dir:
			fh.Method, mode = zip.Store, fs.ModeDir|0o755
		case m.exec:
			mode = 0o755
		}
		fh.SetMode(mode)
		w, err := zw.CreateHeader(fh)
		if err == nil {
			_, err = w.Write(m.body)
		}
		if err != nil {
			return o.drop(name, fmt.Sprintf("cannot be written again after redaction (%v)", err))
		}
	}
	if err := zw.Close(); err != nil {
		return o.drop(name, fmt.Sprintf("cannot be written again after redaction (%v)", err))
	}
	return buf.Bytes(), true, nil
}
