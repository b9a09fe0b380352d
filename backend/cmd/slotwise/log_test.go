package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"sync"
	"testing"

	"slotwise/backend/internal/config"
)

// A command's lines are all written by the time it returns, however late
// in it they are logged: its logger's queue is closed on the way out (for
// serve, once its requests have drained).
func TestACommandsLogLinesAllArriveBeforeItReturns(t *testing.T) {
	tests := []struct {
		name    string
		loggers int
	}{
		{"from the command", 1},
		{"from goroutines it waits for", 16},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			logOutput = &out
			t.Cleanup(func() { logOutput = os.Stderr })
			const each = 300
			noDatabase := func(*app, context.Context) error { return nil }
			err := withApp(t.Context(), &config.Config{}, noDatabase, func(_ context.Context, a *app) error {
				var wg sync.WaitGroup
				for g := range tt.loggers {
					wg.Go(func() {
						for i := range each {
							a.log.Info("working", "logger", g, "i", i)
						}
					})
				}
				wg.Wait()
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := strings.Count(out.String(), "msg=working "), tt.loggers*each; got != want {
				t.Errorf("%d lines written, want %d", got, want)
			}
		})
	}
}
