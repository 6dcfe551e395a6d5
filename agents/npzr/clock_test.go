package npzr

import (
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents"
)

// TestBudgetSetTimeBudget: a time budget from a clock (agents.Clocked)
// ends a search whose count would go on, and no sooner than the budget;
// cleared, the count applies again.
func TestBudgetSetTimeBudget(t *testing.T) {
	b := budget{agents.Budget{Iters: 1 << 40, PollEvery: 1}}
	b.SetTimeBudget(5 * time.Millisecond)
	start := time.Now()
	b.Start()
	i := 0
	for b.More(i) {
		i++
	}
	if time.Since(start) < 5*time.Millisecond {
		t.Fatalf("%d iterations in %v, want at least the 5ms budget", i, time.Since(start))
	}
	b.SetTimeBudget(0)
	b.Iters = 3
	b.Start()
	if !b.More(2) || b.More(3) {
		t.Fatal("with the budget cleared, the count applies again")
	}
}

// Every NPZR search bot takes a clock's budget.
var (
	_ agents.Clocked = (*PIMC)(nil)
	_ agents.Clocked = (*ISMCTS)(nil)
	_ agents.Clocked = (*Turn)(nil)
)
