package cursor

import (
	"encoding/base64"
	"errors"
	"strconv"
	"testing"
	"time"
)

func TestCursorRoundTripsAndRefusesForgeries(t *testing.T) {
	at := time.Date(2026, 11, 23, 9, 30, 0, 123456000, time.UTC)
	gotAt, gotID, err := Decode(Encode(at, "bk_x"))
	if err != nil || !gotAt.Equal(at) || gotID != "bk_x" {
		t.Fatalf("round trip = %v %q %v", gotAt, gotID, err)
	}
	// A time past what PostgreSQL compares (year 9999) and one before year 1.
	far := base64.RawURLEncoding.EncodeToString([]byte("9223372036854775807|bk_x"))
	early := base64.RawURLEncoding.EncodeToString([]byte("-9223372036854775808|bk_x"))
	for _, bad := range []string{"", "!!", "bm90aGluZw", "MTIz", "YWJjfGlk", "MTJ8AA", string(make([]byte, 300)), far, early} {
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

func TestAfterStartsAPageRightAfterItsCursorInTheListsOrder(t *testing.T) {
	at := time.Date(2026, 11, 24, 9, 30, 0, 0, time.UTC)
	c := Encode(at, "bk_1")
	tests := []struct {
		name   string
		cursor string
		order  Order
		want   string
		args   int
	}{
		{"first page", "", Ascending, "", 0},
		{"oldest first", c, Ascending, "(t, id) > ($1, $2)", 2},
		{"newest first", c, Descending, "(t, id) < ($1, $2)", 2},
	}
	for _, tt := range tests {
		var args []any
		arg := func(v any) string { args = append(args, v); return "$" + strconv.Itoa(len(args)) }
		got, err := After(tt.cursor, "t", "id", tt.order, arg)
		if err != nil || got != tt.want || len(args) != tt.args {
			t.Errorf("%s: %q, %v with %d args; want %q with %d", tt.name, got, err, len(args), tt.want, tt.args)
		}
		if tt.args == 2 && (!args[0].(time.Time).Equal(at) || args[1] != "bk_1") {
			t.Errorf("%s: args %v", tt.name, args)
		}
	}
	if _, err := After("not a cursor", "t", "id", Ascending, func(any) string { return "$1" }); err == nil {
		t.Error("a cursor no list gave was taken")
	}
}
