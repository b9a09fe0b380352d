package netguard

import (
	"errors"
	"net/netip"
	"testing"
)

func TestIPv6AddressesCarryingIPv4AreJudgedByTheIPv4TheyReach(t *testing.T) {
	tests := []struct {
		name    string
		addr    string
		private bool
	}{
		{"IPv4-compatible loopback", "::127.0.0.1", true},
		{"IPv4-compatible metadata", "::169.254.169.254", true},
		{"IPv4-compatible public", "::93.184.216.34", false},
		{"IPv4-mapped loopback", "::ffff:127.0.0.1", true},
		{"IPv4-mapped public", "::ffff:93.184.216.34", false},
		{"6to4 of loopback", "2002:7f00:1::", true},
		{"6to4 of a private network", "2002:a00:1::1", true},
		{"6to4 of metadata", "2002:a9fe:a9fe::", true},
		{"6to4 of a public address", "2002:5db8:d822::1", false},
		{"NAT64 of loopback", "64:ff9b::127.0.0.1", true},
		{"NAT64 of a private network", "64:ff9b::a00:1", true},
		{"NAT64 of a public address", "64:ff9b::93.184.216.34", false},
		{"a local NAT64 prefix", "64:ff9b:1::5db8:d822", true},
		{"Teredo client on loopback", "2001:0:4136:e378:8000:63bf:80ff:fffe", true},
		{"Teredo client on a private network", "2001:0:4136:e378:8000:63bf:f5ff:fffe", true},
		{"Teredo client on a public address", "2001:0:4136:e378:8000:63bf:a247:27dd", false},
		{"unspecified", "::", true},
		{"loopback", "::1", true},
		{"a zoned IPv4-compatible loopback", "::127.0.0.1%eth0", true},
		{"public IPv6", "2606:4700::1111", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := netip.MustParseAddr(tt.addr)
			if got := PrivateAddr(a); got != tt.private {
				t.Errorf("PrivateAddr(%s) = %v, want %v", tt.addr, got, tt.private)
			}
			// A URL's host (u.Hostname() drops the brackets) …
			if got := PrivateHost(tt.addr); got != tt.private {
				t.Errorf("PrivateHost(%s) = %v, want %v", tt.addr, got, tt.private)
			}
			// … and the address a dialer is about to connect to.
			err := Control("tcp6", netip.AddrPortFrom(a, 443).String(), nil)
			if got := errors.Is(err, ErrPrivate); got != tt.private {
				t.Errorf("Control(%s) = %v, want refused %v", tt.addr, err, tt.private)
			}
		})
	}
}
