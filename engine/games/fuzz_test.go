package games_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/game/gametest"
)

// FuzzRecord reads any bytes as a game record the way every reader does
// (a games log, nzsc replay, the Watch page's upload: Record.Check, the
// game built from the record, Replay) for every registered game. It must
// never panic, and a record it accepts must be safe to use as the
// narrations use it: every seat index in range, the steps those
// replayed, the end the record's. The corpus starts from real records:
// random games of every game and seat count, their forfeited cuts, and
// testdata/records.jsonl (games of the built-in bots written by nzsc
// match and tournament, a forfeit by an exec bot among them).
func FuzzRecord(f *testing.F) {
	for _, i := range game.Registered() {
		for seats := i.MinSeats; seats <= i.MaxSeats; seats++ {
			g, err := i.New(seats, nil)
			if err != nil {
				f.Fatal(err)
			}
			for seed := range uint64(2) {
				rec, _, err := gametest.Play(g, seed)
				if err != nil {
					f.Fatal(err)
				}
				b, _ := json.Marshal(&rec)
				f.Add(b)
				// The same game cut short by a forfeit (its score is
				// wrong unless the game stood at 0: a refusal to find).
				s := seats - 1
				rec.Turns = rec.Turns[:min(2, len(rec.Turns))]
				rec.Result = game.RecordResult{Steps: len(rec.Turns), Forfeit: &s, Fault: "crashed"}
				rec.Result.SetOutcome(game.Forfeit(seats, s))
				b, _ = json.Marshal(&rec)
				f.Add(b)
			}
		}
	}
	fh, err := os.Open(filepath.Join("testdata", "records.jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f.Add(append([]byte(nil), sc.Bytes()...))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var r game.Record
		if json.Unmarshal(b, &r) != nil || r.Check() != nil {
			return
		}
		g, err := game.Build(r.Game, r.Seats, r.Rules)
		if err != nil {
			return
		}
		st, err := game.Replay(g, &r, nil)
		if err != nil {
			return
		}
		// What play.Replay and the Watch page index with.
		res := &r.Result
		if len(r.Bots) != r.Seats || res.Winner < -1 || res.Winner >= r.Seats ||
			(res.Forfeit != nil && (*res.Forfeit < 0 || *res.Forfeit >= r.Seats)) {
			t.Fatalf("accepted a record out of range: %s", b)
		}
		if st.Turn() != res.Steps || st.Over() == (res.Forfeit != nil) {
			t.Fatalf("accepted a record whose end is not its moves': %s", b)
		}
		if res.Forfeit == nil {
			o := st.Outcome()
			for s := range r.Seats {
				if int(o.Place[s]) != res.Places[s] || o.Score[s] != res.Score[s] {
					t.Fatalf("accepted a record whose result is not its moves': %s", b)
				}
			}
		}
	})
}
