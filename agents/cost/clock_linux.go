package cost

import (
	"syscall"
	"time"
	"unsafe"
)

// clockName names the clock of ThreadCPU.
const clockName = "thread-cpu"

// ThreadCPU is the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID),
// to the nanosecond, unlike getrusage's. A measurement locks its
// goroutine to its thread (runtime.LockOSThread) first.
func ThreadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, e := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		panic("cost: clock_gettime(CLOCK_THREAD_CPUTIME_ID): " + e.Error())
	}
	return time.Duration(ts.Nano())
}
