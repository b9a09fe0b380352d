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

func TestPageCutsTheExtraRowAndPointsPastTheLast(t *testing.T) {
	type row struct {
		at time.Time
		id string
	}
	at := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	rows := []row{{at, "a"}, {at, "b"}, {at.Add(time.Hour), "c"}}
	key := func(r row) (time.Time, string) { return r.at, r.id }
	tests := []struct {
		limit    int
		wantRows int
		wantNext string
	}{
		{3, 3, ""},
		{5, 3, ""},
		{2, 2, Encode(at, "b")},
		{1, 1, Encode(at, "a")},
	}
	for _, tt := range tests {
		got, next := Page(rows, tt.limit, key)
		if len(got) != tt.wantRows || next != tt.wantNext {
			t.Errorf("Page(limit %d) = %d rows, %q", tt.limit, len(got), next)
		}
	}
	for in, want := range map[int]int{-5: 1, 0: 1, 25: 25, 100: 100, 1000: 100} {
		if got := Limit(in); got != want {
			t.Errorf("Limit(%d) = %d, want %d", in, got, want)
		}
	}
}
