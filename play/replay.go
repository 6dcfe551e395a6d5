package play

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

// Replay re-plays a game record through its game and narrates it to w
// (Tell's words). A record whose moves do not give its stated result is
// an error naming the turn.
func Replay(w io.Writer, g game.Game, r *game.Record) error {
	var b strings.Builder
	header, end, err := Tell(g, r, func(_ int, _ *game.Step, text string) { b.WriteString(text) })
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, header+b.String()+end)
	return err
}

// Tell re-plays r through g and narrates it: the header, then each
// step's text to visit (with the step), then the end. Seats are named
// by their bots in the third person ("greedy won 5-3"); two seats with
// one name get their seat numbers ("greedy (seat 1)"), and a person's
// name in a room's record ("person:Ann") is the person's ("Ann"). A game
// that a person played against bots (nzsc play --record: the person's
// seat is "person"), in any game, is told to that person as "you", as
// nzsc play told it: two-player NZSC in nzsc play's own words (the bot as
// "the computer"), NZSC for 3 or 4 and NPZR with the person's seat named
// "You" and the bots by name. Watch cuts its steps from the same text.
func Tell(g game.Game, r *game.Record, visit func(turn int, s *game.Step, text string)) (header, end string, err error) {
	names := SeatNames(r.Bots)
	// you is the person's seat, spoken to as "you"; -1 for none.
	you := slices.Index(r.Bots, "person")
	seats := make([]string, len(names)) // the header's names of the seats
	for i, n := range names {
		seats[i] = n
		if i == you {
			seats[i] = fmt.Sprintf("%s (seat %d, \"you\")", r.Bots[i], i)
			names[i] = "You"
		}
	}
	header, tell := replayVoice(g, r, names, seats, you)
	_, err = game.Replay(g, r, func(turn int, s *game.Step) {
		visit(turn, s, stepText(g, turn, s, tell, names, you))
	})
	if err != nil {
		return "", "", err
	}
	switch _, two := g.(*nzsc.Game); {
	case r.Result.Forfeit != nil:
		end = fmt.Sprintf("%s forfeited: %s\n", names[*r.Result.Forfeit], r.Result.Fault)
	case !two:
		// Two-player NZSC's last step already says who won.
		end = placesLine(names, r.Result) + "\n"
	}
	if end != "" && tell == nil {
		// A step told in one line (NPZR) ends without the blank line
		// that ends an NZSC step: the end is set apart alike.
		end = "\n" + end
	}
	return header, end, nil
}

// replayVoice returns a replay's header and, for NZSC at any table
// size, how a step is told in the narration's words (nil for a game told
// a line a step): two-player NZSC to onlookers, or to the person in seat
// 0 as nzsc play told it; NZSC for 3 or 4 with the person's seat as
// "You". seats are the header's names of the seats (it may rename the
// computer's).
func replayVoice(g game.Game, r *game.Record, names, seats []string, you int) (header string, tell func(s *game.Step) []string) {
	title := g.Info().Title
	switch g.(type) {
	case *nzsc.Game:
		v := Onlookers(names[0], names[1])
		if you == 0 {
			v = Terminal
			seats[1] = fmt.Sprintf("%s (seat 1, \"the computer\")", r.Bots[1])
		}
		header = fmt.Sprintf("%s: %s vs %s, seed %s\n\n", title, seats[0], seats[1], r.Seed)
		tell = func(s *game.Step) []string {
			before := s.Before.(*nzsc.GameState).State
			after := s.After.(*nzsc.GameState)
			return v.Narrate(&before, &after.State, after.History[len(after.History)-1], s.Names[0])
		}
	case *nzscn.Game:
		header = fmt.Sprintf("%s for %d players: %s, seed %s\n\n", title, len(names), strings.Join(seats, ", "), r.Seed)
		tell = func(s *game.Step) []string {
			before := s.Before.(*nzscn.GameState).State
			after := s.After.(*nzscn.GameState)
			answer := ""
			if you >= 0 {
				answer = s.Names[you]
			}
			return narrateTable(&before, &after.State, after.History[len(after.History)-1], names, you, answer)
		}
	default:
		header = fmt.Sprintf("%s: %s, seed %s\n\n", title, strings.Join(seats, " vs "), r.Seed)
	}
	return header, tell
}

// stepText is one step's text in a replay: told by tell and followed by
// a blank line, or, without one, a numbered line of the seats' actions
// (with the characters an NPZR step scored under it).
func stepText(g game.Game, turn int, s *game.Step, tell func(s *game.Step) []string, names []string, you int) string {
	var b strings.Builder
	if tell != nil {
		for _, l := range tell(s) {
			b.WriteString(l + "\n")
		}
		b.WriteString("\n")
		return b.String()
	}
	var acts []string
	for seat, n := range s.Names {
		if n != "" {
			acts = append(acts, fmt.Sprintf("%s: %s", names[seat], n))
		}
	}
	fmt.Fprintf(&b, "%4d. %s\n", turn, strings.Join(acts, "; "))
	if _, ok := g.(*npzr.Game); ok {
		for _, l := range npzrScored(s, names, you) {
			fmt.Fprintf(&b, "      %s\n", l)
		}
	}
	return b.String()
}

// npzrScored tells the characters an NPZR step scored: "greedy scores
// Pirate (2 of 4).", "You score Pirate (2 of 4)." for seat you.
func npzrScored(s *game.Step, names []string, you int) []string {
	before, after := s.Before.Observe(0).(*npzr.Observation), s.After.Observe(0).(*npzr.Observation)
	var out []string
	for seat := range 2 {
		have := 0
		for c := range after.Scores[seat] {
			if after.Scores[seat][c] > 0 {
				have++
			}
		}
		for c := range after.Scores[seat] {
			if after.Scores[seat][c] > before.Scores[seat][c] {
				verb := "scores"
				if seat == you {
					verb = "score"
				}
				out = append(out, fmt.Sprintf("%s %s %s (%d of 4).", names[seat], verb, npzr.Character(c), have))
			}
		}
	}
	return out
}

// placesLine is a finished game's result by seat name: "greedy won;
// places: greedy 1, random 2." or a draw.
func placesLine(names []string, res game.RecordResult) string {
	parts := make([]string, len(names))
	for i, n := range names {
		p := 0
		if i < len(res.Places) {
			p = res.Places[i]
		}
		parts[i] = fmt.Sprintf("%s %d", n, p)
	}
	places := "places: " + strings.Join(parts, ", ") + "."
	if w := res.Winner; w >= 0 && w < len(names) {
		return fmt.Sprintf("%s won; %s", names[w], places)
	}
	return "A draw; " + places
}

// SeatNames names the seats of a record by their bots, a person's seat
// ("person:Ann") by the person's name, and a name two seats share with
// the seat's number ("greedy (seat 1)"), so that every seat's name is
// its own.
func SeatNames(bots []string) []string {
	out := make([]string, len(bots))
	count := map[string]int{}
	for i, b := range bots {
		if n, ok := strings.CutPrefix(b, "person:"); ok && n != "" {
			b = n
		}
		out[i] = b
		count[b]++
	}
	for i, n := range out {
		if count[n] > 1 {
			out[i] = fmt.Sprintf("%s (seat %d)", n, i)
		}
	}
	return out
}
