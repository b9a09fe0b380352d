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
		{"test clock", nil, map[string]string{"SLOTWISE_TEST_CLOCK": "2026-11-20T14:20:00+01:00"}, func(c *Config) bool {
			return c.TestClock.Equal(time.Date(2026, 11, 20, 13, 20, 0, 0, time.UTC))
		}, false},
		{"bad test clock", nil, map[string]string{"SLOTWISE_TEST_CLOCK": "friday"}, nil, true},
		{"test clock on a real database", nil, map[string]string{"SLOTWISE_TEST_CLOCK": "2026-11-20T14:20:00+01:00", "DATABASE_URL": "postgres://x"}, nil, true},
		{"a clock moved ahead", nil, map[string]string{"SLOTWISE_CLOCK_SHIFT": "10y"}, func(c *Config) bool { return true }, false},
		{"a clock moved by nonsense", nil, map[string]string{"SLOTWISE_CLOCK_SHIFT": "soon"}, nil, true},
		{"limits and proxies", nil, map[string]string{"SLOTWISE_LIMIT_BOOKINGS_PER_IP": "off", "SLOTWISE_TRUSTED_PROXIES": "10.0.0.0/8, 192.0.2.1"}, func(c *Config) bool {
			return c.LimitBookingsPerIP == "off" && len(c.TrustedProxies) == 2 && c.LimitTokenGuesses == "20/10m"
		}, false},
		{"frame ancestors that would break the policy", nil, map[string]string{"SLOTWISE_FRAME_ANCESTORS": "https://a.example; script-src *"}, nil, true},
		{"unknown flag", []string{"--colour"}, nil, nil, true},
		{"Razorpay", nil, map[string]string{"SLOTWISE_RAZORPAY_KEY_ID": "rzp_test_a", "SLOTWISE_RAZORPAY_KEY_SECRET": "s", "SLOTWISE_RAZORPAY_WEBHOOK_SECRET": "w"}, func(c *Config) bool {
			return c.Razorpay.KeyID == "rzp_test_a" && c.Razorpay.WebhookSecret == "w"
		}, false},
		{"Razorpay without its webhook secret", nil, map[string]string{"SLOTWISE_RAZORPAY_KEY_ID": "rzp_test_a", "SLOTWISE_RAZORPAY_KEY_SECRET": "s"}, nil, true},
		{"Razorpay's key id without its secret", nil, map[string]string{"SLOTWISE_RAZORPAY_KEY_ID": "rzp_test_a", "SLOTWISE_RAZORPAY_WEBHOOK_SECRET": "w"}, nil, true},
		{"PayPal", nil, map[string]string{"SLOTWISE_PAYPAL_CLIENT_ID": "id", "SLOTWISE_PAYPAL_CLIENT_SECRET": "s", "SLOTWISE_PAYPAL_WEBHOOK_ID": "WH1", "SLOTWISE_PAYPAL_API_URL": "https://api-m.sandbox.paypal.com"}, func(c *Config) bool {
			return c.PayPal.ClientID == "id" && c.PayPal.WebhookID == "WH1" && c.PayPal.APIURL == "https://api-m.sandbox.paypal.com"
		}, false},
		{"PayPal without its webhook id", nil, map[string]string{"SLOTWISE_PAYPAL_CLIENT_ID": "id", "SLOTWISE_PAYPAL_CLIENT_SECRET": "s"}, nil, true},
		{"PayPal's client id without its secret", nil, map[string]string{"SLOTWISE_PAYPAL_CLIENT_ID": "id", "SLOTWISE_PAYPAL_WEBHOOK_ID": "WH1"}, nil, true},
		{"a PayPal API that is not a URL", nil, map[string]string{"SLOTWISE_PAYPAL_CLIENT_ID": "id", "SLOTWISE_PAYPAL_CLIENT_SECRET": "s", "SLOTWISE_PAYPAL_WEBHOOK_ID": "WH1", "SLOTWISE_PAYPAL_API_URL": "ftp://x"}, nil, true},
		{"a Razorpay key id that is not one", nil, map[string]string{"SLOTWISE_RAZORPAY_KEY_ID": "sk_test_a", "SLOTWISE_RAZORPAY_KEY_SECRET": "s", "SLOTWISE_RAZORPAY_WEBHOOK_SECRET": "w"}, nil, true},
		{"private networks allowed", nil, map[string]string{"SLOTWISE_ALLOW_PRIVATE_NETWORKS": "true"}, func(c *Config) bool { return c.AllowPrivateNetworks }, false},
		{"private networks allowed by the older name", nil, map[string]string{"SLOTWISE_WEBHOOK_ALLOW_PRIVATE": "1"}, func(c *Config) bool { return c.AllowPrivateNetworks }, false},
		{"private networks refused by default", nil, nil, func(c *Config) bool { return !c.AllowPrivateNetworks }, false},
		{"private networks said in other words", nil, map[string]string{"SLOTWISE_ALLOW_PRIVATE_NETWORKS": "yes"}, nil, true},
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
