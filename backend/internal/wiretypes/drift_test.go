package wiretypes_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/gzuidhof/tygo/config"
	"github.com/gzuidhof/tygo/tygo"

	"slotwise/backend/internal/srctest"
)

func TestGeneratedTypeScriptMatchesTheGoTypes(t *testing.T) {
	root := srctest.Root(t)
	t.Chdir(root) // tygo loads the packages relative to the module
	cfg := config.ReadFromFilepath("tygo.yaml")
	tmp := t.TempDir()
	checkedIn := map[string]string{}
	for _, p := range cfg.Packages {
		generated := filepath.Join(tmp, filepath.Base(p.OutputPath))
		checkedIn[generated] = p.OutputPath
		p.OutputPath = generated
	}
	if err := tygo.New(&cfg).Generate(); err != nil {
		t.Fatalf("generate: %v", err)
	}
	for generated, path := range checkedIn {
		want, err := os.ReadFile(generated)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s is not what the Go types generate: run `make types` and commit it", path)
		}
	}
}
