package solve

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/crash"
)

// Pairing is the solved move phase of one ordered loadout pairing,
// reduced to what playing and reporting need: every state's key and
// (discounted) value, sorted by key, and the certified bounds at the
// start.
type Pairing struct {
	A, B nzsc.Loadout
	// Value is the first seat's value from the start of the move phase
	// (headstarts applied): the midpoint of Lower and Upper.
	Value float64
	// Lower is what the first seat's strategy guarantees from the start,
	// Upper what the second seat's concedes at most.
	Lower, Upper float64
	// Gap is the largest certificate width over all the pairing's states.
	Gap float64
	// Keys, Disc and Undisc: every non-terminal state's key (ascending)
	// and its discounted and undiscounted values (MoveSolution.V and V0),
	// from which a player recomputes the certified strategies (see
	// Graph.Strategies).
	Keys         []Key
	Disc, Undisc []float64
	Rules        []Rule
	// ExplicitKeys (ascending) and Explicit: the states with a seat whose
	// rule is explicit (components of Everett's kind) and both seats'
	// strategies there, as solved.
	ExplicitKeys []Key
	Explicit     [][2][MaxSide]float64
	// Stats.
	States, Components, LargestComponent int
	// Mirror, when set, is the pairing B against A, of which this one is
	// the mirror image (the game is the same with the seats swapped, so
	// only one of the two is solved): Value, Lower and Upper are its
	// negated, the state arrays above are empty, and a player looks the
	// mirrored state up there, with the seats swapped.
	Mirror *Pairing

	// memo[k] holds state k's strategies once a player has asked for
	// them (see Solution.Strategy); nil entries are not computed yet.
	memo []atomic.Pointer[memoStrategies]
}

// ValueOf returns the stored values of the state with key k:
// discounted and undiscounted.
func (p *Pairing) ValueOf(k Key) (disc, undisc float64, ok bool) {
	if p.Mirror != nil {
		disc, undisc, ok = p.Mirror.ValueOf(k.Mirror())
		return -disc, -undisc, ok
	}
	i, ok := slices.BinarySearch(p.Keys, k)
	if !ok {
		return 0, 0, false
	}
	return p.Disc[i], p.Undisc[i], true
}

// mirrorOf returns the mirror image of the solved pairing p: B against
// A (see Pairing.Mirror).
func mirrorOf(p *Pairing) *Pairing {
	return &Pairing{A: p.B, B: p.A, Value: -p.Value, Lower: -p.Upper, Upper: -p.Lower, Gap: p.Gap,
		States: p.States, Components: p.Components, LargestComponent: p.LargestComponent, Mirror: p}
}

func newPairing(s *MoveSolution) *Pairing {
	g := s.G
	p := &Pairing{A: g.A, B: g.B, Lower: s.L[0], Upper: s.U[0], Gap: s.Gap(),
		States: g.Len(), Components: s.Components, LargestComponent: s.LargestComponent}
	p.Value = (p.Lower + p.Upper) / 2
	order := make([]int32, g.Len())
	for i := range order {
		order[i] = int32(i)
	}
	keys := make([]Key, g.Len())
	for i := range keys {
		keys[i] = KeyOf(&g.States[i])
	}
	slices.SortFunc(order, func(a, b int32) int { return int(keys[a]) - int(keys[b]) })
	p.memo = make([]atomic.Pointer[memoStrategies], len(order))
	p.Keys = make([]Key, len(order))
	p.Disc = make([]float64, len(order))
	p.Undisc = make([]float64, len(order))
	p.Rules = make([]Rule, len(order))
	for i, k := range order {
		p.Keys[i] = keys[k]
		p.Disc[i], p.Undisc[i], p.Rules[i] = s.V[k], s.V0[k], s.Rule[k]
		if s.Rule[k].first() == explicitSeat || s.Rule[k].second() == explicitSeat {
			p.ExplicitKeys = append(p.ExplicitKeys, keys[k])
			p.Explicit = append(p.Explicit, [2][MaxSide]float64{s.X[k], s.Y[k]})
		}
	}
	return p
}

// NumLoadouts is the number of loadouts (nzsc.Loadouts order).
const NumLoadouts = nzsc.NumLoadouts

// LoadoutIndex is l.Index(), l's position in nzsc.Loadouts().
func LoadoutIndex(l nzsc.Loadout) int { return l.Index() }

// Solution is the solved game: every pairing's move phase, the booster
// phase of every character pair and the character phase.
type Solution struct {
	// Rules are the rules solved (normalized; the turn cap plays no
	// part: endless play is the stochastic game's 0).
	Rules nzsc.Rules
	// Pairings[i][j] is loadout i (first seat) against loadout j, by
	// nzsc.Loadouts() order; nil when the characters are equal or a
	// loadout is forbidden (No Booster under Rules.BoosterRequired).
	Pairings [NumLoadouts][NumLoadouts]*Pairing
	// Boosters[a][b]: the booster phase when the first seat is character
	// a and the second b (a != b).
	Boosters [nzsc.NumCharacters][nzsc.NumCharacters]BoosterGame
	// Characters is the character phase.
	Characters CharacterGame
	// Gap is the largest certificate width anywhere in the game.
	Gap float64
	// Elapsed is the time the solve took.
	Elapsed time.Duration
}

// Solves reports whether s is the solution of the game under rules r
// (their turn cap aside).
func (s *Solution) Solves(r nzsc.Rules) bool { return s.Rules == normalRules(r) }

// Value returns the game's value for the first seat.
func (s *Solution) Value() float64 { return s.Characters.Value }

// Progress is called after each solved pairing with the number done
// and the total; it may be called from several goroutines at once, never
// concurrently with itself.
type Progress func(done, total int)

// Solve solves the whole game under the shared rules, the move phase of
// the 108 ordered pairings on up to workers goroutines (0: GOMAXPROCS),
// then the booster and character phases.
func Solve(ctx context.Context, workers int, progress Progress) (*Solution, error) {
	return SolveRules(ctx, nzsc.DefaultRules, workers, progress)
}

// SolveRules is Solve under rules r (nzsc.Rules; its turn cap plays no
// part). It returns an error for rules out of range.
func SolveRules(ctx context.Context, r nzsc.Rules, workers int, progress Progress) (*Solution, error) {
	if err := r.Check(); err != nil {
		return nil, fmt.Errorf("solve: %w", err)
	}
	start := time.Now()
	ls := nzsc.Loadouts()
	sol := &Solution{Rules: normalRules(r)}
	// One job per unordered pairing: the other order is its mirror image.
	err := forEachPairing(ctx, pairingJobs(sol.Rules, true), workers, progress, func() (struct{}, error) { return struct{}{}, nil }, func(_ struct{}, i, j int) error {
		ms, flipped, err := solvePairing(ctx, sol.Rules, ls[i], ls[j])
		if err != nil {
			return err
		}
		p := newPairing(ms)
		if flipped {
			i, j = j, i
		}
		sol.Pairings[i][j], sol.Pairings[j][i] = p, mirrorOf(p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sol.finish()
	sol.Elapsed = time.Since(start)
	return sol, nil
}

// pairingJob is one pairing for forEachPairing: loadouts i and j, by
// nzsc.Loadouts() order; n is the number of ordered pairings it
// stands for (2 for an unordered one).
type pairingJob struct{ i, j, n int }

// pairingJobs lists the ordered pairings of loadouts with different
// characters allowed under r, or, when unordered, each pair once (i <
// j), largest first (see weight).
func pairingJobs(r nzsc.Rules, unordered bool) []pairingJob {
	ls := nzsc.Loadouts()
	var jobs []pairingJob
	for i, a := range ls {
		for j, b := range ls {
			if a.Character == b.Character || !allowed(r, a) || !allowed(r, b) {
				continue
			}
			switch {
			case !unordered:
				jobs = append(jobs, pairingJob{i, j, 1})
			case i < j:
				jobs = append(jobs, pairingJob{i, j, 2})
			}
		}
	}
	// The Zombie/Regenerative and Clown pairings are the largest.
	slices.SortStableFunc(jobs, func(x, y pairingJob) int { return weight(ls[y.i], ls[y.j]) - weight(ls[x.i], ls[x.j]) })
	return jobs
}

// forEachPairing calls work(w, i, j) once for every job, on up to
// workers goroutines (0: GOMAXPROCS; never more than there are jobs), in
// the jobs' order. Each goroutine
// gets its own w from setup. progress (may be nil) counts the ordered
// pairings of finished jobs. work writes only its own pairing's
// results, so it needs no lock. A panic in a goroutine (a bot's policy
// is called there) ends the work with an error that carries its stack
// (crash.Panic), as the tournament runner's workers do, rather than the
// process with a stack trace.
func forEachPairing[W any](ctx context.Context, jobs []pairingJob, workers int, progress Progress, setup func() (W, error), work func(w W, i, j int) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// More goroutines than jobs would only wait (a user's --workers
	// 100000000 spawned them for minutes before any work).
	workers = min(workers, len(jobs))
	total := 0
	for _, jb := range jobs {
		total += jb.n
	}
	var (
		next, done atomic.Int64
		mu         sync.Mutex
	)
	g, ctx := errgroup.WithContext(ctx)
	for range workers {
		g.Go(func() (err error) {
			defer crash.Recover(&err)
			w, err := setup()
			if err != nil {
				return err
			}
			for {
				k := int(next.Add(1)) - 1
				if k >= len(jobs) {
					return nil
				}
				if err := ctx.Err(); err != nil {
					return err
				}
				if err := work(w, jobs[k].i, jobs[k].j); err != nil {
					return err
				}
				d := int(done.Add(int64(jobs[k].n)))
				if progress != nil {
					mu.Lock()
					progress(d, total)
					mu.Unlock()
				}
			}
		})
	}
	return g.Wait()
}

// NumPairings returns the number of ordered loadout pairings solved under
// r: 108, or 48 when No Booster is forbidden.
func NumPairings(r nzsc.Rules) int {
	n := 0
	for _, a := range nzsc.Loadouts() {
		for _, b := range nzsc.Loadouts() {
			if a.Character != b.Character && allowed(r, a) && allowed(r, b) {
				n++
			}
		}
	}
	return n
}

// allowed reports whether loadout l may be taken under r.
func allowed(r nzsc.Rules, l nzsc.Loadout) bool {
	return !(r.BoosterRequired && l.Booster == nzsc.NoBooster)
}

// normalRules returns r normalized, with the turn cap of the shared
// rules: the form Solution.Rules keeps.
func normalRules(r nzsc.Rules) nzsc.Rules {
	r = r.Normalized()
	r.TurnCap = nzsc.DefaultRules.TurnCap
	return r
}

// weight orders pairings by expected size: Zombie and Clown loadouts
// with boosters have the most states.
func weight(a, b nzsc.Loadout) int {
	w := 0
	for _, l := range [2]nzsc.Loadout{a, b} {
		if l.Character == nzsc.Zombie || l.Character == nzsc.Clown {
			w += 2
		}
		if l.Booster != nzsc.NoBooster {
			w++
		}
	}
	return w
}

// finish solves the booster and character phases from the pairings.
func (s *Solution) finish() {
	for i := range NumLoadouts {
		for j := range NumLoadouts {
			if p := s.Pairings[i][j]; p != nil {
				s.Gap = max(s.Gap, p.Gap)
			}
		}
	}
	for a := range nzsc.Character(nzsc.NumCharacters) {
		for b := range nzsc.Character(nzsc.NumCharacters) {
			if a == b {
				continue
			}
			bg := &s.Boosters[a][b]
			bg.solve(s, a, b)
			s.Gap = max(s.Gap, bg.Upper-bg.Lower)
		}
	}
	s.Characters.Limit = int(s.Rules.Normalized().CharacterStreak)
	s.Characters.solve(s)
	s.Gap = max(s.Gap, s.Characters.Gap)
}

// Pairing returns the solved pairing a against b, or nil.
func (s *Solution) Pairing(a, b nzsc.Loadout) *Pairing {
	return s.Pairings[LoadoutIndex(a)][LoadoutIndex(b)]
}

// BoosterGame is the booster phase of one character pair: rows are the
// first seat's boosters, columns the second's (canonical order; the
// rules' Boosters), entries the pairings' move-phase values.
type BoosterGame struct {
	A, B nzsc.Character
	Game Matrix
	Eq   Equilibrium
	// Value is the first seat's value; Lower is what Eq.X guarantees and
	// Upper what Eq.Y concedes, with every pairing's own certified bounds.
	Value, Lower, Upper float64
}

func (bg *BoosterGame) solve(s *Solution, a, b nzsc.Character) {
	bg.A, bg.B = a, b
	var lo, hi Matrix
	BoosterMatrices(s, a, b, &bg.Game, &lo, &hi)
	SolveMatrix(&bg.Game, &bg.Eq)
	bg.Lower, _ = Bounds(&lo, &bg.Eq.X, &bg.Eq.Y)
	_, bg.Upper = Bounds(&hi, &bg.Eq.X, &bg.Eq.Y)
	bg.Value = (bg.Lower + bg.Upper) / 2
}

// BoosterMatrices fills the booster game of characters a (first seat)
// and b with the pairings' values, lower and upper bounds.
func BoosterMatrices(s *Solution, a, b nzsc.Character, val, lo, hi *Matrix) {
	as, na := s.Rules.Boosters(a)
	bs, nb := s.Rules.Boosters(b)
	for _, m := range [3]*Matrix{val, lo, hi} {
		m.M, m.N = na, nb
	}
	for i, ba := range as[:na] {
		for j, bb := range bs[:nb] {
			p := s.Pairing(nzsc.Loadout{Character: a, Booster: ba}, nzsc.Loadout{Character: b, Booster: bb})
			val.A[i][j], lo.A[i][j], hi.A[i][j] = p.Value, p.Lower, p.Upper
		}
	}
}
