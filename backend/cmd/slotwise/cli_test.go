package main

import (
	"bytes"
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCommandLineHelpAndMistakes(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		wantOut   string // in stdout
		wantErr   string // in the error; "" for none
		wantUsage bool   // the error is a usage error (exit 2)
	}{
		{"--help lists the commands", []string{"--help"}, "commands:\n  serve", "", false},
		{"-h too", []string{"-h"}, "usage: slotwise [COMMAND]", "", false},
		{"help alone", []string{"help"}, "commands:", "", false},
		{"help a command", []string{"help", "link"}, "usage: slotwise link CALENDAR", "", false},
		{"a command's --help", []string{"serve", "--help"}, "--addr HOST:PORT", "", false},
		{"help after arguments", []string{"preview", "post", "--help"}, "page|post|product", "", false},
		{"misspelt command", []string{"sevre"}, "", `unknown command "sevre"; did you mean serve?`, true},
		{"help for a misspelt command", []string{"help", "prevew"}, "", "did you mean preview?", true},
		{"misspelt flag", []string{"serve", "--adr", ":1"}, "", "unknown flag --adr for \"serve\"; did you mean --addr?", true},
		{"misspelt flag without a command", []string{"--no-dmo"}, "", "did you mean --no-demo?", true},
		{"flag of another command", []string{"link", "x", "--addr", ":1"}, "", "unknown flag --addr for \"link\"", true},
		{"missing argument", []string{"link"}, "", "usage: slotwise link CALENDAR", true},
		{"one argument too many", []string{"link", "a", "b"}, "", `unexpected argument "b"`, true},
		{"bad days", []string{"link", "a", "--days", "0"}, "", "--days is 1 to 365", true},
		{"bad preview kind", []string{"preview", "blog", "x"}, "", `not "blog"`, true},
		{"nothing close", []string{"frobnicate"}, "", `unknown command "frobnicate"`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := dispatch(context.Background(), tt.args, &out)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("dispatch(%q) = %v, want help", tt.args, err)
				}
				if !strings.Contains(out.String(), tt.wantOut) {
					t.Errorf("output %q does not contain %q", out.String(), tt.wantOut)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("dispatch(%q) = %v, want an error containing %q", tt.args, err, tt.wantErr)
			}
			if _, usage := errors.AsType[*usageError](err); usage != tt.wantUsage {
				t.Errorf("usage error = %v, want %v", usage, tt.wantUsage)
			}
		})
	}
}

func TestServeReportsABusyPortBeforeTouchingTheDatabase(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	dataDir := filepath.Join(t.TempDir(), "data")
	t.Setenv("DATABASE_URL", "")
	err = dispatch(context.Background(), []string{"serve", "--addr", busy.Addr().String(), "--data-dir", dataDir}, &bytes.Buffer{})
	if err == nil {
		t.Fatal("serve on a busy port succeeded")
	}
	for _, want := range []string{busy.Addr().String(), "--addr", "SLOTWISE_ADDR"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %s", err, want)
		}
	}
	if _, statErr := os.Stat(dataDir); !os.IsNotExist(statErr) {
		t.Errorf("the data directory was created (%v): the database was touched", statErr)
	}
}

func TestSuggestPicksTheClosestName(t *testing.T) {
	tests := []struct{ name, want string }{
		{"serv", "; did you mean serve?"},
		{"migarte", "; did you mean migrate?"},
		{"LINK", "; did you mean link?"},
		{"zzzzzz", ""},
	}
	for _, tt := range tests {
		if got := suggest(tt.name, commandNames(), ""); got != tt.want {
			t.Errorf("suggest(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}
