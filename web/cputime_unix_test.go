//go:build unix

package web

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used (user and system), for
// the load benchmarks' CPU per request: a figure the other work on a
// shared machine does not change, as it changes the wall-clock ones.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
