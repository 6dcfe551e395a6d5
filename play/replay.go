package play

import (
	"fmt"
	"io"
	"strings"

	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/engine/game"
)

// Replay re-plays a game record through its game and narrates it to w: a
// two-player NZSC game in nzsc play's words, seat 0 as "you" and seat 1
// as "the computer"; any other game one line per step. A record whose
// moves do not give its stated result is an error naming the turn.
func Replay(w io.Writer, g game.Game, r *game.Record) error {
	_, nzsc := g.(*engine.Game)
	if nzsc {
		fmt.Fprintf(w, "%s: %s (seat 0, \"you\") vs %s (seat 1, \"the computer\"), seed %s\n\n",
			g.Info().Title, r.Bots[0], r.Bots[1], r.Seed)
	} else {
		fmt.Fprintf(w, "%s: %s, seed %s\n\n", g.Info().Title, strings.Join(r.Bots, " vs "), r.Seed)
	}
	var names []string
	_, err := game.Replay(g, r, func(turn int, s *game.Step) {
		if nzsc {
			before := s.Before.(*engine.GameState).State
			after := s.After.(*engine.GameState)
			t := after.History[len(after.History)-1]
			for _, l := range Narrate(&before, &after.State, t, s.Names[0]) {
				fmt.Fprintln(w, l)
			}
			fmt.Fprintln(w)
			return
		}
		names = names[:0]
		for seat, n := range s.Names {
			if n != "" {
				names = append(names, fmt.Sprintf("%s: %s", r.Bots[seat], n))
			}
		}
		fmt.Fprintf(w, "%4d. %s\n", turn, strings.Join(names, "; "))
	})
	if err != nil {
		return err
	}
	if f := r.Result.Forfeit; f != nil {
		fmt.Fprintf(w, "%s forfeited: %s\n", r.Bots[*f], r.Result.Fault)
	} else if !nzsc {
		fmt.Fprintf(w, "\nPlaces %v, score %v.\n", r.Result.Places, r.Result.Score)
	}
	return nil
}
