package agents_test

// The two-player NZSC bots register themselves from agents/nzsc, which
// imports this package; the tests here that build bots from specs
// ("greedy", "mcts:iters=...") need them linked into the test binary.
import _ "github.com/nzsclab/nzsc/agents/nzsc"
