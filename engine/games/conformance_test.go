package games_test

import (
	"strconv"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/game/gametest"
	_ "github.com/nzsclab/nzsc/engine/games"
)

// TestConformance runs the contract's suite (gametest) for every
// registered game, every seat count and a sample of rules options: a new
// game is checked by registering here.
// NZSC's turn cap counts steps, so its games end within it exactly;
// other games keep the suite's bound.
func TestConformance(t *testing.T) {
	gametest.TestRegistered(t, gametest.Options{MaxSteps: func(g game.Game) int {
		if g.Info().Name == "nzsc" {
			n, _ := strconv.Atoi(g.Rules()["turn_cap"])
			return n
		}
		return 0
	}})
}
