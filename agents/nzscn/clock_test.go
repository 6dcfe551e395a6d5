package nzscn_test

import (
	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/agents/nzscn"
)

// The N-player search bot takes a clock's budget (agents.Budget is
// agents.Clocked), so --tc plans its time.
var _ agents.Clocked = (*nzscn.MCTS)(nil)
