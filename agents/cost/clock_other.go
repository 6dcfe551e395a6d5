//go:build !linux

package cost

import "time"

// clockName names the clock of now: without a thread CPU clock, wall
// time, which counts waiting for a shared core too.
const clockName = "wall"

var start = time.Now()

// now is the wall time since the package started.
func now() time.Duration { return time.Since(start) }
