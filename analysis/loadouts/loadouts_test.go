package loadouts

import (
	"math"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// TestLoadoutIndex checks that Index and LoadoutAt invert each other and
// that a loadout no player can hold has no index.
func TestLoadoutIndex(t *testing.T) {
	for i, l := range nzsc.Loadouts() {
		if got := l.Index(); got != i {
			t.Errorf("case %d: Index(%v) = %d", i, l, got)
		}
		if got := nzsc.LoadoutAt(i); got != l {
			t.Errorf("case %d: LoadoutAt = %v, want %v", i, got, l)
		}
	}
	if got := (nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.Strong}).Index(); got != -1 {
		t.Errorf("Ninja/Strong: %d, want -1", got)
	}
	if got := (nzsc.Loadout{Character: nzsc.NoCharacter, Booster: nzsc.NoBooster}).Index(); got != -1 {
		t.Errorf("unsettled: %d, want -1", got)
	}
}

// handTournament is a small example worked by hand: bots 0, 1, 2; bot 0
// plays Ninja/Shadow (index 0) and Clown/No Booster (11), bot 1 always
// Zombie/Regenerative (3), bot 2 Samurai/Strong (7). The records go in
// from either side (AddRecord flips them).
func handTournament(t *testing.T) *analysis.Tournament {
	t.Helper()
	st := nzsc.NewStats(3)
	for _, c := range []struct {
		a, b, x, y int
		r          nzsc.WDL
	}{
		{0, 1, 0, 3, nzsc.WDL{6, 2, 2}},  // a Ninja/Shadow vs b Zombie/Regen
		{1, 0, 3, 11, nzsc.WDL{4, 0, 1}}, // b vs a Clown/None, from b's side
		{0, 2, 0, 7, nzsc.WDL{3, 0, 1}},  // a Ninja/Shadow vs c Samurai/Strong
		{1, 2, 3, 7, nzsc.WDL{2, 2, 6}},  // b vs c
		{1, 2, -1, -1, nzsc.WDL{0, 3, 0}},
	} {
		if err := st.AddRecord(c.a, c.b, c.x, c.y, c.r); err != nil {
			t.Fatal(err)
		}
	}
	return &analysis.Tournament{Bots: []string{"a", "b", "c"}, Game: st,
		Pairings: []analysis.Pairing{{A: 0, B: 1}, {A: 0, B: 2}, {A: 1, B: 2}}}
}

func TestLoadoutTables(t *testing.T) {
	tt := handTournament(t)
	s := Summarize(tt)
	pooled := s.Pooled
	if got, want := pooled[3][0], (analysis.Record{Wins: 2, Draws: 2, Losses: 6}); got != want {
		t.Errorf("pooled Zombie/Regen vs Ninja/Shadow %v, want %v", got, want)
	}
	ch := pooled.Collapse(ByCharacter)
	// Ninja rows: vs Zombie 6-2-2, vs Samurai 3-0-1 → overall 9-2-3.
	if got, want := ch.Overall[0].Record, (analysis.Record{Wins: 9, Draws: 2, Losses: 3}); got != want {
		t.Errorf("Ninja overall %v, want %v", got, want)
	}
	// Zombie vs Clown: b's 4-0-1 against a's Clown/None.
	if got, want := ch.Cells[1][3].Record, (analysis.Record{Wins: 4, Draws: 0, Losses: 1}); got != want {
		t.Errorf("Zombie vs Clown %v, want %v", got, want)
	}
	bo := pooled.Collapse(ByBooster)
	if got, want := bo.Cells[nzsc.NoBooster][nzsc.Regenerative].Record, (analysis.Record{Wins: 1, Draws: 0, Losses: 4}); got != want {
		t.Errorf("No Booster vs Regenerative %v, want %v", got, want)
	}
	// Diagonal of a pooled table scores exactly 1/2 when it has games.
	for r := range ch.Cells {
		if e := ch.Cells[r][r]; e.Record.Games() > 0 && e.Score != 0.5 {
			t.Errorf("diagonal %d scores %v", r, e.Score)
		}
	}
	if picks, unsettled := s.Picks[1], s.Unsettled[1]; picks[3] != 10+5+10 || unsettled != 3 {
		t.Errorf("bot b picks %v unsettled %d, want 25 games as Zombie/Regenerative and 3 unsettled", picks, unsettled)
	}
	if s.Unsettled[0] != 0 || s.Unsettled[2] != 3 {
		t.Errorf("unsettled %v, want [0 3 3]", s.Unsettled)
	}
	if picks, total := s.PooledPicks(); total != 2*(10+5+4+10) || picks[0] != 14 || picks[11] != 5 || picks[7] != 14 {
		t.Errorf("pooled picks %v of %d", picks, total)
	}
	bm := s.PerBot[2]
	if got, want := bm[7][3], (analysis.Record{Wins: 6, Draws: 2, Losses: 2}); got != want {
		t.Errorf("bot c Samurai/Strong vs Zombie/Regen %v, want %v", got, want)
	}
	// Score 6-2-2 = 7/10.
	e := bm.Collapse(ByLoadout).Cells[7][3]
	if math.Abs(e.Score-0.7) > 1e-12 {
		t.Errorf("score %v, want 0.7", e.Score)
	}
	if got, want := Unsettled(tt, &tt.Pairings[2]), (analysis.Record{Draws: 3}); got != want {
		t.Errorf("b-c unsettled %v, want %v", got, want)
	}
}

// TestMatch checks a match's loadout lines and picks on the hand
// example's pairing a-b, seen from b (the pairing's A may be either).
func TestMatch(t *testing.T) {
	tt := handTournament(t)
	p := analysis.Pairing{A: 1, B: 0}
	s := analysis.SummarizeMatch(&p)
	Match(&s, tt, &p)
	if len(s.Pairings) != 2 {
		t.Fatalf("%d lines, want 2: %+v", len(s.Pairings), s.Pairings)
	}
	first := s.Pairings[0]
	if first.A != "Zombie/Regenerative" || first.B != "Ninja/Shadow" || first.Wins != 2 || first.Draws != 2 || first.Losses != 6 {
		t.Errorf("first line %+v, want Zombie/Regenerative vs Ninja/Shadow 2-2-6", first)
	}
	if s.Picks[0]["Zombie/Regenerative"] != 15 || s.Picks[1]["Ninja/Shadow"] != 10 || s.Picks[1]["Clown/No Booster"] != 5 {
		t.Errorf("picks %v", s.Picks)
	}
	// A tournament of another game adds nothing.
	q := analysis.SummarizeMatch(&p)
	Match(&q, &analysis.Tournament{Bots: tt.Bots}, &p)
	if len(q.Pairings) != 0 || len(q.Picks[0]) != 0 {
		t.Errorf("no tally, yet %+v", q)
	}
}
