package analysis

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/nzsclab/nzsc/engine/game"
)

// Record counts games from one side's point of view.
type Record struct {
	Wins, Draws, Losses int64
}

// Games returns the number of games in r.
func (r Record) Games() int64 { return r.Wins + r.Draws + r.Losses }

// Points returns wins plus half the draws, the score's numerator.
func (r Record) Points() float64 { return float64(r.Wins) + float64(r.Draws)/2 }

// Score returns (wins + draws/2) / games, the project's win rate, or NaN
// for no games.
func (r Record) Score() float64 {
	n := r.Games()
	if n == 0 {
		return nanValue
	}
	return r.Points() / float64(n)
}

// Flip returns the same games seen from the other side.
func (r Record) Flip() Record { return Record{r.Losses, r.Draws, r.Wins} }

// Add returns r + s.
func (r Record) Add(s Record) Record {
	return Record{r.Wins + s.Wins, r.Draws + s.Draws, r.Losses + s.Losses}
}

// MarshalJSON writes a record as [wins, draws, losses]: results files hold
// thousands of them, so the compact form keeps them readable.
func (r Record) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf("[%d,%d,%d]", r.Wins, r.Draws, r.Losses)), nil
}

// UnmarshalJSON reads [wins, draws, losses].
func (r *Record) UnmarshalJSON(b []byte) error {
	var a []int64
	if err := json.Unmarshal(b, &a); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	if len(a) != 3 {
		return fmt.Errorf("record: want [wins,draws,losses], got %d numbers", len(a))
	}
	if a[0] < 0 || a[1] < 0 || a[2] < 0 {
		return fmt.Errorf("record: negative count in %v", a)
	}
	*r = Record{a[0], a[1], a[2]}
	return nil
}

// FaultKinds names the kinds of fault a forfeit is counted under, as
// external bots report them (a timeout, a crash, output that is not a
// protocol message), "other" for anything else, and an illegal action in
// a game that forfeits it (NPZR), and a loss on time under a clock
// (agents.ClockOption: the bot's clock ran out, not one decision's
// timeout). New kinds come last so that files written when there were
// fewer kinds read the same.
var FaultKinds = [NumFaultKinds]string{"timeout", "crash", "protocol", "other", "illegal", "time"}

// NumFaultKinds is the number of fault kinds.
const NumFaultKinds = 6

// otherFault is the index of "other".
const otherFault = 3

// FaultKindIndex returns the index in FaultKinds of kind ("other" for an
// unknown kind).
func FaultKindIndex(kind string) int {
	for i, k := range FaultKinds {
		if k == kind {
			return i
		}
	}
	return otherFault
}

// Pairing holds every count the analyses need for the games between two
// bots, A and B, always from A's point of view. It is a value of fixed
// size: memory does not grow with the number of games.
type Pairing struct {
	// A and B index the tournament's Bots.
	A int `json:"a"`
	B int `json:"b"`
	// Seat[s] is A's record in the games where A sat in seat s.
	Seat [2]Record `json:"seat"`
	// Pentanomial counts seat-swapped game pairs by A's points in the
	// pair: 0, 1/2, 1, 3/2, 2 (LL, LD, WL or DD, WD, WW).
	Pentanomial [5]int64 `json:"pentanomial"`
	// Forfeits[0] counts games A forfeited through a fault, [1] B's;
	// ForfeitKinds splits them by the fault's kind (FaultKinds).
	Forfeits     [2]int64                `json:"forfeits"`
	ForfeitKinds [2][NumFaultKinds]int64 `json:"forfeit_kinds"`
	// Illegal[0] counts turns in which A's choice was penalized, [1] B's.
	Illegal [2]int64 `json:"illegal"`
	// Turns is the total number of turns (all phases) of the games.
	Turns int64 `json:"turns"`
	// Openings, in a run with openings (--openings), holds for each
	// opening its game pairs and A's half-points in them (0 to 4 a
	// pair): the strata of the design, from which the narrowing of the
	// intervals is estimated (OpeningSpread). Absent otherwise.
	Openings [][2]int64 `json:"openings,omitempty"`
}

// Total returns A's record over all games of the pairing.
func (p *Pairing) Total() Record { return p.Seat[0].Add(p.Seat[1]) }

// Games returns the number of games played.
func (p *Pairing) Games() int64 { return p.Total().Games() }

// Merge adds q's counts to p; both must be the same pairing.
func (p *Pairing) Merge(q *Pairing) {
	if p.A != q.A || p.B != q.B {
		panic(fmt.Sprintf("analysis: merging pairing %d-%d into %d-%d", q.A, q.B, p.A, p.B))
	}
	// Per-opening tallies of part of the games would mislead: counts
	// kept without them (written before they were) drop them from the
	// sum, as a game's own tally is dropped (Tournament.Merge).
	pGames, qGames := p.pairs(), q.pairs()
	for s := range p.Seat {
		p.Seat[s] = p.Seat[s].Add(q.Seat[s])
	}
	for i := range p.Pentanomial {
		p.Pentanomial[i] += q.Pentanomial[i]
	}
	for s := range 2 {
		p.Forfeits[s] += q.Forfeits[s]
		for k := range p.ForfeitKinds[s] {
			p.ForfeitKinds[s][k] += q.ForfeitKinds[s][k]
		}
		p.Illegal[s] += q.Illegal[s]
	}
	p.Turns += q.Turns
	switch {
	case q.Openings == nil:
		if qGames > 0 {
			p.Openings = nil
		}
	case p.Openings == nil:
		if pGames == 0 {
			// A copy: p must not share q's counts.
			p.Openings = slices.Clone(q.Openings)
		}
	case len(p.Openings) != len(q.Openings):
		panic(fmt.Sprintf("analysis: merging %d openings into %d", len(q.Openings), len(p.Openings)))
	default:
		for i, o := range q.Openings {
			p.Openings[i][0] += o[0]
			p.Openings[i][1] += o[1]
		}
	}
}

// ClonePairings returns an independent copy of ps: a Pairing holds a
// slice (its per-opening tallies), which a plain copy would share.
func ClonePairings(ps []Pairing) []Pairing {
	out := slices.Clone(ps)
	for i := range out {
		out[i].Openings = slices.Clone(out[i].Openings)
	}
	return out
}

// pairs returns the game pairs counted.
func (p *Pairing) pairs() int64 {
	var n int64
	for _, c := range p.Pentanomial {
		n += c
	}
	return n
}

// Tournament is the aggregated counts of a round robin or gauntlet: the
// bots (by spec) and one Pairing per pair of bots that met, or, for
// tables of three or more seats, one TableCounts per table.
type Tournament struct {
	Bots     []string      `json:"bots"`
	Pairings []Pairing     `json:"pairings"`
	Tables   []TableCounts `json:"tables,omitempty"`
	// Game is the game's own tally of the same games but the forfeited
	// ones (game.Stats), nil for a game that keeps none or when some of
	// the games were counted without it. Statistics only carry it: the
	// game knows what it holds. It is stored apart (results.Counts).
	Game game.Stats `json:"-"`
}

// Merge adds u's counts to t pairing by pairing; both must list the same
// bots and pairings in the same order.
func (t *Tournament) Merge(u *Tournament) error {
	if len(t.Bots) != len(u.Bots) || len(t.Pairings) != len(u.Pairings) || len(t.Tables) != len(u.Tables) {
		return fmt.Errorf("different tournaments: %d bots/%d pairings vs %d/%d",
			len(t.Bots), len(t.Pairings), len(u.Bots), len(u.Pairings))
	}
	for i := range t.Bots {
		if t.Bots[i] != u.Bots[i] {
			return fmt.Errorf("different bots: %q vs %q", t.Bots[i], u.Bots[i])
		}
	}
	for i := range t.Pairings {
		p, q := &t.Pairings[i], &u.Pairings[i]
		if p.A != q.A || p.B != q.B {
			return fmt.Errorf("different pairing %d: %d-%d vs %d-%d", i, p.A, p.B, q.A, q.B)
		}
	}
	for i := range t.Tables {
		if fmt.Sprint(t.Tables[i].Bots) != fmt.Sprint(u.Tables[i].Bots) {
			return fmt.Errorf("different table %d: %v vs %v", i, t.Tables[i].Bots, u.Tables[i].Bots)
		}
	}
	switch {
	case u.Game != nil && t.Game != nil:
		if err := t.Game.Merge(u.Game); err != nil {
			return err
		}
	case u.Game == nil && u.Games() > 0:
		// Some games were counted without the game's tally: a partial
		// tally would mislead, so there is none.
		t.Game = nil
	}
	for i := range t.Pairings {
		t.Pairings[i].Merge(&u.Pairings[i])
	}
	for i := range t.Tables {
		t.Tables[i].Merge(&u.Tables[i])
	}
	return nil
}

// Games returns the number of games in the whole tournament.
func (t *Tournament) Games() int64 {
	var n int64
	for i := range t.Pairings {
		n += t.Pairings[i].Games()
	}
	for i := range t.Tables {
		n += t.Tables[i].Games()
	}
	return n
}

// Against returns bot i's record against bot j over every pairing of the
// two, seen from i.
func (t *Tournament) Against(i, j int) Record {
	var r Record
	for k := range t.Pairings {
		p := &t.Pairings[k]
		switch {
		case p.A == i && p.B == j:
			r = r.Add(p.Total())
		case p.A == j && p.B == i:
			r = r.Add(p.Total().Flip())
		}
	}
	return r
}
