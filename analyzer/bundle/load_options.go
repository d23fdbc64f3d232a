package bundle

// LoadOptions bounds what Load reads, so that a hostile or broken bundle
// costs bounded memory and time. A zero field takes its default.
type LoadOptions struct {
	// MaxFileBytes caps one file's uncompressed size; larger files are
	// skipped with a LoadError. Default 128 MiB (flag --max-file-size).
	MaxFileBytes int64
	// MaxTotalBytes caps the sum of the uncompressed sizes of all files;
	// reading stops there with a LoadError. Default 4 GiB
	// (--max-total-size).
	MaxTotalBytes int64
	// MaxEntries caps the number of archive entries or directory items;
	// reading stops there with a LoadError. Default 200000 (--max-entries).
	MaxEntries int
	// MaxRatio caps the ratio of uncompressed bytes to the archive's size
	// once more than RatioFloor bytes were declared; reading stops there
	// with a LoadError. Default 200 (--max-ratio). Directories have no ratio.
	MaxRatio int64
	// Share lets objects hold the parts they have in common once: after
	// decoding, every map or list equal to one met before is replaced by
	// that one, so one decoded map may be reachable from many objects. It
	// makes the loaded objects read-only: a caller that changes one must
	// leave Share off. The values read are the same either way; at 100k
	// objects it keeps about a quarter less of the decoded bundle live.
	Share bool
	// Partial loads what a truncated or corrupt archive holds before the
	// damage instead of refusing it. Without it, Load returns an
	// *ArchiveError naming the archive and the byte where reading failed
	// (flag --partial). With it, the damage is a LoadError that makes the
	// bundle incomplete (LoadError.Incomplete), so an analysis can at best
	// say "unknown", never "healthy". An archive that breaks before its
	// first member is refused either way.
	Partial bool
}

// RatioFloor is the amount of uncompressed data below which the ratio cap
// does not apply: a 10 KiB archive of 3 MiB of YAML is no threat.
const RatioFloor = 64 << 20

// Default limits, documented in docs/bundle-format.md.
const (
	DefaultMaxFileBytes  = 128 << 20
	DefaultMaxTotalBytes = 4 << 30
	DefaultMaxEntries    = 200000
	DefaultMaxRatio      = 200
)

func (o LoadOptions) withDefaults() LoadOptions {
	if o.MaxFileBytes <= 0 {
		o.MaxFileBytes = DefaultMaxFileBytes
	}
	if o.MaxTotalBytes <= 0 {
		o.MaxTotalBytes = DefaultMaxTotalBytes
	}
	if o.MaxEntries <= 0 {
		o.MaxEntries = DefaultMaxEntries
	}
	if o.MaxRatio <= 0 {
		o.MaxRatio = DefaultMaxRatio
	}
	return o
}
