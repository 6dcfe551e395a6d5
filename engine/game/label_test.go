package game_test

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	_ "github.com/nzsclab/nzsc/engine/games"
)

func TestLabel(t *testing.T) {
	for i, c := range []struct {
		name  string
		seats int
		want  string
	}{
		{"npzr", 2, "Ninja Pirate Zombie Robot"},
		{"nzsc", 2, "Ninja Zombie Samurai Clown, 2 players"},
		{"nzsc", 3, "Ninja Zombie Samurai Clown, 3 players"},
		{"chess", 2, "chess"},
	} {
		if got := game.Label(c.name, c.seats); got != c.want {
			t.Errorf("case %d: got %q, want %q", i, got, c.want)
		}
	}
}
