package solve

import (
	"context"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/crash"
)

// TestWorkerPanicIsError: a bot's policy that panics inside the
// pairings' worker goroutines ends BestResponseRules with an error that
// carries the panic (crash.Panic), as the tournament runner's workers
// do, instead of ending the process with a stack trace (which no guard
// of the caller's goroutine can catch).
func TestWorkerPanicIsError(t *testing.T) {
	broken := func() (BotPolicy, error) {
		return func(*nzsc.State, int, []float64) { panic("a bot's bug") }, nil
	}
	_, err := BestResponseRules(context.Background(), evalRules, 0, 2, broken, nil)
	p := crash.As(err)
	if p == nil || p.Value != "a bot's bug" || len(p.Stack) == 0 {
		t.Errorf("err %v, want the policy's panic as a crash.Panic with its stack", err)
	}
}
