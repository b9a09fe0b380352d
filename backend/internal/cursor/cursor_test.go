package cursor

import (
	"errors"
	"testing"
	"time"
)

func TestCursorRoundTripsAndRefusesForgeries(t *testing.T) {
	at := time.Date(2026, 11, 23, 9, 30, 0, 123456000, time.UTC)
	gotAt, gotID, err := Decode(Encode(at, "bk_x"))
	if err != nil || !gotAt.Equal(at) || gotID != "bk_x" {
		t.Fatalf("round trip = %v %q %v", gotAt, gotID, err)
	}
	for _, bad := range []string{"", "!!", "bm90aGluZw", "MTIz", "YWJjfGlk", "MTJ8AA", string(make([]byte, 300))} {
		if _, _, err := Decode(bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("Decode(%q) = %v, want ErrInvalid", bad, err)
		}
	}
}
