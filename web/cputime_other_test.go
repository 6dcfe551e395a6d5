//go:build !unix

package web

import "time"

// cpuTime is not measured here: the benchmarks report no CPU per request.
func cpuTime() time.Duration { return 0 }
