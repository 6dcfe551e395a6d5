// Package games registers every game of the lab with the game registry
// (package game), so that a command offers them all by importing this one
// package. Each game lives in its own package below engine/; this package
// only says which games there are and, where one name covers several
// seat counts (NZSC for 2, 3 or 4), which package serves which.
package games

import (
	"slices"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

// NZSC is NZSC's registry entry for 2 to 4 players: two players through
// engine's adapter (the two-player fast path), 3 or 4 through package
// nzscn.
var NZSC = func() *game.Info {
	i := nzsc.Info
	i.MaxSeats = nzscn.MaxPlayers
	i.New = func(seats int, r game.Rules) (game.Game, error) {
		if seats == 2 {
			return nzsc.Info.New(seats, r)
		}
		return nzscn.Info.New(seats, r)
	}
	// Each seat count keeps its own tally: loadouts by pairing of bots at
	// two seats, characters and combinations at 3 or 4.
	i.Stats = func(g game.Game, entrants int) game.Stats {
		if g.Seats() == 2 {
			return nzsc.Info.Stats(g, entrants)
		}
		return nzscn.Info.Stats(g, entrants)
	}
	return &i
}()

func init() {
	game.Register(NZSC)
	game.Register(&npzr.Info)
}

// Registered returns every registered game as the pages offer them: NZSC
// first (the lab's own game, the one a bot or command names by default),
// then the others by name as game.Registered sorts them.
func Registered() []*game.Info {
	infos := game.Registered()
	if i := slices.IndexFunc(infos, func(i *game.Info) bool { return i.Name == NZSC.Name }); i > 0 {
		nz := infos[i]
		copy(infos[1:i+1], infos[:i])
		infos[0] = nz
	}
	return infos
}
