package nzscn

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

// The oracles here are the SPEC's own statements worked by hand, and,
// pair by pair, the two-player engine (package engine/nzsc), which is a
// separate implementation of a round between two players.

func ch(c nzsc.Character) nzsc.Choice { return nzsc.Choice(c) }
func mv(m nzsc.Move) nzsc.Choice      { return nzsc.Choice(m) }
func lo(c nzsc.Character, b nzsc.Booster) nzsc.Loadout {
	return nzsc.Loadout{Character: c, Booster: b}
}

func TestClashEveryoneRepicks(t *testing.T) {
	s := New(3, nzsc.DefaultRules)
	// Seats 0 and 1 both pick Ninja three times: every seat's streak grows,
	// seat 2's too, and nothing is settled.
	for k := 1; k <= 3; k++ {
		tr := s.Step(Choices{ch(nzsc.Ninja), ch(nzsc.Ninja), ch(nzsc.Zombie)})
		if !tr.Clash() || s.Phase != nzsc.PickCharacter {
			t.Fatalf("pick %d: clash %v phase %v, want a clash and another pick", k, tr.Clash(), s.Phase)
		}
		for seat, want := range []nzsc.Character{nzsc.Ninja, nzsc.Ninja, nzsc.Zombie} {
			if c, n := s.CharacterStreak(seat); c != want || n != k {
				t.Fatalf("pick %d seat %d: streak %v×%d, want %v×%d", k, seat, c, n, want, k)
			}
			if s.Points(seat) != 0 || s.Character(seat) != nzsc.NoCharacter {
				t.Fatalf("pick %d seat %d: settled or scored on a clash", k, seat)
			}
		}
	}
	// A fourth Zombie is now illegal for seat 2 (3 waits) and nullifies the
	// turn for everyone.
	if o := s.Offence(2, ch(nzsc.Zombie)); o != nzsc.FourthInARow {
		t.Fatalf("fourth Zombie: offence %v, want %v", o, nzsc.FourthInARow)
	}
	tr := s.Step(Choices{ch(nzsc.Samurai), ch(nzsc.Clown), ch(nzsc.Zombie)})
	if !tr.Nullified(3) || s.Waits(2) != 1 || s.Waits(0) != 4 || s.Phase != nzsc.PickCharacter {
		t.Fatalf("fourth Zombie: nullified %v waits %d/%d phase %v", tr.Nullified(3), s.Waits(2), s.Waits(0), s.Phase)
	}
	if c, n := s.CharacterStreak(0); c != nzsc.Ninja || n != 3 {
		t.Fatalf("a nullified pick changed seat 0's streak to %v×%d", c, n)
	}
	// Distinct picks settle.
	s.Step(Choices{ch(nzsc.Samurai), ch(nzsc.Clown), ch(nzsc.Ninja)})
	if s.Phase != nzsc.PickBooster {
		t.Fatalf("distinct picks: phase %v, want booster", s.Phase)
	}
}

func TestHeadstartsAgainstEachOpponent(t *testing.T) {
	// Ninja over Samurai, Samurai over Clown, Clown over Ninja, Zombie none:
	// each player scores one point per opponent it has a headstart over.
	cases := []struct {
		chars []nzsc.Character
		want  []int
	}{
		{[]nzsc.Character{nzsc.Ninja, nzsc.Samurai, nzsc.Clown}, []int{1, 1, 1}},
		{[]nzsc.Character{nzsc.Ninja, nzsc.Zombie, nzsc.Samurai}, []int{1, 0, 0}},
		{[]nzsc.Character{nzsc.Zombie, nzsc.Clown, nzsc.Samurai}, []int{0, 0, 1}},
		{[]nzsc.Character{nzsc.Clown, nzsc.Ninja, nzsc.Zombie}, []int{1, 0, 0}},
		{[]nzsc.Character{nzsc.Ninja, nzsc.Zombie, nzsc.Samurai, nzsc.Clown}, []int{1, 0, 1, 1}},
		{[]nzsc.Character{nzsc.Zombie, nzsc.Ninja}, []int{0, 0}},
		{[]nzsc.Character{nzsc.Samurai, nzsc.Ninja}, []int{0, 1}},
	}
	for i, c := range cases {
		s := New(len(c.chars), nzsc.DefaultRules)
		var cs Choices
		for k, x := range c.chars {
			cs[k] = ch(x)
		}
		tr := s.Step(cs)
		for seat, w := range c.want {
			if s.Points(seat) != w || int(tr.Gained(seat)) != w {
				t.Errorf("case %d seat %d: points %d gained %d, want %d", i, seat, s.Points(seat), tr.Gained(seat), w)
			}
		}
	}
}

func TestSmashShadowFireballPairByPair(t *testing.T) {
	// Seat 0 Ninja/Shadow plays Shadow Fireball, seat 1 a Samurai plays
	// Smash, seat 2 Zombie plays Rampage. By the outcome table Shadow
	// Fireball and Smash each score 1 against Rampage and Rampage nothing
	// against either; between Smash and Shadow Fireball the Strong rule
	// decides. Ninja's headstart over Samurai gives seat 0 a point first.
	cases := []struct {
		samurai nzsc.Booster
		want    []int
	}{
		{nzsc.Strong, []int{1 + 1, 1 + 1, 0}},
		{nzsc.Atlas, []int{1 + 2, 1, 0}},
		{nzsc.NoBooster, []int{1 + 2, 1, 0}},
	}
	for i, c := range cases {
		s := NewRound(nzsc.DefaultRules, lo(nzsc.Ninja, nzsc.Shadow), lo(nzsc.Samurai, c.samurai), lo(nzsc.Zombie, nzsc.NoBooster))
		s.Step(Choices{mv(nzsc.ShadowFireball), mv(nzsc.Smash), mv(nzsc.Rampage)})
		for seat, w := range c.want {
			if s.Points(seat) != w {
				t.Errorf("case %d (%v) seat %d: %d points, want %d", i, c.samurai, seat, s.Points(seat), w)
			}
		}
	}
}

// pairOracle plays the round of seats i and j alone on the two-player
// engine and returns what i scores and which of i's moves it destroys.
func pairOracle(a, b nzsc.Loadout, ma, mb nzsc.Move) (uint8, uint32) {
	e := nzsc.NewRound(nzsc.DefaultRules, a, b)
	tr := e.Step(nzsc.Choice(ma), nzsc.Choice(mb))
	return tr.Gained(0), e.Destroyed(0)
}

func TestRoundScoresEveryPair(t *testing.T) {
	// Every table of distinct characters and every booster, with random
	// legal moves: each seat's points are the sum of its two-player rounds
	// against each opponent, and its destroyed moves the union of what
	// each two-player round destroys.
	src := rng.NewWyrand(7, 0)
	all := nzsc.Loadouts()
	checked := 0
	for n := 2; n <= 4; n++ {
		for range 4000 {
			var ls []nzsc.Loadout
			used := 0
			for len(ls) < n {
				l := all[src.Uint64()%uint64(len(all))]
				if used>>l.Character&1 == 0 {
					used |= 1 << l.Character
					ls = append(ls, l)
				}
			}
			s := NewRound(nzsc.DefaultRules, ls...)
			before := s.Scores()
			var cs Choices
			var ms [MaxPlayers]nzsc.Move
			for i := range n {
				var buf [nzsc.MaxChoices]nzsc.Choice
				k := s.Legal(i, &buf)
				cs[i] = buf[src.Uint64()%uint64(k)]
				ms[i] = nzsc.Move(cs[i])
			}
			tr := s.Step(cs)
			if tr.Deducted() || s.Over() {
				continue // the deduction rule is tested on its own
			}
			for i := range n {
				var want uint8
				var dest uint32
				for j := range n {
					if j != i {
						g, d := pairOracle(ls[i], ls[j], ms[i], ms[j])
						want += g
						dest |= d
					}
				}
				if s.Points(i)-before[i] != int(want) || tr.Gained(i) != want {
					t.Fatalf("%v playing %v: seat %d gained %d (turn says %d), want %d", ls, cs[:n], i, s.Points(i)-before[i], tr.Gained(i), want)
				}
				if s.Destroyed(i) != dest {
					t.Fatalf("%v playing %v: seat %d destroyed %b, want %b", ls, cs[:n], i, s.Destroyed(i), dest)
				}
				checked++
			}
		}
	}
	if checked < 20000 {
		t.Fatalf("only %d seat-rounds checked", checked)
	}
}

func TestDestructiveMovesDestroyEveryOtherMove(t *testing.T) {
	// Zap (Zombie) and Acid Spray (Clown) are single-use and destructive.
	s := NewRound(nzsc.DefaultRules, lo(nzsc.Ninja, nzsc.Speedy), lo(nzsc.Zombie, nzsc.NoBooster),
		lo(nzsc.Samurai, nzsc.Atlas), lo(nzsc.Clown, nzsc.Moustachio))
	s.Step(Choices{mv(nzsc.Kick), mv(nzsc.Zap), mv(nzsc.Helmet), mv(nzsc.Nose)})
	want := []uint32{1 << nzsc.Kick, 1 << nzsc.Zap, 1 << nzsc.Helmet, 1 << nzsc.Nose}
	for i, w := range want {
		if s.Destroyed(i) != w {
			t.Errorf("Zap: seat %d destroyed %b, want %b", i, s.Destroyed(i), w)
		}
	}
	// Zap and Acid Spray in the same round destroy each other too.
	s = NewRound(nzsc.DefaultRules, lo(nzsc.Zombie, nzsc.NoBooster), lo(nzsc.Clown, nzsc.NoBooster), lo(nzsc.Ninja, nzsc.NoBooster))
	s.Step(Choices{mv(nzsc.Zap), mv(nzsc.AcidSpray), mv(nzsc.Nunchucks)})
	want = []uint32{1 << nzsc.Zap, 1 << nzsc.AcidSpray, 1 << nzsc.Nunchucks}
	for i, w := range want {
		if s.Destroyed(i) != w {
			t.Errorf("Zap+Acid Spray: seat %d destroyed %b, want %b", i, s.Destroyed(i), w)
		}
	}
	// Regenerate is single-use but destroys nobody else's move.
	s = NewRound(nzsc.DefaultRules, lo(nzsc.Zombie, nzsc.Regenerative), lo(nzsc.Clown, nzsc.NoBooster), lo(nzsc.Ninja, nzsc.NoBooster))
	s.Step(Choices{mv(nzsc.Regenerate), mv(nzsc.Nose), mv(nzsc.Kick)})
	want = []uint32{1 << nzsc.Regenerate, 0, 0}
	for i, w := range want {
		if s.Destroyed(i) != w {
			t.Errorf("Regenerate: seat %d destroyed %b, want %b", i, s.Destroyed(i), w)
		}
	}
}

func TestPenaltiesPayEveryOpponent(t *testing.T) {
	base := func() State {
		return NewRound(nzsc.DefaultRules, lo(nzsc.Zombie, nzsc.NoBooster), lo(nzsc.Clown, nzsc.NoBooster),
			lo(nzsc.Ninja, nzsc.NoBooster), lo(nzsc.Samurai, nzsc.Strong))
	}
	// Headstarts of the table: Clown over Ninja, Ninja over Samurai,
	// Samurai over Clown: seats 1, 2 and 3 start with a point.
	start := []int{0, 1, 1, 1}
	cases := []struct {
		waits      [4]uint8
		c          Choices
		wantWaits  []int
		wantPoints []int
		offences   []nzsc.Offence
	}{
		// A nonexistent move costs 4 waits; the turn is void for all.
		{[4]uint8{4, 4, 4, 4}, Choices{nzsc.Unknown, mv(nzsc.Nose), mv(nzsc.Kick), mv(nzsc.Smash)},
			[]int{0, 4, 4, 4}, start, []nzsc.Offence{nzsc.WrongUniverse, 0, 0, 0}},
		// Out of waits: every opponent scores one.
		{[4]uint8{3, 4, 4, 4}, Choices{nzsc.Unknown, mv(nzsc.Nose), mv(nzsc.Kick), mv(nzsc.Smash)},
			[]int{0, 4, 4, 4}, []int{0, 2, 2, 2}, []nzsc.Offence{nzsc.WrongUniverse, 0, 0, 0}},
		// Two offenders out of waits at once: each pays the other and both
		// pay the rest. A Zombie playing Acid Spray (another character's
		// move, 3 waits); a Ninja playing Shadow Slip without its booster
		// (2 waits).
		{[4]uint8{2, 4, 1, 4}, Choices{mv(nzsc.AcidSpray), mv(nzsc.Nose), mv(nzsc.ShadowSlip), mv(nzsc.Smash)},
			[]int{0, 4, 0, 4}, []int{1, 3, 2, 3}, []nzsc.Offence{nzsc.WrongCharacter, 0, nzsc.WrongBooster, 0}},
		// An offender with waits to spare pays only waits.
		{[4]uint8{4, 4, 4, 2}, Choices{mv(nzsc.Rampage), mv(nzsc.Nose), mv(nzsc.Kick), mv(nzsc.Lightning)},
			[]int{4, 4, 4, 0}, start, []nzsc.Offence{0, 0, 0, nzsc.WrongBooster}},
	}
	for i, c := range cases {
		s := base()
		for k, w := range c.waits {
			s.players[k].waits = w
		}
		tr := s.Step(c.c)
		if !tr.Nullified(4) {
			t.Errorf("case %d: turn not nullified", i)
		}
		for seat := range 4 {
			if s.Waits(seat) != c.wantWaits[seat] || s.Points(seat) != c.wantPoints[seat] || tr.Offence(seat) != c.offences[seat] {
				t.Errorf("case %d seat %d: waits %d points %d offence %v, want %d %d %v", i, seat,
					s.Waits(seat), s.Points(seat), tr.Offence(seat), c.wantWaits[seat], c.wantPoints[seat], c.offences[seat])
			}
			if _, n := s.MoveStreak(seat); n != 0 || s.Destroyed(seat) != 0 {
				t.Errorf("case %d seat %d: a nullified turn played moves", i, seat)
			}
		}
	}
}

// stuckZombie makes seat's Zombie/No Booster stuck: Zap spent, Muscle
// destroyed, Rampage played three rounds running.
func stuckZombie(s *State, seat int) { makeStuck(s, seat, nzsc.Rampage, nzsc.Zap, nzsc.Muscle) }

// makeStuck leaves seat with no legal move: gone (spent or destroyed)
// and played three rounds running, so that it may not be played again.
func makeStuck(s *State, seat int, played nzsc.Move, gone ...nzsc.Move) {
	p := &s.players[seat]
	p.destroyed = 0
	for _, m := range gone {
		p.destroyed |= 1 << m
	}
	p.lastMove, p.moveStreak, p.blocked = played, 3, 1<<played
}

func TestStuckPassDoesNotNullifyOthers(t *testing.T) {
	// Three players: the stuck Zombie passes (2 waits), the others play
	// their round, and nobody scores against the Zombie. By the outcome
	// table Kick scores 1 against Nose and Nose nothing against Kick.
	s := NewRound(nzsc.DefaultRules, lo(nzsc.Zombie, nzsc.NoBooster), lo(nzsc.Ninja, nzsc.NoBooster), lo(nzsc.Clown, nzsc.NoBooster))
	stuckZombie(&s, 0)
	if !s.Stuck(0) || s.LegalMask(0) != 0 {
		t.Fatal("seat 0 is not stuck")
	}
	before := s.Scores()
	tr := s.Step(Choices{mv(nzsc.Kick), mv(nzsc.Kick), mv(nzsc.Nose)})
	after := s.Scores()
	if tr.Nullified(3) || tr.Offence(0) != nzsc.Stuck {
		t.Fatalf("nullified %v, seat 0 offence %v: want a standing round and a pass", tr.Nullified(3), tr.Offence(0))
	}
	if s.Waits(0) != 2 || after[0] != before[0] || after[1] != before[1]+1 || after[2] != before[2] {
		t.Fatalf("waits %d, points %v → %v; want 2 waits and only Kick scoring", s.Waits(0), before, after)
	}
	if m, n := s.MoveStreak(1); m != nzsc.Kick || n != 1 {
		t.Fatalf("seat 1 did not play: streak %v×%d", m, n)
	}
	if m, n := s.MoveStreak(0); m != nzsc.Rampage || n != 3 {
		t.Fatalf("the pass changed seat 0's streak: %v×%d", m, n)
	}
	// Out of waits, the stuck player pays every opponent each turn.
	s.Step(Choices{0, mv(nzsc.Nunchucks), mv(nzsc.JugglingKnives)})
	if s.Waits(0) != 0 {
		t.Fatalf("waits %d after two passes, want 0", s.Waits(0))
	}
	p1, p2 := s.Points(1), s.Points(2)
	s.Step(Choices{0, mv(nzsc.Kick), mv(nzsc.Nose)})
	if s.Points(1) != p1+2 || s.Points(2) != p2+1 {
		t.Fatalf("penalty points: %d→%d and %d→%d, want +2 (penalty, and Kick over Nose) and +1", p1, s.Points(1), p2, s.Points(2))
	}
	// Two players: the pass nullifies the round, as in the two-player game.
	s2 := NewRound(nzsc.DefaultRules, lo(nzsc.Zombie, nzsc.NoBooster), lo(nzsc.Clown, nzsc.NoBooster))
	stuckZombie(&s2, 0)
	tr = s2.Step(Choices{0, mv(nzsc.Nose)})
	if !tr.Nullified(2) || s2.Points(1) != 0 || s2.Waits(0) != 2 {
		t.Fatalf("two players: nullified %v points %d waits %d, want a void turn", tr.Nullified(2), s2.Points(1), s2.Waits(0))
	}
}

func TestDeductionRule(t *testing.T) {
	cases := []struct {
		pts      []uint8
		want     []int
		winner   int
		deducted bool
	}{
		{[]uint8{6, 6, 3}, []int{4, 4, 1}, -1, true},
		{[]uint8{7, 5, 2}, []int{5, 3, 0}, 0, true},
		{[]uint8{6, 5, 5}, []int{5, 4, 4}, 0, true},
		{[]uint8{6, 4, 4}, []int{6, 4, 4}, 0, false},
		{[]uint8{3, 5, 4}, []int{3, 5, 4}, 1, false},
		{[]uint8{5, 5}, []int{4, 4}, -1, true},
		{[]uint8{5, 4}, []int{5, 4}, 0, false},
		{[]uint8{5, 5, 5, 0}, []int{4, 4, 4, 0}, -1, true},
		{[]uint8{7, 7, 6, 1}, []int{4, 4, 3, 0}, -1, true},
		{[]uint8{1, 8, 6, 5}, []int{0, 5, 3, 2}, 1, true},
		{[]uint8{4, 4, 4}, []int{4, 4, 4}, -1, false},
		{[]uint8{0, 5, 2, 7}, []int{0, 3, 0, 5}, 3, true},
		{[]uint8{9, 9, 9, 9}, []int{4, 4, 4, 4}, -1, true},
	}
	for i, c := range cases {
		s := New(len(c.pts), nzsc.DefaultRules)
		for k, p := range c.pts {
			s.players[k].points = p
		}
		tr := s.settle(0)
		for k, w := range c.want {
			if s.Points(k) != w {
				t.Errorf("case %d %v: seat %d has %d, want %d", i, c.pts, k, s.Points(k), w)
			}
		}
		if int(s.Winner) != c.winner || s.Over() != (c.winner >= 0) || tr.Deducted() != c.deducted {
			t.Errorf("case %d %v: winner %d over %v deducted %v, want %d %v", i, c.pts, s.Winner, s.Over(), tr.Deducted(), c.winner, c.deducted)
		}
	}
}

func TestFinishingOrder(t *testing.T) {
	cases := []struct {
		pts    []uint8
		winner int8
		want   string
	}{
		{[]uint8{5, 3, 3}, 0, "1-2-2"},
		{[]uint8{1, 5, 3, 1}, 1, "3-1-2-3"},
		{[]uint8{2, 2, 2, 5}, 3, "2-2-2-1"},
		{[]uint8{4, 4, 1}, -1, "1-1-3"}, // turn cap: ranked by score
		{[]uint8{0, 3, 2, 3}, -1, "4-1-3-1"},
		{[]uint8{3, 1}, -1, "1-1"}, // two players: a capped game is a draw
		{[]uint8{5, 1}, 0, "1-2"},
	}
	for i, c := range cases {
		s := New(len(c.pts), nzsc.DefaultRules)
		for k, p := range c.pts {
			s.players[k].points = p
		}
		s.Phase, s.Winner = nzsc.GameOver, c.winner
		o := OutcomeOf(&s)
		if o.String() != c.want || o.Winner != int(c.winner) {
			t.Errorf("case %d %v: %v (winner %d), want %s (winner %d)", i, c.pts, o, o.Winner, c.want, c.winner)
		}
	}
}

func TestTurnCap(t *testing.T) {
	// Seat 2 answers a nonexistent character every turn: out of waits
	// after turn 1, it then pays seats 0 and 1 a point a turn, who reach
	// 4-4 at turn 5 and, from turn 6 on, 5-5 every turn, which the
	// deduction rule takes back to 4-4 (7 times), until the cap ends the
	// game undecided at 4-4-0.
	s := New(3, nzsc.Rules{TurnCap: 12})
	deductions := 0
	for k := 0; !s.Over(); k++ {
		if k > 20 {
			t.Fatal("the game did not stop at the cap")
		}
		if s.Step(Choices{ch(nzsc.Ninja), ch(nzsc.Zombie), nzsc.Unknown}).Deducted() {
			deductions++
		}
	}
	if s.Turn != 12 || s.Winner != -1 || deductions != 7 {
		t.Fatalf("ended at turn %d winner %d after %d deductions, want turn 12, no winner, 7 deductions", s.Turn, s.Winner, deductions)
	}
	if sc := s.Scores(); sc != [4]int{4, 4, 0, 0} {
		t.Fatalf("scores %v, want 4-4-0", sc)
	}
	if o := OutcomeOf(&s); o.String() != "1-1-3" || o.Winner != -1 {
		t.Fatalf("outcome %v winner %d, want 1-1-3 and none", o, o.Winner)
	}
}
