package games_test

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/game/gametest"
	_ "github.com/nzsclab/nzsc/engine/games"
)

// TestConformance runs the contract's suite (gametest) for every
// registered game, every seat count and a sample of rules options: a new
// game is checked by registering here.
func TestConformance(t *testing.T) {
	gametest.TestRegistered(t, gametest.Options{})
}
