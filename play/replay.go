package play

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
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
// The words are the game's: each game's teller tells its records.
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
	t, err := tellerOf(g)
	if err != nil {
		return "", "", fmt.Errorf("play: no teller tells %s at %d players", g.Info().Name, g.Seats())
	}
	v := t.replay(g.Info().Title, r, names, seats, you)
	_, err = game.Replay(g, r, func(turn int, s *game.Step) {
		visit(turn, s, v.step(turn, s))
	})
	if err != nil {
		return "", "", err
	}
	return v.header, v.end, nil
}

// toldLines is a step told in lines: each on its own, then a blank line
// that ends the step.
func toldLines(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	b.WriteString("\n")
	return b.String()
}

// actionsLine is a step told in one numbered line of the seats' actions
// ("  12. random: play Ninja Head on 2; greedy: ...").
func actionsLine(turn int, s *game.Step, names []string) string {
	var acts []string
	for seat, n := range s.Names {
		if n != "" {
			acts = append(acts, fmt.Sprintf("%s: %s", names[seat], n))
		}
	}
	return fmt.Sprintf("%4d. %s\n", turn, strings.Join(acts, "; "))
}

// endLine is a record's last line: who forfeited, or every seat's place.
func endLine(r *game.Record, names []string) string {
	if f := r.Result.Forfeit; f != nil {
		return fmt.Sprintf("%s forfeited: %s\n", names[*f], r.Result.Fault)
	}
	return placesLine(names, r.Result) + "\n"
}

// placesLine is a finished game's result by seat name: "greedy won;
// places: greedy 1, random 2." or a draw, which says why nobody won (a
// game of the lab is drawn only at its turn cap; at 3 or 4 seats the
// places it still gives are by points, and "A draw; places: ... 1"
// read as a contradiction).
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
	return "A draw: the game reached its turn cap and nobody won; " + places
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
