package games_test

import (
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/games"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

func TestNZSCSeats(t *testing.T) {
	for seats := 1; seats <= 5; seats++ {
		g, err := game.Build("nzsc", seats, nil)
		switch {
		case seats < 2 || seats > 4:
			if err == nil {
				t.Errorf("%d seats: no error", seats)
			}
		case err != nil:
			t.Errorf("%d seats: %v", seats, err)
		case seats == 2:
			if _, ok := g.(*nzsc.Game); !ok {
				t.Errorf("2 seats served by %T, want the two-player engine", g)
			}
		default:
			if _, ok := g.(*nzscn.Game); !ok || g.Seats() != seats {
				t.Errorf("%d seats served by %T with %d seats", seats, g, g.Seats())
			}
		}
	}
}

// TestRegisteredNZSCFirst: the pages' order is NZSC, then the rest by
// name (game.Registered alone puts npzr before nzsc), every game once.
func TestRegisteredNZSCFirst(t *testing.T) {
	var got []string
	for _, i := range games.Registered() {
		got = append(got, i.Name)
	}
	want := []string{"nzsc"}
	for _, i := range game.Registered() {
		if i.Name != "nzsc" {
			want = append(want, i.Name)
		}
	}
	if !slices.Equal(got, want) || len(want) < 2 {
		t.Errorf("games.Registered: %q, want %q", got, want)
	}
}
