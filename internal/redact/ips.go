package redact

import (
	"crypto/hmac"
	"crypto/sha256"
	"net/netip"
	"regexp"
)

var (
	ipv4RE = regexp.MustCompile(`\b(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\b`)
	ipv6RE = regexp.MustCompile(`(?i)[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}`)
)

// mapIPs replaces IP addresses in s by their mapped addresses. Loopback,
// unspecified and broadcast addresses carry no information and are kept.
func (r *Redactor) mapIPs(sc *scope, s string) string {
	s = ipv4RE.ReplaceAllStringFunc(s, func(v string) string { return r.mapIP(sc, v) })
	return ipv6RE.ReplaceAllStringFunc(s, func(v string) string { return r.mapIP(sc, v) })
}

func (r *Redactor) mapIP(sc *scope, v string) string {
	a, err := netip.ParseAddr(v)
	if err != nil || a.IsLoopback() || a.IsUnspecified() || v == "255.255.255.255" || a.Zone() != "" {
		return v
	}
	if sc.quiet {
		return v // addresses are not secrets; never the reason to redact a blob
	}
	if m, ok := r.ipCache.Load(a); ok {
		r.count(sc.file, "ip", "")
		return m.(netip.Addr).String()
	}
	m := mapAddr(r.salt, a)
	r.ipCache.Store(a, m)
	r.count(sc.file, "ip", "")
	return m.String()
}

// mapAddr maps a prefix-preservingly: byte i of the result is byte i of a
// XOR a keyed hash of bytes 0..i-1. Addresses sharing their first n bytes
// therefore share them after mapping, and within a prefix the mapping is a
// bijection, so distinct addresses stay distinct.
func mapAddr(salt []byte, a netip.Addr) netip.Addr {
	in := a.AsSlice()
	out := make([]byte, len(in))
	for i := range in {
		m := hmac.New(sha256.New, salt)
		m.Write([]byte{'i', 'p', byte(len(in))})
		m.Write(in[:i])
		out[i] = in[i] ^ m.Sum(nil)[0]
	}
	b, _ := netip.AddrFromSlice(out)
	return b
}
