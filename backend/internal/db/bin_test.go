package db_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"slotwise/backend/internal/db"
)

// fakeBin creates dir holding executable stand-ins for the named programs.
func fakeBin(t *testing.T, dir string, names ...string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestFindPostgresBin(t *testing.T) {
	all := []string{"initdb", "pg_ctl", "postgres"}
	tests := []struct {
		name  string
		setup func(t *testing.T, root string) (path string, glob string)
		want  string // relative to root; "" means not found
	}{
		{
			name: "nothing anywhere is an error",
			setup: func(t *testing.T, root string) (string, string) {
				return "", filepath.Join(root, "lib", "*", "bin")
			},
		},
		{
			name: "binaries on PATH win over versioned dirs",
			setup: func(t *testing.T, root string) (string, string) {
				fakeBin(t, filepath.Join(root, "lib", "17", "bin"), all...)
				p := fakeBin(t, filepath.Join(root, "path"), all...)
				return filepath.Join(root, "empty") + string(os.PathListSeparator) + p, filepath.Join(root, "lib", "*", "bin")
			},
			want: "path",
		},
		{
			name: "client-only PATH entry is skipped",
			setup: func(t *testing.T, root string) (string, string) {
				p := fakeBin(t, filepath.Join(root, "path"), "pg_ctl") // no initdb/postgres beside it
				fakeBin(t, filepath.Join(root, "lib", "15", "bin"), all...)
				return p, filepath.Join(root, "lib", "*", "bin")
			},
			want: "lib/15/bin",
		},
		{
			name: "highest version is chosen numerically",
			setup: func(t *testing.T, root string) (string, string) {
				fakeBin(t, filepath.Join(root, "lib", "9.6", "bin"), all...)
				fakeBin(t, filepath.Join(root, "lib", "16", "bin"), all...)
				fakeBin(t, filepath.Join(root, "lib", "15", "bin"), all...)
				fakeBin(t, filepath.Join(root, "lib", "17", "bin"), "pg_ctl") // incomplete
				return "", filepath.Join(root, "lib", "*", "bin")
			},
			want: "lib/16/bin",
		},
		{
			name: "non-executable files do not count",
			setup: func(t *testing.T, root string) (string, string) {
				d := fakeBin(t, filepath.Join(root, "lib", "15", "bin"), all...)
				if err := os.Chmod(filepath.Join(d, "initdb"), 0o644); err != nil {
					t.Fatal(err)
				}
				return "", filepath.Join(root, "lib", "*", "bin")
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			path, glob := tt.setup(t, root)
			got, err := db.FindPostgresBinIn(path, glob)
			if tt.want == "" {
				if err == nil {
					t.Fatalf("found %q, want an error", got)
				}
				if !errors.Is(err, db.ErrPostgresNotFound) {
					t.Errorf("error %v does not wrap ErrPostgresNotFound", err)
				}
				want := "PostgreSQL server binaries (initdb, pg_ctl) were not found on PATH or in " + glob +
					": install PostgreSQL 15 or newer (Debian: apt-get install postgresql) or set DATABASE_URL"
				if err.Error() != want {
					t.Errorf("error message\n got: %s\nwant: %s", err, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if want := filepath.Join(root, tt.want); got != want {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
}

func TestFindPostgresBinOnThisMachine(t *testing.T) {
	dir, err := db.FindPostgresBin()
	if err != nil {
		t.Skip(err)
	}
	for _, n := range []string{"initdb", "pg_ctl", "postgres"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Error(err)
		}
	}
}
