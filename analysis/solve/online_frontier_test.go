package solve

// Measurements behind docs/online.md: what an online player of
// two-player NZSC would have to compute at each decision to stay near
// equilibrium, what the exact pieces cost, and how far cheap estimates
// are from the values they stand for. They run only with NZSC_MEASURE=1
// (minutes of CPU), and log; each checks the one thing it can (exact
// values give exploitability 0, a zero noise gives 0).
//
//	NZSC_MEASURE=1 go test -run TestOnline -v ./analysis/solve/

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"os"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

func skipUnlessMeasuring(t *testing.T) {
	if os.Getenv("NZSC_MEASURE") == "" {
		t.Skip("a measurement: set NZSC_MEASURE=1")
	}
}

// TestOnlineCost logs each pairing's move phase: its states, and the CPU
// its graph and its plain solve take (what resolve pays at a pairing's
// first move), and the totals (what it pays at a game's first
// character pick).
func TestOnlineCost(t *testing.T) {
	skipUnlessMeasuring(t)
	ls := nzsc.Loadouts()
	var build, plain time.Duration
	states, worst := 0, time.Duration(0)
	for i, a := range ls {
		for j, b := range ls {
			if j <= i || a.Character == b.Character {
				continue
			}
			t0 := time.Now()
			g := NewGraphRules(nzsc.DefaultRules, a, b)
			t1 := time.Now()
			if _, err := planMoves(context.Background(), g); err != nil {
				t.Fatal(err)
			}
			t2 := time.Now()
			build += t1.Sub(t0)
			plain += t2.Sub(t1)
			states += g.Len()
			worst = max(worst, t2.Sub(t0))
			t.Logf("%-20v %-20v %6d states: graph %8.2f ms, solve %8.2f ms (%.1f µs a state)", a, b, g.Len(),
				ms(t1.Sub(t0)), ms(t2.Sub(t1)), float64(t2.Sub(t0).Microseconds())/float64(g.Len()))
		}
	}
	t.Logf("54 pairings, %d states: graphs %.0f ms, solves %.0f ms (%.1f µs a state); the dearest pairing %.0f ms",
		states, ms(build), ms(plain), float64((build+plain).Microseconds())/float64(states), ms(worst))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// pickExploitPolicy is the mean over both seats of the best response's
// value when the bot plays truth's move phase (so that the response's
// move-phase values are truth's) and pol's booster and character picks.
func pickExploitPolicy(truth *Solution, pol BotPolicy) float64 {
	total := 0.0
	for seat := range 2 {
		x := &Exploit{Seat: seat, Rules: truth.Rules}
		for i := range NumLoadouts {
			for j := range NumLoadouts {
				if p := truth.Pairings[i][j]; p != nil {
					x.Pairings[i][j] = p.Value * float64(1-2*seat)
				}
			}
		}
		x.boosterPhase(pol)
		x.characterPhase(pol)
		total += x.Value / 2
	}
	return total
}

// noise returns a deterministic pseudo-random number in [-1, 1) for k:
// the engine's generator's (k+1)-th draw from state 0, so that nearby
// keys give unrelated numbers.
func noise(k uint64) float64 {
	return float64(rng.Mix((k+1)*rng.Step)>>11)/float64(1<<52) - 1
}

// TestOnlinePicks logs how much the booster and character picks lose
// (the move phase exact) when played uniformly, and when solved from
// pairing values off by a deterministic uniform noise of each amplitude:
// how accurate a pairing-value estimate must be.
func TestOnlinePicks(t *testing.T) {
	skipUnlessMeasuring(t)
	truth, err := Solve(context.Background(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	uniform := func(probs []float64) {
		for i := range probs {
			probs[i] = 1 / float64(len(probs))
		}
	}
	exact := func(st *nzsc.State, seat int, probs []float64) {
		var p [MaxSide]float64
		n, _ := truth.Strategy(st, seat, &p)
		copy(probs, p[:n])
	}
	uniformIn := func(phase nzsc.Phase) BotPolicy {
		return func(st *nzsc.State, seat int, probs []float64) {
			if phase == st.Phase || phase == nzsc.GameOver {
				uniform(probs)
				return
			}
			exact(st, seat, probs)
		}
	}
	if e := pickExploitPolicy(truth, exact); math.Abs(e) > 1e-9 {
		t.Fatalf("exact picks exploitable by %v", e)
	}
	t.Logf("uniform characters, exact boosters: exploitable by %.3f", pickExploitPolicy(truth, uniformIn(nzsc.PickCharacter)))
	t.Logf("exact characters, uniform boosters: exploitable by %.3f", pickExploitPolicy(truth, uniformIn(nzsc.PickBooster)))
	t.Logf("uniform picks: exploitable by %.3f", pickExploitPolicy(truth, uniformIn(nzsc.GameOver)))
	for _, amp := range []float64{0, 0.01, 0.02, 0.05, 0.1, 0.2} {
		worst, sum := 0.0, 0.0
		const draws = 8
		for seed := range uint64(draws) {
			est := pickPhasesFrom(truth.Rules, func(i, j int) float64 {
				lo, hi := min(i, j), max(i, j)
				e := amp * noise(seed<<16|uint64(lo)<<8|uint64(hi))
				if i > j { // a pairing and its mirror image are one estimate
					e = -e
				}
				return max(-1, min(1, truth.Pairings[i][j].Value+e))
			})
			e := pickExploitability(truth, est)
			worst, sum = max(worst, e), sum+e
		}
		if amp == 0 && worst > 1e-9 {
			t.Fatalf("noise 0: exploitable by %v", worst)
		}
		t.Logf("pairing values off by up to ±%.2f (uniform): picks exploitable by %.3f on average, %.3f at worst (%d draws)", amp, sum/draws, worst, draws)
	}
}

// TestOnlineMoves logs how much the move phase loses (the picks exact)
// when each move is the equilibrium of the one-turn game over the
// successors' exact undiscounted values, off by a deterministic uniform
// noise: how good the leaf values of a one-round look-ahead must be.
// Undiscounted values alone do not say how far a win is, and in this
// recursive game a winning player that cannot tell may stall forever (0)
// (Graph.Strategies says how the solver avoids it: discounted values as
// well, and a split rule): with them (the solver's discounted values,
// Discount, split) the look-ahead is near 0; discounting the
// undiscounted values one turn by lookBeta, the winning side on that
// game (split), does not tell it how far the win is.
func TestOnlineMoves(t *testing.T) {
	skipUnlessMeasuring(t)
	ctx := context.Background()
	truth, err := Solve(ctx, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		beta, amp   float64
		split, disc bool
	}{{1, 0, false, false}, {Discount, 0, true, true}, {lookBeta, 0, true, false}, {lookBeta, 0.01, true, false}, {lookBeta, 0.05, true, false}}
	for _, c := range cases {
		beta, amp := c.beta, c.amp
		pol := func(st *nzsc.State, seat int, probs []float64) {
			var p [MaxSide]float64
			if st.Phase != nzsc.PickMove {
				n, _ := truth.Strategy(st, seat, &p)
				copy(probs, p[:n])
				return
			}
			var bufA, bufB [nzsc.MaxChoices]nzsc.Choice
			na, nb := st.Legal(0, &bufA), st.Legal(1, &bufB)
			pair := uint64(LoadoutIndex(st.Loadout(0))*NumLoadouts + LoadoutIndex(st.Loadout(1)))
			var m, md Matrix
			m.M, m.N = na, nb
			md.M, md.N = na, nb
			for i := range na {
				for j := range nb {
					next := *st
					next.Step(bufA[i], bufB[j])
					v, _ := truth.StateValue(&next)
					vd := v
					if next.Phase == nzsc.PickMove {
						cur := moveCur(&next)
						if _, done := terminal(&cur); !done {
							v = max(-1, min(1, v+amp*noise(pair<<32|uint64(KeyOf(&cur)))))
							vd = v
							if c.disc {
								vd, _, _ = truth.Pairing(cur.Loadout(0), cur.Loadout(1)).ValueOf(KeyOf(&cur))
							}
						}
					}
					m.A[i][j], md.A[i][j] = v, beta*vd
				}
			}
			var e, ed Equilibrium
			SolvePure(&m, &e)
			SolvePure(&md, &ed)
			// Split: the side the undiscounted game favours plays the
			// discounted one (progress), the other the undiscounted one.
			// Otherwise both play the discounted game.
			x, y := ed.X, ed.Y
			if c.split {
				if e.Value <= signTol {
					x = e.X
				}
				if e.Value >= -signTol {
					y = e.Y
				}
			}
			src := x[:na]
			if seat == 1 {
				src = y[:nb]
			}
			copy(probs, src)
		}
		total := 0.0
		for seat := range 2 {
			x, err := BestResponseRules(ctx, nzsc.DefaultRules, seat, 0, func() (BotPolicy, error) { return pol, nil }, nil)
			if err != nil {
				t.Fatal(err)
			}
			total += x.Value / 2
		}
		if c.disc && amp == 0 && total > 1e-4 {
			t.Errorf("the solver's own values and rule exploitable by %v: the look-ahead is wrong", total)
		}
		t.Logf("successor values discounted by %v (split %v, the solver's discounted values %v), off by up to ±%.2f (uniform): the move phase exploitable by %.3f", beta, c.split, c.disc, amp, total)
	}
}

// lookBeta is the discount of TestOnlineMoves' one-turn games.
const lookBeta = 0.99

// moveCur returns st as values are computed for it: turn counter
// zeroed and no cap, as the exact solve's states.
func moveCur(st *nzsc.State) nzsc.State {
	cur := *st
	cur.Turn = 0
	cur.TurnCap = solveTurnCap
	return cur
}

// TestOnlineEstimates logs how far cheap estimates of the pairings'
// values are from the exact ones (root mean square and largest error
// over the 108 ordered pairings), what they cost, and how much the picks
// solved from them lose (the move phase exact): the values of smaller
// rule variants, and the streak-free race (streakFree).
func TestOnlineEstimates(t *testing.T) {
	skipUnlessMeasuring(t)
	ctx := context.Background()
	truth, err := Solve(ctx, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	report := func(name string, cost time.Duration, vals func(i, j int) float64) {
		sum, worst, n := 0.0, 0.0, 0
		for i := range NumLoadouts {
			for j := range NumLoadouts {
				if p := truth.Pairings[i][j]; p != nil {
					d := vals(i, j) - p.Value
					sum, worst, n = sum+d*d, max(worst, math.Abs(d)), n+1
				}
			}
		}
		e := pickExploitability(truth, pickPhasesFrom(truth.Rules, vals))
		t.Logf("%s: error rms %.3f, largest %.3f; cost %.0f ms; picks exploitable by %.3f", name, math.Sqrt(sum/float64(n)), worst, ms(cost), e)
	}
	report("exact", truth.Elapsed, func(i, j int) float64 { return truth.Pairings[i][j].Value })
	for _, opts := range [][]string{{"move_streak=2"}, {"points=3"}} {
		rs, err := ExpandRules(opts)
		if err != nil {
			t.Fatal(err)
		}
		v, err := SolveRules(ctx, rs[0], 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		report("the values of "+opts[0], v.Elapsed, func(i, j int) float64 { return v.Pairings[i][j].Value })
	}
	var sf [NumLoadouts][NumLoadouts]float64
	ls := nzsc.Loadouts()
	t0 := time.Now()
	for i, a := range ls {
		for j, b := range ls {
			if j > i && a.Character != b.Character {
				st := nzsc.NewRound(nzsc.DefaultRules, a, b)
				sf[i][j] = newStreakFree(nzsc.DefaultRules, a, b).value(streakFreeKey{uint8(st.Points(0)), uint8(st.Points(1)), 0, 0})
				sf[j][i] = -sf[i][j]
			}
		}
	}
	report("the streak-free race", time.Since(t0), func(i, j int) float64 { return sf[i][j] })
	for d := range 3 {
		var lv [NumLoadouts][NumLoadouts]float64
		h := newLookahead(nzsc.DefaultRules)
		t0 := time.Now()
		for i, a := range ls {
			for j, b := range ls {
				if j > i && a.Character != b.Character {
					st := nzsc.NewRound(nzsc.DefaultRules, a, b)
					lv[i][j] = h.value(&st, d)
					lv[j][i] = -lv[i][j]
				}
			}
		}
		report(fmt.Sprintf("a %d-round look-ahead with race leaves (TestOnlineLookahead)", d), time.Since(t0), func(i, j int) float64 { return lv[i][j] })
	}
}

// streakFree is the move phase of a pairing with the three-in-a-row
// rule dropped: a state is both scores and both destroyed sets, and a
// round either leaves it as it was or moves on (scores up, destroyed
// sets grow, or a tie at the winning score back to one less), so it is
// solved backwards in one pass, a self-loop by bisection. Rounds are the
// engine's (PairPoints, SingleUseMask, DestructiveMask).
type streakFree struct {
	a, b   nzsc.Loadout
	win    uint8
	strong [2]bool
	memo   map[streakFreeKey]float64
}

type streakFreeKey struct {
	pa, pb uint8
	da, db uint32
}

func newStreakFree(r nzsc.Rules, a, b nzsc.Loadout) *streakFree {
	return &streakFree{a: a, b: b, win: r.Normalized().Points,
		strong: [2]bool{a.Booster == nzsc.Strong, b.Booster == nzsc.Strong},
		memo:   map[streakFreeKey]float64{}}
}

func lostBy(mine, theirs nzsc.Move) uint32 {
	return nzsc.SingleUseMask&(1<<mine) | (nzsc.DestructiveMask>>theirs&1)<<mine
}

func (r *streakFree) value(k streakFreeKey) float64 {
	if v, ok := r.memo[k]; ok {
		return v
	}
	avA, avB := r.a.Moves()&^k.da, r.b.Moves()&^k.db
	v := 0.0
	switch {
	case avA == 0 && avB == 0:
		v = float64(sgn(int(k.pa) - int(k.pb)))
	case avA == 0:
		v = -1
	case avB == 0:
		v = 1
	default:
		var g Matrix
		var loop [MaxSide][MaxSide]bool
		anyLoop := false
		for ma := avA; ma != 0; ma &= ma - 1 {
			i := nzsc.Move(bits.TrailingZeros32(ma))
			g.N = 0
			for mb := avB; mb != 0; mb &= mb - 1 {
				j := nzsc.Move(bits.TrailingZeros32(mb))
				ga, gb := nzsc.PairPoints(i, j, r.strong[0], r.strong[1])
				next := streakFreeKey{k.pa + ga, k.pb + gb, k.da | lostBy(i, j), k.db | lostBy(j, i)}
				x := 0.0
				switch {
				case max(next.pa, next.pb) >= r.win && next.pa != next.pb:
					x = float64(sgn(int(next.pa) - int(next.pb)))
				case max(next.pa, next.pb) >= r.win:
					next.pa, next.pb = r.win-1, r.win-1
					fallthrough
				default:
					if next == k {
						loop[g.M][g.N], anyLoop = true, true
					} else {
						x = r.value(next)
					}
				}
				g.A[g.M][g.N] = x
				g.N++
			}
			g.M++
		}
		v = loopValue(&g, &loop, anyLoop)
	}
	r.memo[k] = v
	return v
}

func sgn(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// loopValue is the value of a one-state game whose cells in loop lead
// back to the state: the fixed point of v = val(g, loop cells Discount
// v), by bisection (a contraction: one fixed point).
func loopValue(g *Matrix, loop *[MaxSide][MaxSide]bool, anyLoop bool) float64 {
	var e Equilibrium
	if !anyLoop {
		SolveMatrix(g, &e)
		return e.Value
	}
	lo, hi := -1.0, 1.0
	for range 40 {
		mid := (lo + hi) / 2
		h := *g
		for i := range h.M {
			for j := range h.N {
				if loop[i][j] {
					h.A[i][j] = Discount * mid
				}
			}
		}
		SolveMatrix(&h, &e)
		if e.Value > mid {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// TestOnlineLookahead logs the exploitability of depth-limited
// backward induction with race estimates at its leaves (lookahead): the
// moves the equilibrium of the one-turn game over the successors' values
// at depth-1, the picks solved from the pairings' values at depth picks;
// and the most matrix games one decision solved from a cold start.
func TestOnlineLookahead(t *testing.T) {
	skipUnlessMeasuring(t)
	ctx := context.Background()
	for _, c := range []struct{ depth, picks int }{{1, 0}, {2, 2}, {3, 2}} {
		h := newLookahead(nzsc.DefaultRules)
		picks := h.picks(c.picks)
		coldPicks := h.work
		pol := func(st *nzsc.State, seat int, probs []float64) {
			var p [MaxSide]float64
			if st.Phase != nzsc.PickMove {
				n, _ := picks.Strategy(st, seat, &p)
				copy(probs, p[:n])
				return
			}
			var m Matrix
			var e Equilibrium
			h.turnGame(st, c.depth, &m)
			SolvePure(&m, &e)
			src := e.X[:m.M]
			if seat == 1 {
				src = e.Y[:m.N]
			}
			copy(probs, src)
		}
		// The dearest move decision from a cold start: the start of each
		// pairing, with nothing remembered.
		coldMove := 0
		for i, a := range nzsc.Loadouts() {
			for j, b := range nzsc.Loadouts() {
				if a.Character != b.Character && i < j {
					g := newLookahead(nzsc.DefaultRules)
					st := nzsc.NewRound(nzsc.DefaultRules, a, b)
					var m Matrix
					g.turnGame(&st, c.depth, &m)
					coldMove = max(coldMove, g.work)
				}
			}
		}
		total := 0.0
		for seat := range 2 {
			x, err := BestResponseRules(ctx, nzsc.DefaultRules, seat, 1, func() (BotPolicy, error) { return pol, nil }, nil)
			if err != nil {
				t.Fatal(err)
			}
			total += x.Value / 2
		}
		t.Logf("look-ahead depth %d, picks from depth %d: exploitable by %.3f; cold start: %d matrix games for the picks, at most %d for a move", c.depth, c.picks, total, coldPicks, coldMove)
	}
}

// lookahead values move-phase states by depth-limited backward
// induction over the real states: a state's value at depth d >= 1 is the
// value of its one-turn game over its successors' values at d-1; at
// depth 0 the race estimate (leaf). Values are remembered by pairing,
// state key and depth.
type lookahead struct {
	rules nzsc.Rules
	win   int
	memo  map[uint64]float64
	leafs map[uint64][2]float64
	work  int // matrix games solved
}

func newLookahead(r nzsc.Rules) *lookahead {
	n := normalRules(r)
	return &lookahead{rules: n, win: int(n.Normalized().Points), memo: map[uint64]float64{}, leafs: map[uint64][2]float64{}}
}

func (h *lookahead) value(st *nzsc.State, d int) float64 {
	cur := moveCur(st)
	if code, done := terminal(&cur); done {
		return TerminalValue(code)
	}
	key := uint64(KeyOf(&cur)) | uint64(LoadoutIndex(cur.Loadout(0))*NumLoadouts+LoadoutIndex(cur.Loadout(1)))<<32 | uint64(d)<<40
	if v, ok := h.memo[key]; ok {
		return v
	}
	var v float64
	if d <= 0 {
		v = h.leaf(&cur)
	} else {
		var m Matrix
		var e Equilibrium
		h.turnGame(&cur, d, &m)
		SolveMatrix(&m, &e)
		h.work++
		v = e.Value
	}
	h.memo[key] = v
	return v
}

func (h *lookahead) turnGame(st *nzsc.State, d int, m *Matrix) {
	cur := moveCur(st)
	var bufA, bufB [nzsc.MaxChoices]nzsc.Choice
	na, nb := cur.Legal(0, &bufA), cur.Legal(1, &bufB)
	m.M, m.N = na, nb
	for i := range na {
		for j := range nb {
			t := cur
			t.Step(bufA[i], bufB[j])
			m.A[i][j] = h.value(&t, d-1)
		}
	}
}

// leaf is the race estimate: the one-round game of the legal moves
// scored +1 when only the first seat scores, -1 when only the second
// does, is solved; under its equilibrium a round scores for the first
// only with chance pA, for the second only with pB; the estimate is the
// chance of winning a race of such rounds to the winning score, as a
// value in [-1, 1] (0 when no round can score for one side only).
func (h *lookahead) leaf(st *nzsc.State) float64 {
	la, lb := st.LegalMask(0), st.LegalMask(1)
	strongA, strongB := st.Booster(0) == nzsc.Strong, st.Booster(1) == nzsc.Strong
	key := uint64(la) | uint64(lb)<<28
	if strongA {
		key |= 1 << 56
	}
	if strongB {
		key |= 1 << 57
	}
	p, ok := h.leafs[key]
	if !ok {
		var m Matrix
		var e Equilibrium
		var ga, gb [MaxSide][MaxSide]uint8
		for a := la; a != 0; a &= a - 1 {
			m.N = 0
			for b := lb; b != 0; b &= b - 1 {
				x, y := nzsc.PairPoints(nzsc.Move(bits.TrailingZeros32(a)), nzsc.Move(bits.TrailingZeros32(b)), strongA, strongB)
				ga[m.M][m.N], gb[m.M][m.N] = x, y
				m.A[m.M][m.N] = float64(sgn(int(x) - int(y)))
				m.N++
			}
			m.M++
		}
		SolveMatrix(&m, &e)
		h.work++
		for i := range m.M {
			for j := range m.N {
				q := e.X[i] * e.Y[j]
				switch {
				case ga[i][j] > gb[i][j]:
					p[0] += q
				case gb[i][j] > ga[i][j]:
					p[1] += q
				}
			}
		}
		h.leafs[key] = p
	}
	if p[0]+p[1] < 1e-12 {
		return 0
	}
	return 2*raceWin(h.win-st.Points(0), h.win-st.Points(1), p[0]/(p[0]+p[1])) - 1
}

// raceWin is the chance that a side winning each point with chance p
// scores na points before the other scores nb (na, nb >= 1).
func raceWin(na, nb int, p float64) float64 {
	na, nb = max(na, 1), max(nb, 1)
	sum, c := 0.0, 1.0
	for k := range nb {
		if k > 0 {
			c = c * float64(na-1+k) / float64(k) // C(na-1+k, k)
		}
		sum += c * math.Pow(1-p, float64(k))
	}
	return sum * math.Pow(p, float64(na))
}

// picks returns a Solution whose pick phases are solved from the
// pairings' values at depth d.
func (h *lookahead) picks(d int) *Solution {
	ls := nzsc.Loadouts()
	var v [NumLoadouts][NumLoadouts]float64
	for i, a := range ls {
		for j, b := range ls {
			if i < j && a.Character != b.Character {
				st := nzsc.NewRound(h.rules, a, b)
				v[i][j] = h.value(&st, d)
				v[j][i] = -v[i][j]
			}
		}
	}
	return pickPhasesFrom(h.rules, func(i, j int) float64 { return v[i][j] })
}

// TestNoiseSpreads: the measurements' noise is spread over [-1, 1) for
// neighbouring keys (a mean near 0, a spread near uniform's), so that
// "noise up to ±a" is what it says.
func TestNoiseSpreads(t *testing.T) {
	sum, sq := 0.0, 0.0
	const n = 4096
	for k := range uint64(n) {
		x := noise(k)
		if x < -1 || x >= 1 {
			t.Fatalf("noise(%d) = %v", k, x)
		}
		sum, sq = sum+x, sq+x*x
	}
	if mean, v := sum/n, sq/n; math.Abs(mean) > 0.05 || math.Abs(v-1.0/3) > 0.03 {
		t.Errorf("noise over %d neighbouring keys: mean %.3f, mean square %.3f; want 0 and 1/3", n, mean, v)
	}
}

// TestRaceWin: the race formula against cases worked by hand.
func TestRaceWin(t *testing.T) {
	for _, c := range []struct {
		na, nb  int
		p, want float64
	}{{1, 1, 0.3, 0.3}, {2, 1, 0.3, 0.09}, {1, 2, 0.3, 0.3 + 0.7*0.3}, {2, 2, 0.5, 0.5}, {3, 3, 0.5, 0.5}} {
		if got := raceWin(c.na, c.nb, c.p); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("raceWin(%d, %d, %v) = %v, want %v", c.na, c.nb, c.p, got, c.want)
		}
	}
	if s := raceWin(3, 5, 0.4) + raceWin(5, 3, 0.6); math.Abs(s-1) > 1e-12 {
		t.Errorf("the two sides' chances sum to %v", s)
	}
}
