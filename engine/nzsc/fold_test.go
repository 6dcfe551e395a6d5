package nzsc

import "testing"

// The folded tables (roundFold, which Step plays a legal round from, and
// PlayRandom's pairTable and lostTable, roundFold read in the move
// windows) against the rules written plainly: the rulebook's outcome
// table (whose entries TestOutcomeTable checks against the reference),
// the Smash against Shadow Fireball clause, and the single-use and
// destructive moves as the SPEC lists them, by name. Every entry the
// tables hold for two moves is compared, and Step itself against a plain
// round over every loadout pairing, pair of legal moves, streak and score
// that matters, under the shared and variant rules.

// plainPoints is what mine scores against theirs; strong says whether
// each side's booster is Strong.
func plainPoints(mine, theirs Move, mineStrong, theirsStrong bool) uint8 {
	smash, fireball := mustMove("Smash"), mustMove("Shadow Fireball")
	switch {
	case mine == smash && theirs == fireball:
		return b2u(mineStrong)
	case mine == fireball && theirs == smash:
		return b2u(!theirsStrong)
	}
	return outcomeTable[theirs][mine]
}

// plainLost reports whether the player of mine loses it against theirs:
// a single-use move is spent, and a destructive move destroys the
// opponent's move of the round.
func plainLost(mine, theirs Move) bool {
	singleUse := mine == mustMove("Zap") || mine == mustMove("Regenerate") || mine == mustMove("Acid Spray")
	destructive := theirs == mustMove("Zap") || theirs == mustMove("Acid Spray")
	return singleUse || destructive
}

func mustMove(name string) Move {
	m, ok := ParseMove(name)
	if !ok {
		panic("no move " + name)
	}
	return m
}

// TestRoundFoldIsRules compares every entry of roundFold, pairTable and
// lostTable for two moves with the plain rules.
func TestRoundFoldIsRules(t *testing.T) {
	for k := range 4 {
		sa, sb := k>>1 == 1, k&1 == 1
		for ma := Move(0); ma < NumMoves; ma++ {
			for mb := Move(0); mb < NumMoves; mb++ {
				e := roundFold[k][ma][mb]
				r := Turn(e & turnMask)
				ga, gb := plainPoints(ma, mb, sa, sb), plainPoints(mb, ma, sb, sa)
				la, lb := plainLost(ma, mb), plainLost(mb, ma)
				if r.Phase() != PickMove || r.Choice(0) != Choice(ma) || r.Choice(1) != Choice(mb) ||
					r.Gained(0) != ga || r.Gained(1) != gb || r.Nullified() || r.Clash() || r.Setback() {
					t.Errorf("k %d, %v against %v: roundFold's turn %#x, want the move phase, both moves, points %d-%d and nothing else", k, ma, mb, uint32(r), ga, gb)
				}
				if e>>lostFoldA&1 != uint32(b2u(la)) || e>>lostFoldB != uint32(b2u(lb)) {
					t.Errorf("k %d, %v against %v: roundFold loses %d, %d; want %v, %v", k, ma, mb, e>>lostFoldA&1, e>>lostFoldB, la, lb)
				}
				dep := false // the points hang on the Strong boosters
				for k2 := range 4 {
					dep = dep || plainPoints(ma, mb, k2>>1 == 1, k2&1 == 1) != plainPoints(ma, mb, false, false) ||
						plainPoints(mb, ma, k2&1 == 1, k2>>1 == 1) != plainPoints(mb, ma, false, false)
				}
				if got := e>>strongFold&1 == 1; got != dep {
					t.Errorf("k %d, %v against %v: roundFold's Strong flag %v, want %v", k, ma, mb, got, dep)
				}
				ca, cb := ma/7, mb/7
				i, j := ma%7, mb%7
				want := uint32(ga) | uint32(gb)<<8 | 1<<16
				if got := pairTable[ca][cb][k][i<<3|j]; got != want {
					t.Errorf("k %d, %v against %v: pairTable %#x, want %#x", k, ma, mb, got, want)
				}
				wantLost := uint16(b2u(la))<<i | uint16(b2u(lb))<<(7+j)
				if got := lostTable[ca][cb][i<<3|j]; got != wantLost {
					t.Errorf("k %d, %v against %v: lostTable %#x, want %#x", k, ma, mb, got, wantLost)
				}
			}
		}
	}
}

// plainRound plays a round of two legal moves on s the SPEC's way, one
// rule after the other, and returns the turn as its accessors read.
func plainRound(s *State, ma, mb Move) (ga, gb uint8, setback bool) {
	r := s.Rules()
	p, q := &s.players[0], &s.players[1]
	ga = plainPoints(ma, mb, p.booster == Strong, q.booster == Strong)
	gb = plainPoints(mb, ma, q.booster == Strong, p.booster == Strong)
	s.points[0] += ga
	s.points[1] += gb
	if plainLost(ma, mb) {
		p.destroyed |= 1 << ma
	}
	if plainLost(mb, ma) {
		q.destroyed |= 1 << mb
	}
	for seat, m := range [2]Move{ma, mb} {
		x := &s.players[seat]
		if s.lastMove[seat] == m {
			s.moveStreak[seat]++
		} else {
			s.moveStreak[seat] = 1
		}
		s.lastMove[seat] = m
		x.blocked = 0
		if s.moveStreak[seat] >= r.MoveStreak {
			x.blocked = 1 << m
		}
	}
	s.Turn++
	if s.points[0] >= r.Points || s.points[1] >= r.Points {
		switch {
		case s.points[0] > s.points[1]:
			s.Phase, s.Result = GameOver, FirstWins
		case s.points[1] > s.points[0]:
			s.Phase, s.Result = GameOver, SecondWins
		default:
			s.points[0], s.points[1] = r.Points-1, r.Points-1
			setback = true
		}
	}
	if s.Phase != GameOver && int(s.Turn) >= r.TurnCap {
		s.Phase, s.Result = GameOver, Draw
	}
	return ga, gb, setback
}

// TestStepRoundIsPlainRound plays Step's round and plainRound from the
// same states: every loadout pairing, every pair of moves both players
// may play, every streak of the last move (none, the same move up to the
// limit, another move), scores below, at and one short of the winning
// score, a turn cap reached or not, under the shared rules and rules with
// other streak limits, points and no headstarts.
func TestStepRoundIsPlainRound(t *testing.T) {
	rules := []Rules{DefaultRules, {TurnCap: 40, MoveStreak: 2, Points: 3}, {TurnCap: 1000, MoveStreak: 4, Points: 9, NoHeadstarts: true}}
	if testing.Short() {
		rules = rules[:2]
	}
	steps := 0
	for _, r := range rules {
		rn := r.Normalized()
		for _, la := range Loadouts() {
			for _, lb := range Loadouts() {
				start := NewRound(r, la, lb)
				for ma := Move(0); ma < NumMoves; ma++ {
					for mb := Move(0); mb < NumMoves; mb++ {
						if start.players[0].owned>>ma&1 == 0 || start.players[1].owned>>mb&1 == 0 {
							continue
						}
						// Each seat's last move: none, the move itself
						// (streak 1 .. limit-1), or another owned move.
						lastA := lastMoves(start.players[0].owned, ma, rn.MoveStreak)
						lastB := lastMoves(start.players[1].owned, mb, rn.MoveStreak)
						for _, xa := range lastA {
							for _, xb := range lastB {
								for _, pts := range [][2]uint8{{0, 0}, {rn.Points - 1, 0}, {0, rn.Points - 1}, {rn.Points - 1, rn.Points - 1}, {rn.Points - 2, rn.Points - 1}} {
									for _, turn := range []uint16{5, uint16(r.TurnCap - 1)} {
										s := start
										s.lastMove = [2]Move{xa.m, xb.m}
										s.moveStreak = [2]uint8{xa.streak, xb.streak}
										s.points[0], s.points[1] = pts[0], pts[1]
										s.Turn = turn
										want := s
										ga, gb, setback := plainRound(&want, ma, mb)
										got := s
										tr := got.Step(Choice(ma), Choice(mb))
										steps++
										if got != want || tr.Phase() != PickMove || tr.Choice(0) != Choice(ma) || tr.Choice(1) != Choice(mb) ||
											tr.Gained(0) != ga || tr.Gained(1) != gb || tr.Setback() != setback || tr.Nullified() || tr.Clash() {
											t.Fatalf("rules %+v, %v against %v from\n%+v:\nStep gave %+v, turn %#x\nplain round %+v, gains %d-%d, setback %v",
												r, ma, mb, s, got, uint32(tr), want, ga, gb, setback)
										}
									}
								}
							}
						}
					}
				}
			}
		}
	}
	if steps < 100000 {
		t.Fatalf("only %d rounds compared", steps)
	}
	t.Logf("%d rounds compared", steps)
}

type lastMove struct {
	m      Move
	streak uint8
}

// lastMoves lists the move streaks from which m is legal: no move yet, m
// itself from 1 to limit-1 rounds, another owned move for 1 round.
func lastMoves(owned uint32, m Move, limit uint8) []lastMove {
	out := []lastMove{{noMove, 0}}
	for k := uint8(1); k < limit; k++ {
		out = append(out, lastMove{m, k})
	}
	for o := Move(0); o < NumMoves; o++ {
		if owned>>o&1 == 1 && o != m {
			out = append(out, lastMove{o, 1})
			break
		}
	}
	return out
}

// TestPointsAgainstIsRules sums plainPoints over sets of opponent moves:
// every single move, every loadout's moves and random sets, for every
// move and pair of Strong flags.
func TestPointsAgainstIsRules(t *testing.T) {
	sets := []uint32{0, 1<<NumMoves - 1}
	for o := range Move(NumMoves) {
		sets = append(sets, 1<<o)
	}
	for _, l := range Loadouts() {
		sets = append(sets, l.Moves())
	}
	x := uint32(12345)
	for range 200 {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		sets = append(sets, x&(1<<NumMoves-1))
	}
	for k := range 4 {
		mine, theirs := k>>1 == 1, k&1 == 1
		for m := range Move(NumMoves) {
			for _, set := range sets {
				wantG, wantC := 0, 0
				for o := range Move(NumMoves) {
					if set>>o&1 == 1 {
						wantG += int(plainPoints(m, o, mine, theirs))
						wantC += int(plainPoints(o, m, theirs, mine))
					}
				}
				if g, c := PointsAgainst(m, set, mine, theirs); g != wantG || c != wantC {
					t.Fatalf("strong %v/%v, %v against %#x: PointsAgainst %d, %d; want %d, %d", mine, theirs, m, set, g, c, wantG, wantC)
				}
			}
		}
	}
}
