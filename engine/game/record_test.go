package game_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/game/gametest"
	_ "github.com/nzsclab/nzsc/engine/games"
)

// recordOf plays a random game of name for seats and returns its record,
// which replays.
func recordOf(t *testing.T, name string, seats int, seed uint64) (game.Game, game.Record) {
	t.Helper()
	g, err := game.Build(name, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, _, err := gametest.Play(g, seed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.Replay(g, &rec, nil); err != nil {
		t.Fatalf("%s %d seats: the record does not replay: %v", name, seats, err)
	}
	return g, rec
}

// forfeited cuts rec to its first k turns and makes it the record of a
// game seat s forfeited there, with the points of that step.
func forfeited(t *testing.T, g game.Game, rec game.Record, k, s int) game.Record {
	t.Helper()
	seed, _ := game.ParseSeed(rec.Seed)
	st := g.NewState(seed)
	acts := make([]game.Action, rec.Seats)
	for _, names := range rec.Turns[:k] {
		for seat, n := range names {
			acts[seat] = game.Pass
			if n != "" {
				a, err := st.Observe(seat).ParseAction(n)
				if err != nil {
					t.Fatal(err)
				}
				acts[seat] = a
			}
		}
		if err := st.Apply(acts); err != nil {
			t.Fatal(err)
		}
	}
	out := rec
	out.Turns = rec.Turns[:k]
	out.Result = game.RecordResult{Steps: k, Forfeit: &s, Fault: "crashed"}
	out.Result.SetOutcome(game.Forfeit(rec.Seats, s))
	o := st.Outcome()
	out.Result.Score = o.Score[:o.Seats]
	return out
}

// TestRecordFieldsChecked: every field of a record out of range, or
// contradicting the moves, is an error naming it, for every game and
// seat count; never a panic, never accepted. (The old Check let a
// forfeit of seat 7 through, which the Watch page and nzsc replay then
// used as an index; Replay let "steps": 99 and a deciding seat's ""
// through.)
func TestRecordFieldsChecked(t *testing.T) {
	for _, c := range []struct {
		name  string
		seats int
	}{{"nzsc", 2}, {"nzsc", 3}, {"nzsc", 4}, {"npzr", 2}} {
		g, rec := recordOf(t, c.name, c.seats, 11)
		if len(rec.Turns) < 4 {
			t.Fatalf("%s: a game of %d steps is too short for the test", c.name, len(rec.Turns))
		}
		ff := forfeited(t, g, rec, 3, 1)
		if _, err := game.Replay(g, &ff, nil); err != nil {
			t.Fatalf("%s %d: a good forfeit record is refused: %v", c.name, c.seats, err)
		}
		seven, minus := 7, -1
		n := c.seats
		for i, m := range []struct {
			want string
			edit func(r *game.Record)
		}{
			{"forfeit is seat 7", func(r *game.Record) { *r = forfeited(t, g, rec, 3, 1); r.Result.Forfeit = &seven }},
			{"forfeit is seat -1", func(r *game.Record) { *r = forfeited(t, g, rec, 3, 1); r.Result.Forfeit = &minus }},
			{"forfeited with score", func(r *game.Record) {
				*r = forfeited(t, g, rec, 3, 1)
				r.Result.Score = append([]int(nil), r.Result.Score...)
				r.Result.Score[0] += 3
			}},
			{"a forfeit gives", func(r *game.Record) {
				*r = forfeited(t, g, rec, 3, 1)
				r.Result.Places = make([]int, n)
				for s := range r.Result.Places {
					r.Result.Places[s] = 1
				}
				r.Result.Winner = -1
			}},
			{"forfeited, but its moves end the game", func(r *game.Record) {
				f := forfeited(t, g, rec, 3, 1)
				f.Turns, f.Result.Steps, f.Result.Score = rec.Turns, rec.Result.Steps, rec.Result.Score
				*r = f
			}},
			{"99 steps", func(r *game.Record) { r.Result.Steps = 99 }},
			// Not "opening_steps is 0; the game has -1 steps": the
			// result's steps are at fault, not the openings.
			{"result has -1 steps", func(r *game.Record) { r.Result.Steps = -1; r.Turns = nil }},
			{"gives it no action", func(r *game.Record) {
				r.Turns = clone(r.Turns)
				for s, name := range r.Turns[0] {
					if name != "" {
						r.Turns[0][s] = ""
						break
					}
				}
			}},
			{"winner is 9", func(r *game.Record) { r.Result.Winner = 9 }},
			{"winner is -2", func(r *game.Record) { r.Result.Winner = -2 }},
			{"place 0", func(r *game.Record) { r.Result.Places = append([]int{0}, r.Result.Places[1:]...) }},
			{"place 9", func(r *game.Record) { r.Result.Places = append([]int{9}, r.Result.Places[1:]...) }},
			{"no finishing order", func(r *game.Record) {
				r.Result.Places = make([]int, n)
				for s := range r.Result.Places {
					r.Result.Places[s] = 2
				}
				r.Result.Winner = -1
			}},
			{"fault", func(r *game.Record) { r.Result.Fault = "crashed" }},
			{"game_in_set is", func(r *game.Record) { k := 24; r.InSet = &k }},
			{"table is -1", func(r *game.Record) { r.Table = &minus }},
			{"opening_steps is -1", func(r *game.Record) { r.OpeningSteps = -1 }},
			{"opening_steps is 100000", func(r *game.Record) { r.OpeningSteps = 100000 }},
			{"wrong number of seats", func(r *game.Record) { r.Result.Score = r.Result.Score[:1] }},
			{"seed", func(r *game.Record) { r.Seed = "0x1g" }},
			{"game record has 5 seats; a game has 1 to 4", func(r *game.Record) { r.Seats = 5 }},
			{"game record names 1 bot(s) for", func(r *game.Record) { r.Bots = r.Bots[:1] }},
			// A name printed by replay --list, the narration and the
			// Watch page: an escape sequence in it rewrote the terminal.
			{"bot 1's name \"\\x1b[2Jx\" holds a control character (U+001B)", func(r *game.Record) {
				r.Bots = append([]string(nil), r.Bots...)
				r.Bots[1] = "\x1b[2Jx"
			}},
			{"bot 0's name \"\\u202eBob\" holds an invisible formatting character (U+202E)", func(r *game.Record) {
				r.Bots = append([]string(nil), r.Bots...)
				r.Bots[0] = "\u202eBob"
			}},
			{"fault \"time\\x1b]0;x\\a\" holds a control character", func(r *game.Record) {
				*r = forfeited(t, g, rec, 3, 1)
				r.Result.Fault = "time\x1b]0;x\a"
			}},
			{"not " + c.name, func(r *game.Record) {
				if c.name == "npzr" {
					r.Game = "nzsc"
				} else {
					r.Game = "npzr"
				}
			}},
		} {
			r := rec
			r.Result.Places = append([]int(nil), rec.Result.Places...)
			m.edit(&r)
			// Through JSON, as a reader gets it.
			b, err := json.Marshal(&r)
			if err != nil {
				t.Fatal(err)
			}
			var back game.Record
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			_, err = game.Replay(g, &back, nil)
			if err == nil || !strings.Contains(err.Error(), m.want) {
				t.Errorf("%s %dp case %d: err %v, want one containing %q\n%s", c.name, c.seats, i, err, m.want, b)
			}
		}
	}
}

func clone(turns [][]string) [][]string {
	out := make([][]string, len(turns))
	for i, t := range turns {
		out[i] = append([]string(nil), t...)
	}
	return out
}

// ExampleNewRecord shows the header every writer of records starts from:
// the rules in full and the seed in 0x hex.
func ExampleNewRecord() {
	g, err := game.Build("npzr", 2, nil)
	if err != nil {
		panic(err)
	}
	b, _ := json.Marshal(game.NewRecord(g, 255, []string{"random", "person"}))
	fmt.Println(string(b))
	// Output:
	// {"format":"nzsc-lab-game","version":1,"game":"npzr","seats":2,"rules":{"copies":"4","turn_cap":"500"},"seed":"0xff","bots":["random","person"],"result":{"places":null,"winner":0,"score":null,"steps":0}}
}

// TestParseSeedLongInput: a long text that is no seed (a binary file's
// line) is quoted only in part: the error stays a short line.
func TestParseSeedLongInput(t *testing.T) {
	_, err := game.ParseSeed(strings.Repeat("x", 60000))
	if err == nil || len(err.Error()) > 120 || !strings.Contains(err.Error(), "60000 bytes") {
		t.Errorf("ParseSeed of 60000 bytes: error %.200q, want a short one naming the length", err)
	}
	if _, err := game.ParseSeed("0x1f"); err != nil {
		t.Errorf("ParseSeed(0x1f): %v", err)
	}
}
