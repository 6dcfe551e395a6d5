package runs

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/roundrobin"
)

// TestGamesOfferOpenings: the page is offered NZSC's two designs at
// every seat count, and none for NPZR (its games start from the seed's
// deals, as a command's run without --openings).
func TestGamesOfferOpenings(t *testing.T) {
	f := newFixture(t, Options{})
	var games []GameChoice
	if st := f.json("GET", "/api/games", nil, &games); st != 200 {
		t.Fatalf("games: %d", st)
	}
	seen := 0
	for _, g := range games {
		want := []string(nil)
		if g.Game == "nzsc" {
			want = []string{"loadouts", "characters"}
		}
		if !slices.Equal(g.Openings, want) {
			t.Errorf("%s at %d: openings %q, want %q", g.Game, g.Players, g.Openings, want)
		}
		seen++
	}
	if seen < 4 {
		t.Errorf("%d games offered, want NZSC at 2, 3, 4 and NPZR", seen)
	}
}

// TestJobOpenings: a job naming a design plays it as the commands'
// --openings does: the run's manifest holds the design and the very
// openings roundrobin.Config.SetOpenings makes of it, the command line
// shown says --openings.
func TestJobOpenings(t *testing.T) {
	f := newFixture(t, Options{})
	_, m := f.finishedJob(StartRequest{Kind: "match", Bots: []string{"random", "greedy"}, Games: 12, Seed: "3", Openings: " characters "})
	g, err := game.Build("nzsc", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := roundrobin.Config{Game: g}
	if err := want.SetOpenings("characters", 0); err != nil {
		t.Fatal(err)
	}
	if m.OpeningDesign != "characters" || len(want.Prefixes) != 6 || !slices.EqualFunc(m.OpeningSteps, want.Prefixes, func(a, b [][]string) bool {
		return slices.EqualFunc(a, b, slices.Equal)
	}) {
		t.Errorf("manifest openings %q %q, want characters %q", m.OpeningDesign, m.OpeningSteps, want.Prefixes)
	}
	if i := slices.Index(m.Command, "--openings"); i < 0 || i+1 >= len(m.Command) || m.Command[i+1] != "characters" {
		t.Errorf("manifest command %q, want --openings characters", m.Command)
	}
}

// TestJobOpeningsRefused: a request is hostile: anything but a design
// of the game is refused with a one-line 400 naming the problem, and no
// run is made. A path, even of a good file of openings on the server, is
// refused before anything reads it; NPZR's refusal is the commands'
// (roundrobin's) reason.
func TestJobOpeningsRefused(t *testing.T) {
	f := newFixture(t, Options{})
	seeds := filepath.Join(t.TempDir(), "seeds.txt")
	if err := os.WriteFile(seeds, []byte("1\n2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		game, openings, want string
	}{
		{"nzsc", seeds, "openings " + strconv.Quote(seeds) + ": want loadouts or characters"},
		{"nzsc", "../secret.txt", `openings "../secret.txt": want loadouts or characters`},
		{"nzsc", "Loadouts", `openings "Loadouts": want loadouts or characters`},
		{"nzsc", "records", `openings "records": want loadouts or characters`},
		{"nzsc", "loadouts\x00", `openings "loadouts\x00": want loadouts or characters`},
		{"npzr", "loadouts", "openings: --openings loadouts is NZSC's design"},
	} {
		st, b := f.req("POST", "/api/jobs", StartRequest{Kind: "match", Game: c.game, Bots: []string{"random", "greedy"}, Games: 2, Openings: c.openings})
		var e struct{ Error string }
		json.Unmarshal(b, &e)
		if st != http.StatusBadRequest || !isJSONError(b) || !strings.HasPrefix(e.Error, c.want) || strings.Contains(e.Error, secret) {
			t.Errorf("%s openings %q: %d %q, want 400 starting %q", c.game, c.openings, st, b, c.want)
		}
	}
	var list struct{ Runs []Summary }
	f.json("GET", "/api/runs", nil, &list)
	if len(list.Runs) != 0 {
		t.Errorf("refused jobs left runs: %+v", list.Runs)
	}
}
