package notify

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/net/idna"
)

// ErrLocalPartNotASCII: the part before the @ has letters beyond ASCII.
// Such an address needs SMTPUTF8 all along its way, which the relays
// Slotwise hands mail to do not promise, so it is refused at booking time
// rather than accepted and never delivered.
var ErrLocalPartNotASCII = errors.New("notify: the part of the address before the @ is not ASCII")

// ASCIIAddress is an address as it goes on the wire: an international
// domain in its ASCII form (ada@exämple.com → ada@xn--exmple-cua.com).
func ASCIIAddress(addr string) (string, error) {
	at := strings.LastIndexByte(addr, '@')
	if at <= 0 || at == len(addr)-1 {
		return "", fmt.Errorf("notify: %q is not an address", addr)
	}
	local, domain := addr[:at], addr[at+1:]
	for i := 0; i < len(local); i++ {
		if local[i] >= 0x80 {
			return "", ErrLocalPartNotASCII
		}
	}
	ascii, err := idna.Lookup.ToASCII(domain)
	if err != nil {
		return "", fmt.Errorf("notify: the domain of %q: %w", addr, err)
	}
	return local + "@" + ascii, nil
}
