// Package srctest helps the tests that read the repository's own sources
// (the import rule, the clock rule, what git tracks, the route literals,
// the wire types' drift): where the repository starts.
package srctest

import (
	"os"
	"path/filepath"
	"testing"
)

// Root is the directory holding go.mod above the running test.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}
