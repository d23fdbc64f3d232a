//go:build unix

package healthcheck

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used so far (user and
// system, every thread).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
