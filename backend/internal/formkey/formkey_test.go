package formkey

import (
	"context"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/db"
)

func TestIssuedKeysTellTheirAgeAndForgedOnesDoNot(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	s := New([]byte(strings.Repeat("k", 32))).WithClock(func() time.Time { return now })
	key := s.Issue(context.Background())
	if key == s.Issue(context.Background()) {
		t.Fatal("two keys are the same")
	}
	now = now.Add(90 * time.Second)
	if age, ok := s.Age(context.Background(), key); !ok || age != 90*time.Second {
		t.Fatalf("Age = %v, %v; want 90s, true", age, ok)
	}
	other := New([]byte(strings.Repeat("x", 32)))
	ts, rest, _ := strings.Cut(key, ".")
	for name, forged := range map[string]string{
		"another installation's": other.Issue(context.Background()),
		"an older time":          "0." + rest,
		"no MAC":                 ts + "." + strings.Split(rest, ".")[0],
		"empty":                  "",
		"too long":               key + strings.Repeat("a", 100),
		"not base 36":            "!!." + rest,
		"another business's":     s.Issue(db.WithBusiness(context.Background(), 7)),
	} {
		if _, ok := s.Issued(context.Background(), forged); ok {
			t.Errorf("%s key %q was taken as issued here", name, forged)
		}
	}
}

// A key is its business's: the same installation takes it for that
// business's forms only.
func TestAKeyOpensOnlyItsOwnBusinesssForms(t *testing.T) {
	s := New([]byte(strings.Repeat("k", 32)))
	studio, yoga := db.WithBusiness(context.Background(), 1), db.WithBusiness(context.Background(), 2)
	key := s.Issue(studio)
	for _, tc := range []struct {
		name string
		ctx  context.Context
		ok   bool
	}{
		{"its own business", studio, true},
		{"another business", yoga, false},
		{"no business", context.Background(), false},
	} {
		if _, ok := s.Issued(tc.ctx, key); ok != tc.ok {
			t.Errorf("%s: Issued = %v, want %v", tc.name, ok, tc.ok)
		}
	}
}
