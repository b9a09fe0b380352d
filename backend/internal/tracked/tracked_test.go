package tracked

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"slotwise/backend/internal/srctest"
)

// MaxFileSize is the largest file the repository keeps.
const MaxFileSize = 1 << 20

// lockFiles are written by tools and may grow past MaxFileSize.
var lockFiles = map[string]bool{"go.sum": true, "package-lock.json": true}

// binaryMagic are the first bytes of executables and libraries.
var binaryMagic = [][]byte{
	[]byte("\x7fELF"),        // Linux
	{0xcf, 0xfa, 0xed, 0xfe}, // Mach-O, 64-bit
	{0xce, 0xfa, 0xed, 0xfe}, // Mach-O, 32-bit
	{0xca, 0xfe, 0xba, 0xbe}, // Mach-O, universal
	[]byte("MZ"),             // Windows
	[]byte("!<arch>\n"),      // static libraries
	[]byte("\x00asm"),        // WebAssembly
}

func TestOnlySourceIsTracked(t *testing.T) {
	root := srctest.Root(t)
	files := trackedFiles(t, root)
	if len(files) < 100 {
		t.Fatalf("git lists only %d files: is this the repository?", len(files))
	}
	for _, f := range files {
		path := filepath.Join(root, f.path)
		info, err := os.Lstat(path)
		if err != nil {
			continue // deleted in the work tree, not yet committed
		}
		if info.Size() > MaxFileSize && !lockFiles[f.path] {
			t.Errorf("%s is %d bytes, over %d: build it or download it, and ignore it", f.path, info.Size(), MaxFileSize)
		}
		if !info.Mode().IsRegular() {
			continue
		}
		head := make([]byte, 8)
		if fh, err := os.Open(path); err == nil {
			n, _ := fh.Read(head)
			head = head[:n]
			fh.Close()
		}
		for _, magic := range binaryMagic {
			if bytes.HasPrefix(head, magic) {
				t.Errorf("%s is a compiled program or library: build it with make, and ignore it", f.path)
			}
		}
		if f.mode == "100755" && !bytes.HasPrefix(head, []byte("#!")) {
			t.Errorf("%s is executable but not a script: commit only scripts (starting with #!) as executables", f.path)
		}
	}
}

type trackedFile struct{ mode, path string }

// trackedFiles lists what git keeps, with each file's mode.
func trackedFiles(t *testing.T, root string) []trackedFile {
	// An unpacked archive has no git history to hold to the rule; a
	// checkout always does, so there a missing git is a failure, never a
	// silent pass.
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		t.Skip("not a git checkout (an unpacked archive): nothing is tracked")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("a git checkout without git: install git to check what it tracks")
	}
	cmd := exec.Command("git", "ls-files", "-s", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	var files []trackedFile
	for _, entry := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		// "<mode> <object> <stage>\t<path>"
		meta, path, ok := strings.Cut(entry, "\t")
		if !ok {
			continue
		}
		mode, _, _ := strings.Cut(meta, " ")
		files = append(files, trackedFile{mode: mode, path: path})
	}
	return files
}
