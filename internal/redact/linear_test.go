package redact

import (
	"strings"
	"testing"
	"time"
)

// TestLinearTime feeds inputs built to make naive matchers quadratic or
// exponential. Each must finish far inside the limit even on a loaded
// machine; a quadratic scan of these 256 KiB inputs would take minutes.
func TestLinearTime(t *testing.T) {
	const n = 1 << 18
	for _, tc := range []struct{ name, in string }{
		{"key run", strings.Repeat("key", n/3)},
		{"assignment run", strings.Repeat("password=", n/9)},
		{"quoted keys", strings.Repeat(`"token":`, n/8)},
		{"schemes", strings.Repeat("a://", n/4)},
		{"names", strings.Repeat(`\"name\":`, n/9)},
		{"base64", strings.Repeat("QUJD", n/4)},
		{"pem begin", strings.Repeat("-----BEGIN PRIVATE KEY-----\n", n/28)},
		{"spaces then key", strings.Repeat(" ", n) + "secret: x1234567"},
		{"one long line of words", strings.Repeat("auth session cookie ", n/20)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newTest(t, Options{RedactIPs: true})
			start := time.Now()
			r.Text("big.log", []byte(tc.in))
			Check("big.log", []byte(tc.in))
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("took %v on %d bytes", d, len(tc.in))
			}
		})
	}
}
