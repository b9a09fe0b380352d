package netguard

import "net/netip"

// IPv6 ranges that carry an IPv4 address inside them. A packet to such an
// address reaches the IPv4 address (through the host's own stack, a 6to4
// or Teredo relay, or a NAT64 gateway), so it is judged as that address:
// [::127.0.0.1] or [2002:7f00:1::] is loopback as surely as 127.0.0.1.
var (
	ipv4Compatible = netip.MustParsePrefix("::/96")        // ::a.b.c.d, deprecated but still routed by some stacks
	sixToFour      = netip.MustParsePrefix("2002::/16")    // 2002:AABB:CCDD::, the IPv4 in bytes 2–5
	nat64          = netip.MustParsePrefix("64:ff9b::/96") // the well-known NAT64 prefix, the IPv4 in the last 4 bytes
	teredo         = netip.MustParsePrefix("2001::/32")    // the client's IPv4 in the last 4 bytes, each bit flipped
)

// embeddedIPv4 returns the IPv4 address an IPv6 address reaches, if it is
// one of the forms above or IPv4-mapped (::ffff:a.b.c.d).
func embeddedIPv4(a netip.Addr) (netip.Addr, bool) {
	if !a.Is6() {
		return netip.Addr{}, false
	}
	a = a.WithZone("")
	if a.Is4In6() {
		return a.Unmap(), true
	}
	b := a.As16()
	switch {
	case ipv4Compatible.Contains(a), nat64.Contains(a):
		return netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}), true
	case sixToFour.Contains(a):
		return netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}), true
	case teredo.Contains(a):
		return netip.AddrFrom4([4]byte{b[12] ^ 0xff, b[13] ^ 0xff, b[14] ^ 0xff, b[15] ^ 0xff}), true
	}
	return netip.Addr{}, false
}
