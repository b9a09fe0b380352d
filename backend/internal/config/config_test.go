package config

import (
	"io"
	"testing"
	"time"
)

func TestParseLayersFlagsOverEnvironmentOverDefaults(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		want    func(*Config) bool
		wantErr bool
	}{
		{"defaults", nil, nil, func(c *Config) bool {
			return c.Addr == "127.0.0.1:8080" && c.DataDir == ".data" && c.RenderTimeout == 2*time.Second && c.SSRWorkers > 0 && !c.NoDemo
		}, false},
		{"environment", nil, map[string]string{"SLOTWISE_ADDR": ":9000", "DATABASE_URL": "postgres://x", "SLOTWISE_SSR_WORKERS": "3", "SLOTWISE_RENDER_TIMEOUT": "500ms"}, func(c *Config) bool {
			return c.Addr == ":9000" && c.DatabaseURL == "postgres://x" && c.SSRWorkers == 3 && c.RenderTimeout == 500*time.Millisecond
		}, false},
		{"flags win", []string{"--addr", "127.0.0.1:1", "--data-dir", "/tmp/d", "--no-demo"}, map[string]string{"SLOTWISE_ADDR": ":9000"}, func(c *Config) bool {
			return c.Addr == "127.0.0.1:1" && c.DataDir == "/tmp/d" && c.NoDemo
		}, false},
		{"bad workers", nil, map[string]string{"SLOTWISE_SSR_WORKERS": "many"}, nil, true},
		{"bad timeout", nil, map[string]string{"SLOTWISE_RENDER_TIMEOUT": "soon"}, nil, true},
		{"bad log level", nil, map[string]string{"SLOTWISE_LOG_LEVEL": "loud"}, nil, true},
		{"unknown flag", []string{"--colour"}, nil, nil, true},
		{"stray argument", []string{"extra"}, nil, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse(tt.args, func(k string) string { return tt.env[k] }, io.Discard)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("Parse succeeded, want an error")
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if !tt.want(c) {
				t.Errorf("Parse gave %+v", c)
			}
		})
	}
}
