package clock_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"slotwise/backend/internal/srctest"
)

// TestOnlyTheClockReadsTheDate keeps production code on the clock it is
// given: a time.Now, time.Since or time.Until outside this package is
// allowed only where the line says why the real time is wanted ("real
// time: …", such as measuring how long a request took or a network
// deadline). Test support packages and the bench
// commands measure real durations and are left out.
func TestOnlyTheClockReadsTheDate(t *testing.T) {
	root := srctest.Root(t)
	fset := token.NewFileSet()
	var found []string
	for _, dir := range []string{"backend", "ssr"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if leftOut(d.Name()) {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || filepath.Dir(path) == filepath.Join(root, "backend/internal/clock") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			file, err := parser.ParseFile(fset, path, src, parser.ParseComments)
			if err != nil {
				return err
			}
			lines := strings.Split(string(src), "\n")
			for _, at := range nowReads(file, fset) {
				if !strings.Contains(lines[at-1], "real time:") {
					rel, _ := filepath.Rel(root, path)
					found = append(found, rel+":"+strconv.Itoa(at)+": "+strings.TrimSpace(lines[at-1]))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(found) > 0 {
		t.Errorf("the wall clock read outside the clock (take the service's clock, or say on the line why the real time is wanted: // real time: …):\n%s", strings.Join(found, "\n"))
	}
}

// leftOut names the folders whose code is not the server's: test support
// (dbtest, stripetest, contenttest, loadtest) and the bench commands.
func leftOut(dir string) bool {
	return strings.HasSuffix(dir, "test") || strings.HasSuffix(dir, "bench") || dir == "sitegen" || dir == "testdata" || dir == "node_modules"
}

// nowReads gives the lines where file reads the wall clock: time.Now
// (called or as a value), time.Since and time.Until.
func nowReads(file *ast.File, fset *token.FileSet) []int {
	name := ""
	for _, imp := range file.Imports {
		if imp.Path.Value == `"time"` {
			name = "time"
			if imp.Name != nil {
				name = imp.Name.Name
			}
		}
	}
	if name == "" {
		return nil
	}
	var at []int
	ast.Inspect(file, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || (sel.Sel.Name != "Now" && sel.Sel.Name != "Since" && sel.Sel.Name != "Until") {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Name == name {
			at = append(at, fset.Position(sel.Pos()).Line)
		}
		return true
	})
	return at
}
