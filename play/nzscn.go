package play

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

// TableOptions configure a game of NZSC for 3 or 4 players between a
// person (seat 0) and bots.
type TableOptions struct {
	Rules engine.Rules
	// Bots sit in seats 1, 2 (and 3); Names name them.
	Bots  []agents.Player
	Names []string
	// Seed is the game's seed; each bot's random source is the one a
	// match would give its seat in that game (agents.SeatSource).
	Seed uint64
	// Echo copies every line read into the transcript.
	Echo bool
}

// Table plays one game of NZSC for 3 or 4 players with the person in
// seat 0 answering from in, in the words of the two-player game where it
// has words: the question and the options, every player's choice, who
// scored, the score line (with the waits), penalties, the deduction rule
// and the finishing order. The input ending or ctx being cancelled stops
// the game cleanly with a nil error.
func Table(ctx context.Context, in io.Reader, out io.Writer, o TableOptions) (game.Outcome, error) {
	n := len(o.Bots) + 1
	g, err := nzscn.NewGame(n, o.Rules)
	if err != nil {
		return game.Outcome{}, err
	}
	for i, b := range o.Bots {
		b.NewGame(g, i+1, rand.New(agents.SeatSource(o.Seed, i+1)))
	}
	gs := g.NewState(o.Seed).(*nzscn.GameState)
	st := &gs.State
	names := append([]string{"You"}, o.Names...)
	fmt.Fprintf(out, "NZSC for %d players: you against %s, seed %#x. Type a name to choose it.\n\n", n, strings.Join(o.Names, ", "), o.Seed)
	sc := bufio.NewScanner(in)
	acts := make([]game.Action, n)
	var legal []game.Action
	for !gs.Over() {
		before := *st
		for s := range acts {
			acts[s] = game.Pass
		}
		var answer string
		if legal = gs.Legal(0, legal); len(legal) > 0 {
			fmt.Fprintf(out, "Choose a %s:\n", st.Phase)
			for _, a := range legal {
				fmt.Fprintf(out, "\t%s\n", engine.Choice(a).Name(st.Phase))
			}
			fmt.Fprintln(out)
			line, ok := readLine(ctx, sc)
			if !ok {
				fmt.Fprintf(out, "\nThe game stops here with the score at %s.\n", scoreLine(st, n))
				return game.Outcome{}, nil
			}
			if o.Echo {
				fmt.Fprintln(out, line)
			}
			fmt.Fprintln(out)
			answer = line
			acts[0] = game.Action(engine.ParseChoice(st.Phase, line))
		}
		for i, b := range o.Bots {
			if legal = gs.Legal(i+1, legal); len(legal) > 0 {
				acts[i+1] = b.Act(gs.Observe(i+1), legal)
				if f, ok := b.(agents.Faulter); ok {
					if err := f.Fault(); err != nil {
						return game.Outcome{}, fmt.Errorf("%s failed: %w", names[i+1], err)
					}
				}
			}
		}
		if err := gs.Apply(acts); err != nil {
			return game.Outcome{}, err
		}
		for _, l := range narrateTable(&before, st, gs.History[len(gs.History)-1], names, answer) {
			fmt.Fprintln(out, l)
		}
		fmt.Fprintln(out)
	}
	res := gs.Outcome()
	fmt.Fprintf(out, "Final places: ")
	for s := range n {
		if s > 0 {
			fmt.Fprint(out, ", ")
		}
		fmt.Fprintf(out, "%s %d", names[s], res.Place[s])
	}
	if res.Winner < 0 {
		fmt.Fprintf(out, " (a draw: the game reached the limit of %d turns)", st.TurnCap)
	}
	fmt.Fprintln(out, ".")
	return res, nil
}

// narrateTable returns the lines for one turn of an N-player game.
func narrateTable(before, after *nzscn.State, t nzscn.Turn, names []string, answer string) []string {
	var out []string
	n := int(after.Players)
	phase := t.Phase()
	var chose []string
	for s := range n {
		switch off := t.Offence(s); {
		case off == engine.Stuck:
			out = append(out, fmt.Sprintf("%s had no legal move left, so must pass. %d wait penalty!", names[s], off.Waits()))
		case off != engine.NoOffence && s == 0:
			out = append(out, yourPenalty(nil, phase, t.Choice(s), off, answer))
		case off != engine.NoOffence:
			out = append(out, namedPenalty(nil, names[s], "it", phase, t.Choice(s), off))
		default:
			chose = append(chose, fmt.Sprintf("%s chose %s.", names[s], t.Choice(s).Name(phase)))
		}
	}
	out = append([]string{strings.Join(chose, " ")}, out...)
	switch {
	case t.Nullified(n):
		out = append(out, "As a result, this turn does not count.")
	case phase == engine.PickCharacter && t.Clash():
		out = append(out, "Two of you chose the same character, so everyone must repick.")
	case phase == engine.PickBooster:
		out = append(out, "Let the battle begin!")
	}
	var scored []string
	for s := range n {
		if g := t.Gained(s); g > 0 {
			scored = append(scored, fmt.Sprintf("%s %+d", names[s], g))
		}
	}
	if len(scored) > 0 {
		out = append(out, "Points: "+strings.Join(scored, ", ")+".")
	}
	if t.Deducted() {
		out = append(out, "Two or more players reached 5 points, so every score goes down until only one can lead.")
	}
	out = append(out, "The score is now "+scoreLine(after, n)+".")
	return out
}

// scoreLine writes every player's points and waits, seat 0 first.
func scoreLine(s *nzscn.State, n int) string {
	parts := make([]string, n)
	for i := range n {
		parts[i] = fmt.Sprintf("%d (%d waits)", s.Points(i), s.Waits(i))
	}
	return strings.Join(parts, " - ")
}
