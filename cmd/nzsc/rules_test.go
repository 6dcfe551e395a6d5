package main

import (
	"encoding/csv"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
)

// TestRulesReference checks the reference against the rulebook's lists,
// written out here independently of the engine.
func TestRulesReference(t *testing.T) {
	out, _, code := runCmd(t, "", "rules")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"Ninja, Zombie, Samurai, Clown",
		"Ninja over Samurai", "Samurai over Clown", "Clown over Ninja",
		"Ninja    base moves: Kick, Ninja Sword, Nunchucks",
		"Shadow:       Shadow Fireball, Shadow Slip",
		"Speedy:       Run in Circles, Lightning Fast Karate Chop",
		"Zombie   base moves: Rampage, Muscle, Zap",
		"Regenerative: Regenerate, Gravedigger",
		"Zombie Corps: Zombie Corps, Apocalypse",
		"Samurai  base moves: Samurai Sword, Helmet, Smash",
		"Atlas:        Lightning, Earthquake",
		"Strong:       Twist, Bend",
		"Clown    base moves: Juggling Knives, Acid Spray, Nose",
		"Backwards:    Backwards Moustachio, Nose of the Taunted",
		"Moustachio:   Mustache Mash, Big Hairy Deal",
		"Single-use (gone for its player once played): Zap, Regenerate, Acid Spray.",
		"Destructive (also destroys the opponent's move of that round): Zap, Acid Spray.",
		"character  does not exist 4; fourth time in a row 3",
		"booster    does not exist 4; another character's 3",
		"move       destroyed or does not exist 4; fourth time in a row 3;",
		"(any booster move after No Booster) 2;",
		"another character's move 3",
		"charged 2 waits",
		"5-0 Wipeout, 5-1 Annihilation, 5-2 Obliteration,",
		"5-3 Hypnotization, 5-4 Clinch",
		"after 1000 turns",
	} {
		// Lines wrap at 80 columns: compare the words.
		if !strings.Contains(strings.Join(strings.Fields(out), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("reference lacks %q", want)
		}
	}
}

// TestRulesMeet: outcomes seen in the original handbook's walkthrough and
// read from the rulebook's outcome table.
func TestRulesMeet(t *testing.T) {
	for i, c := range []struct {
		args []string
		want string
	}{
		{[]string{"Big Hairy Deal", "Regenerate"}, "Big Hairy Deal against Regenerate: Regenerate scores a point (Big Hairy Deal 0, Regenerate 1).\nRegenerate is single-use"},
		{[]string{"bigHAIRYdeal", "regenerate"}, "Big Hairy Deal against Regenerate: Regenerate scores a point"},
		{[]string{"juggling", "knives", "rampage"}, "Juggling Knives against Rampage: Juggling Knives scores a point (Juggling Knives 1, Rampage 0).\n"},
		{[]string{"Mustache Mash", "Rampage"}, "Mustache Mash against Rampage: neither scores (Mustache Mash 0, Rampage 0).\n"},
		{[]string{"nose", "rampage"}, "Nose against Rampage: Rampage scores a point (Nose 0, Rampage 1).\n"},
		{[]string{"Lightning", "Muscle"}, "Lightning against Muscle: both score a point (Lightning 1, Muscle 1).\n"},
		{[]string{"Big Hairy Deal", "Zap"}, "neither scores (Big Hairy Deal 0, Zap 0).\nZap destroys the opponent's Big Hairy Deal for the rest of the game.\nZap is single-use"},
		{[]string{"smash", "shadow fireball"}, "depends on the booster of the player with Smash.\nIf it is Strong, Smash scores a point and Shadow Fireball does not;\notherwise Shadow Fireball scores a point and Smash does not.\n"},
		{[]string{"Shadow Fireball", "Smash"}, "If it is Strong, Smash scores a point"},
		{[]string{"kick", "nunchucks"}, "never meet: both are Ninja moves"},
	} {
		out, stderr, code := runCmd(t, "", append([]string{"rules"}, c.args...)...)
		// Sentences wrap at 80 columns: compare the words.
		words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
		if code != 0 || !strings.Contains(words(out), words(c.want)) {
			t.Errorf("case %d %q: exit %d (%s), output\n%s\nwant it to contain\n%s", i, c.args, code, stderr, out, c.want)
		}
	}
}

func TestRulesUsageErrors(t *testing.T) {
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"rules", "kick", "rock"}, `"rock" is not a move`},
		{[]string{"rules", "paper", "kick"}, `"paper" is not a move`},
		{[]string{"rules", "kick"}, "want two move names"},
		{[]string{"rules", "kick", "nose", "zap"}, "want two move names"},
	} {
		_, stderr, code := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("case %d %v: exit %d, stderr %q; want exit 2 with %q", i, c.args, code, stderr, c.msg)
		}
	}
}

// TestRulesEveryGame: 'nzsc rules' prints the reference of every game
// and table size, the same text its game's play session answers to
// "rules" (the one reference); what only NZSC has (moves that meet, the
// points table) is refused for NPZR with the reason, exit 2.
func TestRulesEveryGame(t *testing.T) {
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for i, c := range []struct {
		args []string
		want []string // in the reference, word for word
		not  []string // nor these
	}{
		{[]string{"--game", "nzsc"}, []string{"NZSC (Ninja Zombie Samurai Clown): the player's reference", "Aim: reach 5 points first"}, nil},
		{[]string{"--rule", "points=3"}, []string{"Aim: reach 3 points first"}, nil},
		{[]string{"--players", "3"}, []string{"NZSC (Ninja Zombie Samurai Clown)", "When any two choose the same character, everyone chooses again", "All 3 players start",
			"every opponent's move of that round", "6-6-3 becomes\n   4-4-1", "cancels the whole turn for everyone", "every opponent scores 1 point"},
			// The rules at 3 said as at two: "both go back to 4".
			[]string{"Both players", "both", "the opponent's move", "the opponent scores"}},
		{[]string{"--players", "4"}, []string{"All 4 players start", "When two or more players have 5 or more after a turn, every score goes down", "all choose at the same time"}, []string{"Both players"}},
		{[]string{"--game", "npzr"}, []string{"Ninja Pirate Zombie Robot: the player's reference", "Aim: score all four characters (Ninja, Pirate, Zombie, Robot) first."}, nil},
	} {
		out, stderr, code := runCmd(t, "", append([]string{"rules"}, c.args...)...)
		if code != 0 {
			t.Errorf("case %d %v: exit %d %s", i, c.args, code, stderr)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(words(out), words(w)) {
				t.Errorf("case %d %v: the reference lacks %q:\n%s", i, c.args, w, out)
			}
		}
		for _, w := range c.not {
			if strings.Contains(out, w) {
				t.Errorf("case %d %v: the reference says %q:\n%s", i, c.args, w, out)
			}
		}
		// The same text as the rules command while playing that game.
		played, _, _ := runCmd(t, "rules\nquit\n", append([]string{"play", "--seed", "1"}, c.args...)...)
		if !strings.Contains(words(played), words(out)) {
			t.Errorf("case %d %v: 'nzsc rules' differs from the rules command of 'nzsc play':\n%s", i, c.args, out)
		}
	}
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--game", "npzr", "kick", "smash"}, "two moves meet only in NZSC"},
		{[]string{"--game", "npzr", "--format", "json"}, "is NZSC's table of moves and points; npzr has none"},
		{[]string{"--game", "npzr", "--format", "csv"}, "is NZSC's table of moves and points; npzr has none"},
		{[]string{"--game", "chess"}, "chess"},
		{[]string{"--players", "5"}, "5"},
	} {
		_, stderr, code := runCmd(t, "", append([]string{"rules"}, c.args...)...)
		if code != 2 || !strings.Contains(stderr, c.msg) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("case %d %v: exit %d, stderr %q; want exit 2 with %q", i, c.args, code, stderr, c.msg)
		}
	}
	// Moves meet alike at any number of players.
	if out, _, code := runCmd(t, "", "rules", "--players", "3", "kick", "smash"); code != 0 || !strings.Contains(out, "Smash scores a point") {
		t.Errorf("rules --players 3 kick smash: exit %d\n%s", code, out)
	}
}

// TestGamesFormats: games --format json and csv describe every
// registered game as the registry does (players, kind, every rules
// option with its default, its bots), and the text still fits.
func TestGamesFormats(t *testing.T) {
	js, stderr, code := runCmd(t, "", "games", "--format", "json")
	if code != 0 {
		t.Fatalf("code %d: %s", code, stderr)
	}
	var doc struct {
		Format string `json:"format"`
		Games  []struct {
			Name                 string
			MinPlayers           int `json:"min_players"`
			MaxPlayers           int `json:"max_players"`
			Simultaneous, Chance bool
			Hidden               bool `json:"hidden_information"`
			Rules                []struct{ Key, Default string }
			Bots                 []string
		}
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	reg := game.Registered()
	if doc.Format != "nzsc-games/1" || len(doc.Games) != len(reg) {
		t.Fatalf("format %q, %d games; want nzsc-games/1 and %d", doc.Format, len(doc.Games), len(reg))
	}
	for i, g := range reg {
		d := doc.Games[i]
		if d.Name != g.Name || d.MinPlayers != g.MinSeats || d.MaxPlayers != g.MaxSeats || d.Simultaneous != g.Simultaneous || d.Chance != g.Chance || d.Hidden != g.Hidden || len(d.Rules) != len(g.Rules) {
			t.Errorf("game %d: %+v, registry %+v", i, d, *g)
			continue
		}
		for j, r := range g.Rules {
			if d.Rules[j].Key != r.Key || d.Rules[j].Default != r.Default {
				t.Errorf("%s rule %d: %+v, registry %+v", g.Name, j, d.Rules[j], r)
			}
		}
		if !slices.Contains(d.Bots, "random") || !slices.Contains(d.Bots, "greedy") {
			t.Errorf("%s bots %v lack random or greedy", g.Name, d.Bots)
		}
	}
	out, _, code := runCmd(t, "", "games", "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil {
		t.Fatalf("csv: code %d, %v", code, err)
	}
	want := 1
	for _, g := range reg {
		want += 1 + len(g.Rules)
	}
	if len(rows) != want || rows[0][0] != "game" || rows[1][0] != reg[0].Name || rows[1][1] != strconv.Itoa(reg[0].MinSeats) {
		t.Errorf("csv: %d rows (want %d), first %v %v", len(rows), want, rows[0], rows[1])
	}
	if _, stderr, code := runCmd(t, "", "games", "--format", "xml"); code != 2 || !strings.Contains(stderr, "games: --format must be table, csv or json") {
		t.Errorf("--format xml: code %d %q", code, stderr)
	}
}
