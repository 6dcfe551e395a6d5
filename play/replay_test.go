package play

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"
	_ "github.com/nzsclab/nzsc/agents/nzscn"
	"github.com/nzsclab/nzsc/engine/game"
	_ "github.com/nzsclab/nzsc/engine/games"
	"github.com/nzsclab/nzsc/roundrobin"
)

// botRecord plays one game of name at len(bots) seats from seed and
// returns its record, as a games log holds it.
func botRecord(t *testing.T, name string, bots []string, seed uint64) (game.Game, *game.Record) {
	t.Helper()
	g, err := game.Build(name, len(bots), nil)
	if err != nil {
		t.Fatal(err)
	}
	var players []agents.Player
	for _, s := range bots {
		b, err := agents.ParseForSeats(name, len(bots), s)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := b.NewPlayer()
		players = append(players, p)
	}
	table := agents.NewPlayerTable()
	table.Record = true
	res := table.Play(g, seed, players)
	rec := &game.Record{Format: game.RecordFormat, Version: game.RecordVersion, Game: name, Seats: len(bots),
		Rules: g.Rules(), Seed: game.FormatSeed(seed), Bots: bots}
	roundrobin.FillRecord(rec, table, &res)
	return g, rec
}

var spokenTo = regexp.MustCompile(`\b[Yy]ou\b|\b[Yy]our\b|[Cc]omputer|\b1 times\b`)

// A replay of bots is told of the seats by their bots' names in every
// game, seats of one bot told apart by number, and ends with who won.
func TestReplayThirdPerson(t *testing.T) {
	for _, c := range []struct {
		game  string
		bots  []string
		seed  uint64
		names []string // each must be in the narration
	}{
		{"nzsc", []string{"greedy", "classic"}, 5, []string{"greedy chose", "classic chose"}},
		{"nzsc", []string{"random", "random"}, 7, []string{"random (seat 0) chose", "random (seat 1) chose"}},
		{"nzsc", []string{"greedy", "random", "random"}, 11, []string{"greedy chose", "random (seat 1) chose", "random (seat 2) chose"}},
		{"nzsc", []string{"random", "greedy", "classic", "paranoid"}, 3, []string{"paranoid chose", "won; places: "}},
		{"npzr", []string{"random", "greedy"}, 4, []string{"random: play", "greedy: play", "greedy scores ", "(4 of 4).", "greedy won; places: "}},
	} {
		g, rec := botRecord(t, c.game, c.bots, c.seed)
		var b strings.Builder
		if err := Replay(&b, g, rec); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		if m := spokenTo.FindString(text); m != "" {
			t.Errorf("%s %v: the replay says %q:\n%s", c.game, c.bots, m, text)
		}
		for _, n := range c.names {
			if !strings.Contains(text, n) {
				t.Errorf("%s %v: no %q in\n%s", c.game, c.bots, n, text)
			}
		}
		// The narration is set out alike in every game: one blank line
		// between its parts, none doubled (the 3-4 player narration had
		// two before its result).
		if strings.Contains(text, "\n\n\n") || !strings.HasSuffix(strings.TrimRight(text, "\n"), ".") {
			t.Errorf("%s %v: a doubled blank line, or no full stop at the end:\n%q", c.game, c.bots, text[max(0, len(text)-300):])
		}
		if len(c.bots) == 2 && c.game == "nzsc" && rec.Result.Winner >= 0 {
			w := SeatNames(rec.Bots)[rec.Result.Winner]
			if !strings.Contains(text, "\n"+w+" won ") {
				t.Errorf("%v: the last line does not say %s won:\n%s", c.bots, w, text)
			}
		}
	}
}

// TestReplayDrawSaysWhy: a game that reached its turn cap ends with a
// line saying that nobody won and why, as two-player NZSC's own words do
// ("The game is a draw at 0-0: it reached the limit of 2 turns."), also
// where the places still rank the seats (NZSC at 3 seats ranks them by
// points).
func TestReplayDrawSaysWhy(t *testing.T) {
	for _, c := range []struct {
		game string
		bots []string
		cap  string
	}{
		{"nzsc", []string{"random", "random", "random"}, "2"},
		{"nzsc", []string{"random", "random", "random", "random"}, "2"},
		{"npzr", []string{"random", "random"}, "4"},
	} {
		g, err := game.Build(c.game, len(c.bots), game.Rules{"turn_cap": c.cap})
		if err != nil {
			t.Fatal(err)
		}
		var players []agents.Player
		for _, s := range c.bots {
			b, err := agents.ParseForSeats(c.game, len(c.bots), s)
			if err != nil {
				t.Fatal(err)
			}
			p, _ := b.NewPlayer()
			players = append(players, p)
		}
		table := agents.NewPlayerTable()
		table.Record = true
		res := table.Play(g, 1, players)
		rec := &game.Record{Format: game.RecordFormat, Version: game.RecordVersion, Game: c.game, Seats: len(c.bots),
			Rules: g.Rules(), Seed: game.FormatSeed(1), Bots: c.bots}
		roundrobin.FillRecord(rec, table, &res)
		if rec.Result.Winner >= 0 {
			t.Fatalf("%s %v: seat %d won within %s turns; want a draw", c.game, c.bots, rec.Result.Winner, c.cap)
		}
		var b strings.Builder
		if err := Replay(&b, g, rec); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, "A draw: the game reached its turn cap and nobody won; places: ") {
			t.Errorf("%s %v: the replay ends %q", c.game, c.bots, last)
		}
	}
}

// Two bots that pick one character together are counted in the third
// person, and a single repeat is "1 time".
func TestReplayClash(t *testing.T) {
	for seed := uint64(1); seed < 200; seed++ {
		g, rec := botRecord(t, "nzsc", []string{"random", "greedy"}, seed)
		var b strings.Builder
		if err := Replay(&b, g, rec); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		if !strings.Contains(text, "so they must repick") {
			continue
		}
		if !strings.Contains(text, "Both chose ") || !strings.Contains(text, " has picked ") || !strings.Contains(text, " 1 time.") {
			t.Errorf("seed %d: a clash reads\n%s", seed, text)
		}
		return
	}
	t.Fatal("no seed up to 200 gave a clash")
}

// A record of a person's game (nzsc play --record) keeps nzsc play's
// words: the person is "you", the bot "the computer".
func TestReplayPersonKeepsYou(t *testing.T) {
	g, rec := botRecord(t, "nzsc", []string{"random", "classic"}, 9)
	rec.Bots[0] = "person"
	var b strings.Builder
	if err := Replay(&b, g, rec); err != nil {
		t.Fatal(err)
	}
	if text := b.String(); !strings.Contains(text, "You chose ") || !strings.Contains(text, "(seat 0, \"you\")") {
		t.Errorf("a person's game reads\n%s", text)
	}
}

// TestReplayPersonEveryGame: a person's game (nzsc play --record) is told
// to the person as "you" in every game, as nzsc play told it; the old
// replay said "you" in two-player NZSC only and "person" elsewhere.
func TestReplayPersonEveryGame(t *testing.T) {
	for _, c := range []struct {
		game   string
		seats  int
		spec   string
		header string
		you    string
	}{
		{"nzsc", 2, "random", `Ninja Zombie Samurai Clown: person (seat 0, "you") vs random (seat 1, "the computer"), seed`, "\nYou chose "},
		{"nzsc", 3, "random", `Ninja Zombie Samurai Clown for 3 players: person (seat 0, "you"), random (seat 1), random (seat 2), seed`, "\nYou chose "},
		{"npzr", 2, "random", `Ninja Pirate Zombie Robot: person (seat 0, "you") vs random, seed`, ". You: "},
	} {
		var rec *game.Record
		s, r := sessionOf(t, c.game, c.seats, c.spec, 3, func(gr *game.Record) error { rec = gr; return nil })
		for i := 0; rec == nil && i < 5000; i++ {
			// The first option offered, by name: a number is a name
			// that does not exist in NZSC (penalized, as in the
			// original game) and picks an action in NPZR.
			answer := "1"
			if len(r.Options) > 0 {
				answer = r.Options[0]
			}
			var err error
			if r, err = s.Answer(answer); err != nil {
				t.Fatal(err)
			}
		}
		if rec == nil {
			t.Fatalf("%s/%d: no record", c.game, c.seats)
		}
		g, err := game.Build(c.game, c.seats, nil)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := Replay(&b, g, rec); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		header, body, _ := strings.Cut(text, "\n")
		if !strings.HasPrefix(header, c.header) || !strings.Contains(body, c.you) || strings.Contains(body, "person") {
			t.Errorf("%s/%d: a person's game reads\n%s", c.game, c.seats, text)
		}
	}
}

func TestSeatNames(t *testing.T) {
	got := SeatNames([]string{"person:Ann", "greedy", "greedy", "person:"})
	want := []string{"Ann", "greedy (seat 1)", "greedy (seat 2)", "person:"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("SeatNames = %q, want %q", got, want)
	}
}

// Every registered game, at every number of players it takes, has a
// teller, and Tell tells a record of it in the teller's words: a game
// registered without one fails here rather than in a user's replay or a
// page's watch. The games come from the registry, so a new one is
// checked without an edit here (its record is played by "random", the
// bot every game has).
func TestEveryGameHasATeller(t *testing.T) {
	everyTable(t, func(info *game.Info, seats int, g game.Game) {
		if _, err := tellerOf(g); err != nil {
			t.Errorf("%s at %d players has no teller: %v", info.Name, seats, err)
			return
		}
		bots := slices.Repeat([]string{"random"}, seats)
		g, rec := botRecord(t, info.Name, bots, 2)
		steps := 0
		header, end, err := Tell(g, rec, func(_ int, _ *game.Step, text string) {
			if strings.TrimSpace(text) != "" {
				steps++
			}
		})
		if err != nil || !strings.Contains(header, info.Title) || steps != rec.Result.Steps || len(header+end) == 0 {
			t.Errorf("%s at %d players: Tell gives %q, %d steps told of %d, end %q, %v", info.Name, seats, header, steps, rec.Result.Steps, end, err)
		}
	})
}

// everyTable calls f with every registered game at every number of
// seats it offers, built with its default rules; fewer than two games
// registered fails t (the games are linked in).
func everyTable(t *testing.T, f func(info *game.Info, seats int, g game.Game)) {
	t.Helper()
	infos := game.Registered()
	if len(infos) < 2 {
		t.Fatalf("the registry holds %d games", len(infos))
	}
	for _, info := range infos {
		for seats := info.MinSeats; seats <= info.MaxSeats; seats++ {
			g, err := game.Build(info.Name, seats, nil)
			if err != nil {
				t.Fatal(err)
			}
			f(info, seats, g)
		}
	}
}
