package play

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"
	_ "github.com/nzsclab/nzsc/agents/nzscn"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/npzr"
)

func npzrBot(t *testing.T, spec string) *agents.Bot {
	t.Helper()
	b, err := agents.ParseFor("npzr", spec)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func npzrGame(t *testing.T) game.Game {
	t.Helper()
	g, err := npzr.NewGame(npzr.DefaultRules)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// scriptGame plays seed with greedy as the person (seat me) and greedy as
// the bot, through the contract, and returns the person's action names
// and the outcome: the oracle for a session fed those names.
func scriptGame(t *testing.T, seed uint64, me int) ([]string, game.Outcome) {
	g := npzrGame(t)
	person, err := npzrBot(t, "greedy").NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	bot, _ := npzrBot(t, "greedy").NewPlayer()
	person.NewGame(g, me, rand.New(rand.NewPCG(seed, 5)))
	bot.NewGame(g, 1-me, rand.New(agents.SeatSource(seed, 1-me)))
	st := g.NewState(seed)
	var lines []string
	var legal []game.Action
	for !st.Over() {
		seat := st.(*npzr.GameState).State.ToAct()
		legal = st.Legal(seat, legal)
		obs := st.Observe(seat)
		acts := []game.Action{game.Pass, game.Pass}
		if seat == me {
			acts[me] = person.Act(obs, legal)
			lines = append(lines, obs.ActionString(acts[me]))
		} else {
			acts[seat] = bot.Act(obs, legal)
		}
		if err := st.Apply(acts); err != nil {
			t.Fatal(err)
		}
	}
	return lines, st.Outcome()
}

// runNPZR plays lines through Run and returns the transcript and the
// records kept.
func runNPZR(t *testing.T, seed uint64, seat int, lines []string) (string, []*game.Record) {
	t.Helper()
	var out strings.Builder
	var recs []*game.Record
	err := Run(context.Background(), strings.NewReader(strings.Join(lines, "\n")+"\n"), &out,
		Options{Game: npzrGame(t), Seat: seat, Bot: npzrBot(t, "greedy"), Seed: seed, Echo: true,
			Record: func(r *game.Record) error { recs = append(recs, r); return nil }})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	return out.String(), recs
}

// TestNPZRSession: a whole game from either seat, with commands and
// answers the game does not take slipped in, ends as the same game played
// by the contract; the record replays to the result.
func TestNPZRSession(t *testing.T) {
	for _, me := range []int{0, 1} {
		const seed = 12
		lines, want := scriptGame(t, seed, me)
		input := append([]string{"help", "dance", "play Ninja Head on 9", "decline", "", "legal", "table", "score", "rules"}, lines...)
		text, recs := runNPZR(t, seed, me, append(input, "n"))
		if len(recs) != 1 {
			t.Fatalf("seat %d: %d records", me, len(recs))
		}
		var got game.Outcome
		st, err := game.Replay(npzrGame(t), recs[0], nil)
		if err != nil {
			t.Fatalf("seat %d: the record does not replay: %v", me, err)
		}
		got = st.Outcome()
		if got != want || recs[0].Bots[me] != "person" {
			t.Errorf("seat %d: outcome %v %v, want %v %v; bots %v", me, got, got.Score, want, want.Score, recs[0].Bots)
		}
		for _, s := range []string{
			"Actions (upper or lower case)",               // help
			"an action starts with play, move or decline", // dance
			"You cannot play Ninja Head on 9 now",         // not legal
			"You cannot decline now: there is no earned move to make; play a card",
			"You may choose:\n   1  play ", // legal
			"Your hand: ", "Deck ", "greedy: play ", "Scored: you ", "Ninja Pirate Zombie Robot: the player's reference",
			"Play again? y/N",
		} {
			if !strings.Contains(text, s) {
				t.Errorf("seat %d: the transcript lacks %q", me, s)
			}
		}
		if strings.Contains(text, "penalty") {
			t.Errorf("seat %d: something was penalized", me)
		}
		switch want.Winner {
		case me:
			if !strings.Contains(text, "You win") {
				t.Errorf("no win announced")
			}
		case 1 - me:
			if !strings.Contains(text, "greedy wins") {
				t.Errorf("no loss announced")
			}
		default:
			if !strings.Contains(text, "A draw") {
				t.Errorf("no draw announced")
			}
		}
		// Lines wrap at word boundaries: none is wider than the width
		// unless it is one word.
		for _, l := range strings.Split(text, "\n") {
			if len(l) > Width && strings.Contains(strings.TrimSpace(l), " ") {
				t.Errorf("line of %d bytes: %q", len(l), l)
			}
		}
	}
}

// TestNPZRByNumber: a number answers with the action legal lists under
// it; a number out of range says that no action has it and names the
// numbers there are (it was read as an action: "an action starts with
// play, move or decline").
func TestNPZRByNumber(t *testing.T) {
	s, r := sessionOf(t, "npzr", 2, "greedy", 5, nil)
	want := r.Options[2]
	n := len(r.Options)
	r, _ = s.Answer("99")
	if msg := fmt.Sprintf(`"99": no action has that number; legal numbers the %d actions open now from 1 to %d.`, n, n); !slices.Contains(r.Lines, msg) || r.Status.Turn != 0 {
		t.Errorf("99: %q; want %q", r.Lines, msg)
	}
	r, _ = s.Answer(" 3 ")
	if r.Status.Turn == 0 || len(s.turns) == 0 || s.turns[0][0] != want {
		t.Errorf("3 played %v, want %q", s.turns, want)
	}
}

// TestNPZRNumberNamesTheAction: an action answered by its number (or in
// other words than its name) is named in the transcript, as NZSC names
// the person's choice; one typed as it is named is not told twice.
func TestNPZRNumberNamesTheAction(t *testing.T) {
	s, r := sessionOf(t, "npzr", 2, "greedy", 5, nil)
	want := r.Options[2]
	r, _ = s.Answer("3")
	if len(r.Lines) < 2 || r.Lines[1] != "You: "+want {
		t.Errorf("3 (%s): the transcript reads %q, want it to name the action", want, r.Lines)
	}
	s, r = sessionOf(t, "npzr", 2, "greedy", 5, nil)
	r, _ = s.Answer(strings.ToUpper(r.Options[0]))
	for _, l := range r.Lines {
		if strings.HasPrefix(l, "You: ") {
			t.Errorf("an action typed by its name is told again: %q", l)
		}
	}
}

// TestNPZRReferenceOfVariant: NPZR's reference (nzsc rules --game npzr,
// the rules command while playing) says the numbers of the rules played,
// as NZSC's says its points and turn cap: the copies, the cards in all
// (12 regular kinds a copy, and 8 wilds) and the turn cap. It said
// "copies of each as the rules say" and "the turn limit" whatever the
// --rule.
func TestNPZRReferenceOfVariant(t *testing.T) {
	for _, c := range []struct {
		rules game.Rules
		want  []string
	}{
		{nil, []string{"(4 copies of each)", "56 cards in all", "reaches 500 turns (both players' counted) is a draw"}},
		{game.Rules{"copies": "1", "turn_cap": "50"}, []string{"(1 copy of each)", "20 cards in all", "reaches 50 turns"}},
		{game.Rules{"copies": "2"}, []string{"(2 copies of each)", "32 cards in all", "reaches 500 turns"}},
	} {
		g, err := game.Build("npzr", 2, c.rules)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := Reference(g)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(ref), " ")
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("rules %v: the reference lacks %q:\n%s", c.rules, w, ref)
			}
		}
	}
}

func TestNPZRInputEnds(t *testing.T) {
	text, recs := runNPZR(t, 3, 1, []string{"help"})
	if !strings.Contains(text, "The game stops here: you scored nothing, greedy nothing.") || len(recs) != 0 {
		t.Errorf("no goodbye, or a record of an unfinished game:\n%s", text)
	}
}

func TestWrap(t *testing.T) {
	for i, c := range []struct {
		in   string
		want []string
	}{
		{"short", []string{"short"}},
		{strings.Repeat("word ", 20), []string{strings.TrimSpace(strings.Repeat("word ", 15)), "    " + strings.TrimSpace(strings.Repeat("word ", 5))}},
		{"  " + strings.Repeat("x", 90) + " y", []string{"  " + strings.Repeat("x", 90), "      y"}},
		{strings.Repeat("x", 90), []string{strings.Repeat("x", 90)}},
	} {
		got := wrap([]string{c.in}, Width)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("case %d: got %q, want %q", i, got, c.want)
		}
	}
}

// A session of NPZR from seat 1: the bot moves first, then the person is
// asked for a play, the options being every legal action by name.
func ExampleSession_npzr() {
	g, _ := npzr.NewGame(npzr.DefaultRules)
	bot, _ := agents.ParseFor("npzr", "greedy")
	s, _ := NewSession(Options{Game: g, Seat: 1, Bot: bot, Seed: 5})
	r, _ := s.Start()
	fmt.Println(r.Lines[0])
	fmt.Println(r.Lines[4])
	fmt.Println(r.Ask, r.Kind, r.Options[0])
	r, _ = s.Answer("play Robot Head on 7")
	fmt.Println(r.Lines[1])
	// Output:
	// Playing Ninja Pirate Zombie Robot against greedy with seed 0x5.
	// greedy: play Zombie Legs new
	// Your play: action play Ninja Head on 1
	// You cannot play Robot Head on 7 now: there is no stack 7 (there are 1).
}
