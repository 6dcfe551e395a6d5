// Package games registers every game of the lab with the game registry
// (package game), so that a command offers them all by importing this one
// package. Each game lives in its own package below engine/; this package
// only says which games there are and, where one name covers several
// seat counts (NZSC for 2, 3 or 4), which package serves which.
package games

import (
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/engine/game"
)

// NZSC is NZSC's registry entry: two players through engine's adapter.
var NZSC = func() *game.Info {
	i := engine.Info
	return &i
}()

func init() {
	game.Register(NZSC)
}
