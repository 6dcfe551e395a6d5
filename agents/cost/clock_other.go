//go:build !linux

package cost

import "time"

// clockName names the clock of ThreadCPU: without a thread CPU clock, wall
// time, which counts waiting for a shared core too.
const clockName = "wall"

var start = time.Now()

// ThreadCPU is, without a thread CPU clock, the wall time since the
// package started (Result.Clock says which).
func ThreadCPU() time.Duration { return time.Since(start) }
