package db

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// DefaultPostgresBinGlob is where distribution packages (Debian, Ubuntu)
// install the server binaries, one directory per major version.
const DefaultPostgresBinGlob = "/usr/lib/postgresql/*/bin"

// ErrPostgresNotFound is returned (wrapped in a readable message) when no
// PostgreSQL server binaries can be found.
var ErrPostgresNotFound = errors.New("PostgreSQL server binaries not found")

// serverBinaries are the programs a private cluster needs.
var serverBinaries = []string{"initdb", "pg_ctl", "postgres"}

// FindPostgresBin returns the directory holding the PostgreSQL server
// binaries (initdb, pg_ctl, postgres). It looks on PATH first, then in
// /usr/lib/postgresql/*/bin, highest major version first.
func FindPostgresBin() (string, error) {
	return findPostgresBin(os.Getenv("PATH"), DefaultPostgresBinGlob)
}

type notFoundError struct{ glob string }

func (e *notFoundError) Error() string {
	return "PostgreSQL server binaries (initdb, pg_ctl) were not found on PATH or in " + e.glob +
		": install PostgreSQL 15 or newer (Debian: apt-get install postgresql) or set DATABASE_URL"
}

func (e *notFoundError) Unwrap() error { return ErrPostgresNotFound }

func findPostgresBin(pathEnv, glob string) (string, error) {
	// On PATH, initdb and pg_ctl may come from different entries (rare, but
	// a wrapper directory could hold only one); the server must sit beside
	// pg_ctl, which is how pg_ctl itself locates it.
	if p, err := lookPathIn("pg_ctl", pathEnv); err == nil {
		// Prefer the real directory when PATH holds symlinks to it.
		if real, err := filepath.EvalSymlinks(p); err == nil && hasServerBinaries(filepath.Dir(real)) {
			return filepath.Dir(real), nil
		}
		if dir := filepath.Dir(p); hasServerBinaries(dir) {
			return dir, nil
		}
	}

	dirs, _ := filepath.Glob(glob) // the only possible error is a bad pattern
	slices.SortFunc(dirs, func(a, b string) int {
		// Highest version first; the version is the directory above bin.
		return compareVersions(filepath.Base(filepath.Dir(b)), filepath.Base(filepath.Dir(a)))
	})
	for _, dir := range dirs {
		if hasServerBinaries(dir) {
			return dir, nil
		}
	}
	return "", &notFoundError{glob: glob}
}

func lookPathIn(name, pathEnv string) (string, error) {
	for _, dir := range filepath.SplitList(pathEnv) {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, name)
		if isExecutable(p) {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}

func hasServerBinaries(dir string) bool {
	for _, name := range serverBinaries {
		if !isExecutable(filepath.Join(dir, name)) {
			return false
		}
	}
	return true
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}

// compareVersions orders dotted numeric versions ("9.6" < "15" < "16.1");
// non-numeric parts compare as strings after numeric ones.
func compareVersions(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) || i < len(bs); i++ {
		var x, y string
		if i < len(as) {
			x = as[i]
		}
		if i < len(bs) {
			y = bs[i]
		}
		xn, xerr := strconv.Atoi(x)
		yn, yerr := strconv.Atoi(y)
		switch {
		case xerr == nil && yerr == nil:
			if xn != yn {
				if xn < yn {
					return -1
				}
				return 1
			}
		case xerr == nil:
			return 1
		case yerr == nil:
			return -1
		default:
			if c := strings.Compare(x, y); c != 0 {
				return c
			}
		}
	}
	return 0
}
