package netguard

import (
	"net/netip"
	"testing"
)

func TestHostsAreReadAsResolversReadThem(t *testing.T) {
	tests := []struct {
		host string
		want string // "" when the host is a name, not an address
	}{
		{"127.0.0.1", "127.0.0.1"},
		{"127.1", "127.0.0.1"},
		{"0x7f.1", "127.0.0.1"},
		{"0x7f000001", "127.0.0.1"},
		{"0X7F.0.0.1", "127.0.0.1"},
		{"2130706433", "127.0.0.1"},
		{"0177.0.0.1", "127.0.0.1"},
		{"017700000001", "127.0.0.1"},
		{"0", "0.0.0.0"},
		{"10.1", "10.0.0.1"},
		{"192.168.257", "192.168.1.1"},
		{"169.254.43518", "169.254.169.254"},
		{"127.0.0.1.", "127.0.0.1"},
		{"1.1", "1.0.0.1"},
		{"::1", "::1"},
		{"::ffff:7f00:1", "::ffff:127.0.0.1"},
		{"example.com", ""},
		{"1.2.3.4.5", ""},
		{"256.1.1.1", ""},
		{"1.2.65536", ""},
		{"4294967296", ""},
		{"08.1.1.1", ""},
		{"0x", ""},
		{"1..1", ""},
		{"-1", ""},
		{"+1", ""},
		{"1e3", ""},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			a, ok := hostAddr(tt.host)
			got := ""
			if ok {
				got = a.String()
			}
			if got != tt.want {
				t.Errorf("hostAddr(%q) = %q, want %q", tt.host, got, tt.want)
			}
		})
	}
}

func TestPrivateAddresses(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1": true, "10.1.2.3": true, "172.16.0.1": true, "192.168.1.1": true, "169.254.169.254": true,
		"100.64.0.1": true, "0.0.0.0": true, "::1": true, "fe80::1": true, "fd12::1": true, "::ffff:127.0.0.1": true,
		"64:ff9b::a00:1": true, "93.184.216.34": false, "2606:4700::1111": false,
	} {
		if got := PrivateAddr(netip.MustParseAddr(addr)); got != want {
			t.Errorf("PrivateAddr(%s) = %v, want %v", addr, got, want)
		}
	}
}
