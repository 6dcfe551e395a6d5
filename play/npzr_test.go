package play

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/npzr"
)

func npzrBot(t *testing.T, spec string) agents.Player {
	t.Helper()
	b, err := agents.ParseFor("npzr", spec)
	if err != nil {
		t.Fatal(err)
	}
	p, err := b.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// scriptGame plays seed with greedy as the person (seat 0) and greedy as
// the bot, through the contract, and returns the person's action names
// and the outcome: the oracle for a session fed those names.
func scriptGame(t *testing.T, seed uint64) ([]string, game.Outcome) {
	g, _ := npzr.NewGame(npzr.DefaultRules)
	person, bot := npzrBot(t, "greedy"), npzrBot(t, "greedy")
	person.NewGame(g, 0, rand.New(rand.NewPCG(seed, 5)))
	bot.NewGame(g, 1, rand.New(agents.SeatSource(seed, 1)))
	st := g.NewState(seed)
	var lines []string
	var legal []game.Action
	for !st.Over() {
		seat := st.(*npzr.GameState).State.ToAct()
		legal = st.Legal(seat, legal)
		obs := st.Observe(seat)
		acts := []game.Action{game.Pass, game.Pass}
		if seat == 0 {
			acts[0] = person.Act(obs, legal)
			lines = append(lines, obs.ActionString(acts[0]))
		} else {
			acts[1] = bot.Act(obs, legal)
		}
		if err := st.Apply(acts); err != nil {
			t.Fatal(err)
		}
	}
	return lines, st.Outcome()
}

func TestNPZRSession(t *testing.T) {
	const seed = 12
	lines, want := scriptGame(t, seed)
	input := append([]string{"help", "dance", "play Ninja Head on 9", "decline", "", "legal", "table"}, lines...)
	var out strings.Builder
	o, finished, err := NPZR(context.Background(), strings.NewReader(strings.Join(input, "\n")+"\n"), &out,
		NPZROptions{Rules: npzr.DefaultRules, Bot: npzrBot(t, "greedy"), Name: "greedy", Seed: seed, Echo: true})
	if err != nil || !finished {
		t.Fatalf("finished %v, error %v\n%s", finished, err, out.String())
	}
	if o != want {
		t.Errorf("outcome %v %v, want %v %v", o, o.Score, want, want.Score)
	}
	text := out.String()
	for _, s := range []string{
		"Commands (upper or lower case)",              // help
		"an action starts with play, move or decline", // dance
		"You cannot play Ninja Head on 9 now",         // not legal
		"You cannot decline now: there is no earned move to make; play a card",
		"Your hand: ", "Deck ", "greedy: play ",
	} {
		if !strings.Contains(text, s) {
			t.Errorf("the transcript lacks %q", s)
		}
	}
	switch want.Winner {
	case 0:
		if !strings.Contains(text, "You win") {
			t.Errorf("no win announced")
		}
	case 1:
		if !strings.Contains(text, "greedy wins") {
			t.Errorf("no loss announced")
		}
	default:
		if !strings.Contains(text, "Draw") {
			t.Errorf("no draw announced")
		}
	}
}

func TestNPZRInputEnds(t *testing.T) {
	var out strings.Builder
	_, finished, err := NPZR(context.Background(), strings.NewReader("help\n"), &out,
		NPZROptions{Rules: npzr.DefaultRules, Bot: npzrBot(t, "random"), Seed: 3, Seat: 1})
	if err != nil || finished {
		t.Fatalf("finished %v, error %v", finished, err)
	}
	if !strings.Contains(out.String(), "The game stops here") {
		t.Errorf("no goodbye:\n%s", out.String())
	}
}
