package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// The server's collector settings apply only where the operator set none.
func TestTheCollectorIsTunedOnlyWhereTheOperatorSaysNothing(t *testing.T) {
	tests := []struct {
		name        string
		env         map[string]string
		wantPercent int
		wantLimit   int64
	}{
		{"nothing set", nil, gcPercent, memoryLimit},
		{"GOGC set", map[string]string{"GOGC": "150"}, 100, memoryLimit},
		{"GOMEMLIMIT set", map[string]string{"GOMEMLIMIT": "1GiB"}, gcPercent, math.MaxInt64},
		{"both set", map[string]string{"GOGC": "off", "GOMEMLIMIT": "1GiB"}, 100, math.MaxInt64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Each case starts from Go's defaults and leaves them as found.
			percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
			t.Cleanup(func() { debug.SetGCPercent(percent); debug.SetMemoryLimit(limit) })
			tuneCollector(func(k string) string { return tt.env[k] })
			if got := debug.SetGCPercent(100); got != tt.wantPercent {
				t.Errorf("GC percent %d, want %d", got, tt.wantPercent)
			}
			if got := debug.SetMemoryLimit(-1); got != tt.wantLimit {
				t.Errorf("memory limit %d, want %d", got, tt.wantLimit)
			}
		})
	}
}
