package webhooks

import (
	"net/netip"
	"strconv"
	"strings"
)

// hostAddr reads a URL's host as an address the way resolvers do
// (inet_aton): besides the usual forms, IPv4 in fewer than four parts
// (127.1), in octal (0177.0.0.1) or hex (0x7f.1, 0x7f000001), or as one
// number (2130706433, 0). A host judged by its spelling alone would let
// such an address through as if it were a name.
func hostAddr(host string) (netip.Addr, bool) {
	host = strings.TrimSuffix(host, ".")
	if a, err := netip.ParseAddr(host); err == nil {
		return a, true
	}
	parts := strings.Split(host, ".")
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	var v uint64
	for i, p := range parts {
		n, ok := inetNumber(p)
		last := i == len(parts)-1
		// Every part but the last is one byte; the last fills the rest.
		bits := 8
		if last {
			bits = 32 - 8*(len(parts)-1)
		}
		if !ok || n >= 1<<bits {
			return netip.Addr{}, false
		}
		v = v<<bits | n
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}

// inetNumber reads one part of an inet_aton address: 0x… hex, 0… octal,
// else decimal.
func inetNumber(p string) (uint64, bool) {
	base := 10
	switch {
	case len(p) > 2 && (p[:2] == "0x" || p[:2] == "0X"):
		base, p = 16, p[2:]
	case len(p) > 1 && p[0] == '0':
		base, p = 8, p[1:]
	}
	if p == "" || p[0] == '+' || p[0] == '-' {
		return 0, false
	}
	n, err := strconv.ParseUint(p, base, 32)
	return n, err == nil
}
