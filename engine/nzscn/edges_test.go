package nzscn

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// SPEC cases of 3 and 4 players no other test reaches, worked by hand
// from the SPEC's words ("NZSC for 3 or 4 players").

func setPoints(s *State, pts ...uint8) {
	for i, p := range pts {
		s.players[i].points = p
	}
}

func wantScores(t *testing.T, what string, s *State, want ...int) {
	t.Helper()
	for i, w := range want {
		if s.Points(i) != w {
			t.Errorf("%s: seat %d has %d points, want %d (scores %v)", what, i, s.Points(i), w, s.Scores())
		}
	}
}

func wantWaits(t *testing.T, what string, s *State, want ...int) {
	t.Helper()
	for i, w := range want {
		if s.Waits(i) != w {
			t.Errorf("%s: seat %d has %d waits, want %d", what, i, s.Waits(i), w)
		}
	}
}

// TestHeadstartsMeetTheEndOfTurnRules: headstarts are points like any
// other, added when characters are settled, and the end of that turn
// applies the deduction rule and the win.
func TestHeadstartsMeetTheEndOfTurnRules(t *testing.T) {
	// 4-4-0 before the pick; Ninja over Samurai, Clown over Ninja,
	// Samurai over Clown: each gains 1, 5-5-1, two at 5: minus 1, 4-4-0.
	s := New(3, nzsc.DefaultRules)
	setPoints(&s, 4, 4, 0)
	tr := s.Step(Choices{ch(nzsc.Ninja), ch(nzsc.Clown), ch(nzsc.Samurai)})
	wantScores(t, "two headstarts to five", &s, 4, 4, 0)
	if !tr.Deducted() || s.Over() || s.Phase != nzsc.PickBooster {
		t.Errorf("two headstarts to five: deducted %v over %v phase %v, want a deduction and the booster pick", tr.Deducted(), s.Over(), s.Phase)
	}
	// 4-0-0; Clown over Ninja is seat 0's only headstart (no Samurai):
	// exactly one player has 5, and wins at the pick.
	s = New(3, nzsc.DefaultRules)
	setPoints(&s, 4, 0, 0)
	tr = s.Step(Choices{ch(nzsc.Clown), ch(nzsc.Ninja), ch(nzsc.Zombie)})
	wantScores(t, "one headstart to five", &s, 5, 0, 0)
	if tr.Deducted() || !s.Over() || s.Winner != 0 {
		t.Errorf("one headstart to five: deducted %v over %v winner %d, want seat 0 to win", tr.Deducted(), s.Over(), s.Winner)
	}
	if o := OutcomeOf(&s); o.String() != "1-2-2" {
		t.Errorf("one headstart to five: places %v, want 1-2-2", o)
	}
}

// TestPenaltyPointsMeetTheDeductionRule: "All of a turn's penalties are
// applied together", then the end of the turn: one offender out of waits
// lifts the three others from 4 to 5, and three at 5 go back to 4.
func TestPenaltyPointsMeetTheDeductionRule(t *testing.T) {
	s := NewRound(nzsc.DefaultRules, lo(nzsc.Zombie, nzsc.NoBooster), lo(nzsc.Clown, nzsc.NoBooster),
		lo(nzsc.Ninja, nzsc.NoBooster), lo(nzsc.Samurai, nzsc.Strong))
	setPoints(&s, 4, 4, 4, 2)
	s.players[3].waits = 0
	tr := s.Step(Choices{mv(nzsc.Rampage), mv(nzsc.Nose), mv(nzsc.Kick), nzsc.Unknown})
	if !tr.Nullified(4) || !tr.Deducted() || s.Over() {
		t.Fatalf("nullified %v deducted %v over %v, want a void turn, the deduction, no winner", tr.Nullified(4), tr.Deducted(), s.Over())
	}
	wantScores(t, "5-5-5-2 after the penalty", &s, 4, 4, 4, 1)
	for seat := range 3 {
		if tr.Gained(seat) != 1 {
			t.Errorf("seat %d gained %d, want the penalty point", seat, tr.Gained(seat))
		}
	}
}

// stuckClown makes seat's Clown/No Booster stuck: Acid Spray spent,
// Juggling Knives destroyed, Nose played three rounds running.
func stuckClown(s *State, seat int) {
	makeStuck(s, seat, nzsc.Nose, nzsc.AcidSpray, nzsc.JugglingKnives)
}

// TestStuckPassBesideAnOffence: a pass does not void the turn at 3
// seats, but another player's illegal choice does, for everyone ("Any
// illegal choice nullifies the turn for everyone; every offender is
// penalized"); the stuck player still pays its 2 waits.
func TestStuckPassBesideAnOffence(t *testing.T) {
	s := NewRound(nzsc.DefaultRules, lo(nzsc.Zombie, nzsc.NoBooster), lo(nzsc.Ninja, nzsc.Shadow), lo(nzsc.Clown, nzsc.NoBooster))
	stuckZombie(&s, 0)
	before := s.Scores()
	tr := s.Step(Choices{mv(nzsc.Rampage), mv(nzsc.Zap), mv(nzsc.Nose)}) // Zap: another character's move
	if !tr.Nullified(3) || tr.Offence(0) != nzsc.Stuck || tr.Offence(1) != nzsc.WrongCharacter || tr.Offence(2) != nzsc.NoOffence {
		t.Fatalf("nullified %v offences %v %v %v, want a void turn: stuck, wrong character, none",
			tr.Nullified(3), tr.Offence(0), tr.Offence(1), tr.Offence(2))
	}
	wantWaits(t, "pass beside an offence", &s, 2, 1, 4)
	if s.Scores() != before {
		t.Errorf("scores %v → %v in a void turn", before, s.Scores())
	}
	if _, n := s.MoveStreak(2); n != 0 || s.Destroyed(2) != 0 {
		t.Errorf("seat 2 played in a void turn: streak %d destroyed %b", n, s.Destroyed(2))
	}
}

// TestLonePlayerAmongStuckOnes: with every other player stuck, the one
// who can move plays its round alone: its move is played (streak, a
// single-use move spent) but scores against nobody ("nobody scores
// against the player who passed", and the passers score nothing).
func TestLonePlayerAmongStuckOnes(t *testing.T) {
	s := NewRound(nzsc.DefaultRules, lo(nzsc.Zombie, nzsc.NoBooster), lo(nzsc.Clown, nzsc.NoBooster), lo(nzsc.Ninja, nzsc.Shadow))
	stuckZombie(&s, 0)
	stuckClown(&s, 1)
	before := s.Scores()
	tr := s.Step(Choices{0, 0, mv(nzsc.Kick)})
	if tr.Nullified(3) || tr.Offence(0) != nzsc.Stuck || tr.Offence(1) != nzsc.Stuck || tr.Offence(2) != nzsc.NoOffence {
		t.Fatalf("nullified %v offences %v %v %v, want two passes and a round", tr.Nullified(3), tr.Offence(0), tr.Offence(1), tr.Offence(2))
	}
	if s.Scores() != before {
		t.Errorf("scores %v → %v: the lone player scored against passers", before, s.Scores())
	}
	wantWaits(t, "two passes", &s, 2, 2, 4)
	if m, n := s.MoveStreak(2); m != nzsc.Kick || n != 1 {
		t.Errorf("seat 2's streak %v×%d, want Kick×1", m, n)
	}
	// Out of waits, each passer pays each opponent: the lone player gains
	// 2 a turn, each passer 1 from the other.
	s.Step(Choices{0, 0, mv(nzsc.NinjaSword)})
	before = s.Scores()
	s.Step(Choices{0, 0, mv(nzsc.Kick)})
	after := s.Scores()
	if after[0] != before[0]+1 || after[1] != before[1]+1 || after[2] != before[2]+2 {
		t.Errorf("passers out of waits: %v → %v, want +1, +1, +2", before, after)
	}
}
