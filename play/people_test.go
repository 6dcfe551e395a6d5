package play

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
)

// Every registered game, at every number of seats it offers, can be
// shared by people (a room of nzsc serve): ForPeople knows it, a bot game
// retold through it names every person and ends in a result naming the
// winner, and the board drawn for every seat names the others.
func TestEveryGameCanBeShared(t *testing.T) {
	everyTable(t, func(info *game.Info, seats int, g game.Game) {
		names := []string{"Ann", "Bob", "Cyd", "Dot"}[:seats]
		w, err := ForPeople(g, names)
		if err != nil {
			t.Errorf("%s at %d players cannot be played in a room: %v", info.Name, seats, err)
			return
		}
		// Greedy against random until someone wins (random against
		// random draws NPZR at the turn limit), every step told.
		bots := slices.Repeat([]string{"random"}, seats)
		bots[0] = "greedy"
		var told strings.Builder
		var st game.State
		for seed := uint64(1); seed <= 10 && (st == nil || st.Outcome().Winner < 0); seed++ {
			_, rec := botRecord(t, info.Name, bots, seed)
			st, err = game.Replay(g, rec, func(_ int, s *game.Step) {
				told.WriteString(strings.Join(w.Step(s.Before, s.After, s.Acts), "\n"))
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		for s, name := range names {
			if !strings.Contains(told.String(), name) {
				t.Errorf("%s at %d players: the narration never names %s (seat %d)", info.Name, seats, name, s)
			}
			board, err := json.Marshal(w.Board(st, s))
			if err != nil {
				t.Errorf("%s at %d players: seat %d's board: %v", info.Name, seats, s, err)
			}
			for o, other := range names {
				if o != s && !strings.Contains(string(board), `"`+other+`"`) {
					t.Errorf("%s at %d players: seat %d's board does not name %s: %s", info.Name, seats, s, other, board)
				}
			}
		}
		if res, win := w.Result(st), st.Outcome().Winner; win < 0 || !strings.Contains(res, names[win]) {
			t.Errorf("%s at %d players: result %q for winner seat %d (-1: 10 games, no winner)", info.Name, seats, res, win)
		}
	})
}
