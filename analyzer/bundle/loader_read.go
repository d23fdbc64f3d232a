package bundle

import "errors"

// run reads every planned file. bundle.yaml is read in a pass of its own,
// first, so that a refused format version stops loading before anything is
// decoded.
func (ld *loader) run(src source) error {
	var metaPath string
	for p, pl := range ld.plans {
		if pl.role == roleMeta {
			metaPath = p
		}
	}
	if metaPath != "" {
		var refused error
		read := src.read
		if pf, ok := src.(prefetcher); ok {
			read = pf.readPrefetched
		}
		err := read(map[string]bool{metaPath: true}, func(p string, data []byte, err error) {
			if err != nil {
				ld.failIncomplete(ld.name(p), "cannot read: %v", err)
				return
			}
			refused = ld.readMeta(ld.name(p), data)
		})
		if refused != nil {
			return refused
		}
		if err != nil {
			ld.failIncomplete("", "%v", err)
		}
		delete(ld.plans, metaPath)
	}
	want := make(map[string]bool, len(ld.plans))
	for p := range ld.plans {
		want[p] = true
	}
	// With a manifest, every file is read once to check it, planned or not.
	v := newVerifier(ld.lay.base, ld.meta.Files)
	if v != nil {
		for _, p := range ld.files {
			if p != metaPath {
				want[p] = true
			}
		}
	}
	ld.pool = newDecodePool(ld)
	err := src.read(want, func(p string, data []byte, err error) {
		if err != nil {
			defer ld.pool.lock()()
			ld.failIncomplete(ld.name(p), "cannot read: %v", err)
			return
		}
		func() {
			defer ld.pool.lock()()
			v.check(ld, p, data)
		}()
		if pl, ok := ld.plans[p]; ok {
			ld.handle(p, pl, data)
		}
	})
	ld.pool.wait()
	ld.pool = nil
	var ae *ArchiveError
	switch {
	case errors.As(err, &ae):
		ld.errs = append(ld.errs, ae.loadError())
	case err != nil:
		ld.failIncomplete("", "%v", err)
	}
	v.missing(ld)
	ld.gaps(metaPath != "")
	return nil
}

func (ld *loader) handle(full string, p plan, data []byte) {
	file := ld.name(full)
	switch p.role {
	case roleObjects:
		ld.pool.decode(file, "", data)
		return
	case roleRendered:
		ld.pool.decode(file, p.source, data)
		return
	}
	// Everything else runs on the reader goroutine, but shares ld.errs and
	// ld.sources with the decode workers.
	defer ld.pool.lock()()
	switch p.role {
	case roleLog:
		l := p.log
		l.File, l.Lines = file, splitLines(data)
		ld.logs = append(ld.logs, &l)
	case roleLogsTxt:
		ld.readLogsTxt(file, data)
	case roleSource:
		ld.readSource(file, p.source, data)
	case roleCheck:
		ld.readChecks(file, data)
	case roleRedaction:
		ld.readRedaction(file, data)
	case roleErrorList:
		ld.readErrorList(file, p.nc, data)
	case roleErrorText:
		ld.readErrorText(file, p.nc, data)
	case roleCollectorErr:
		ld.readCollectorError(file, data)
	case roleVersion:
		ld.readVersion(file, data)
	case roleTimestamp:
		ld.readTimestamp(file, data)
	case roleAPIGroups, roleAPIResources:
		ld.readDiscovery(file, p.role, data)
	}
}
