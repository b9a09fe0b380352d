package formkey

import (
	"strings"
	"testing"
	"time"
)

func TestIssuedKeysTellTheirAgeAndForgedOnesDoNot(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	s := New([]byte(strings.Repeat("k", 32))).WithClock(func() time.Time { return now })
	key := s.Issue()
	if key == s.Issue() {
		t.Fatal("two keys are the same")
	}
	now = now.Add(90 * time.Second)
	if age, ok := s.Age(key); !ok || age != 90*time.Second {
		t.Fatalf("Age = %v, %v; want 90s, true", age, ok)
	}
	other := New([]byte(strings.Repeat("x", 32)))
	ts, rest, _ := strings.Cut(key, ".")
	for name, forged := range map[string]string{
		"another installation's": other.Issue(),
		"an older time":          "0." + rest,
		"no MAC":                 ts + "." + strings.Split(rest, ".")[0],
		"empty":                  "",
		"too long":               key + strings.Repeat("a", 100),
		"not base 36":            "!!." + rest,
	} {
		if _, ok := s.Issued(forged); ok {
			t.Errorf("%s key %q was taken as issued here", name, forged)
		}
	}
}
