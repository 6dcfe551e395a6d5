package agents_test

import (
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents/cost"
)

// threadCPU is the CPU time of the calling thread, for the measurements
// of this package's tests (TestResolveCost): package cost's clock.
func threadCPU(*testing.T) time.Duration { return cost.ThreadCPU() }
