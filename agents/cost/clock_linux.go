package cost

import (
	"syscall"
	"time"
	"unsafe"
)

// clockName names the clock of now.
const clockName = "thread-cpu"

// now is the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID), to the
// nanosecond, unlike getrusage's.
func now() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, e := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		panic("cost: clock_gettime(CLOCK_THREAD_CPUTIME_ID): " + e.Error())
	}
	return time.Duration(ts.Nano())
}
