package web_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/web/playapi"
	"github.com/nzsclab/nzsc/web/rooms"
	"github.com/nzsclab/nzsc/web/runs"
	"github.com/nzsclab/nzsc/web/watch"
)

// TestOneNameEveryPage: every page names a game at a table by the
// registry's one label (game.Label): Play's selector and status
// line, Watch's selector and game title, the Rooms' selector and room
// line. The pages used to say "NZSC, 3 players", "Ninja Zombie Samurai
// Clown, 3 players" and "Ninja Zombie Samurai Clown, 3 people".
func TestOneNameEveryPage(t *testing.T) {
	want := map[string]string{} // "game/players" -> label
	for _, i := range game.Registered() {
		for n := i.MinSeats; n <= i.MaxSeats; n++ {
			want[fmt.Sprintf("%s/%d", i.Name, n)] = game.Label(i.Name, n)
		}
	}
	check := func(page, game string, players int, got string) {
		t.Helper()
		if w := want[fmt.Sprintf("%s/%d", game, players)]; got != w {
			t.Errorf("%s names %s at %d %q, want %q", page, game, players, got, w)
		}
	}
	for _, g := range playapi.Games(playapi.Where{}) {
		check("Play's selector", g.Game, g.Players, g.Label)
		bot, err := agents.ParseForSeats(g.Game, g.Players, g.Opponent)
		if err != nil {
			t.Fatal(err)
		}
		gm, err := game.Build(g.Game, g.Players, nil)
		if err != nil {
			t.Fatal(err)
		}
		s, err := play.NewSession(play.Options{Game: gm, Bot: bot, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Start()
		if err != nil {
			t.Fatal(err)
		}
		check("Play's status", g.Game, g.Players, r.Status.Label)
		s.Close()
	}
	for _, g := range runs.GamesFor(false) {
		check("Watch's selector", g.Game, g.Players, g.Label)
		bots := make([]string, g.Players)
		for i := range bots {
			bots[i] = "random"
		}
		rec, err := watch.Play(t.Context(), g.Game, g.Players, bots, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		w, err := watch.Narrate(rec)
		if err != nil {
			t.Fatal(err)
		}
		check("Watch's title", g.Game, g.Players, w.Label)
	}
	for _, o := range rooms.Offers() {
		check("Rooms' selector", o.Game, o.Players, o.Label)
	}
	// The pages' scripts show the label they are given, and compose no
	// name of their own.
	for _, c := range []struct{ file, uses string }{
		{"static/play.js", "s.label"}, {"watch/page/watch.js", "game.label"},
		{"rooms/page/rooms.js", "v.label"}, {"rooms/page/rooms.js", "labGameOptions("},
		{"webapi/assets/lab.js", "o.textContent = g.label"},
	} {
		b, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), c.uses) || strings.Contains(string(b), `" people"`) {
			t.Errorf("%s does not name the game by %s", c.file, c.uses)
		}
	}
}
