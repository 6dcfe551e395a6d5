package tournament

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"
	"strconv"

	"github.com/nzsclab/nzsc/analysis"
)

// Number is a float64 that encodes to JSON as null when it is NaN or
// infinite (an Elo difference is infinite for a perfect score), since
// JSON has no such numbers.
type Number float64

// MarshalJSON implements json.Marshaler.
func (x Number) MarshalJSON() ([]byte, error) {
	f := float64(x)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

var _ json.Marshaler = Number(0)

// Line is one row of a match summary: A's record over some games with its
// statistics.
type Line struct {
	Games  uint64 `json:"games"`
	Wins   uint64 `json:"wins"`
	Draws  uint64 `json:"draws"`
	Losses uint64 `json:"losses"`
	// Score is (wins + draws/2)/games; ScoreLo, ScoreHi its Wilson 95%
	// interval.
	Score   Number `json:"score"`
	ScoreLo Number `json:"score_lo"`
	ScoreHi Number `json:"score_hi"`
	// Elo is the logistic Elo difference of Score; EloLo, EloHi its 95%
	// interval and EloErr the symmetric ± (see Summarize for the model).
	Elo    Number `json:"elo"`
	EloLo  Number `json:"elo_lo"`
	EloHi  Number `json:"elo_hi"`
	EloErr Number `json:"elo_err"`
	// LOS is the likelihood of superiority Φ((W−L)/√(W+L)).
	LOS Number `json:"los"`
}

// Significant reports whether the Wilson interval of the score excludes
// one half.
func (l *Line) Significant() bool { return l.ScoreLo > 0.5 || l.ScoreHi < 0.5 }

func record(w WDL) analysis.Record {
	return analysis.Record{Wins: int64(w.W), Draws: int64(w.D), Losses: int64(w.L)}
}

func line(w WDL, elo analysis.EloEstimate) Line {
	r := record(w)
	l := Line{Games: w.Games(), Wins: w.W, Draws: w.D, Losses: w.L,
		Score: Number(r.Score()), Elo: Number(elo.Elo), EloLo: Number(elo.Lo), EloHi: Number(elo.Hi),
		EloErr: Number(elo.Err), LOS: Number(analysis.LOS(r.Wins, r.Losses))}
	lo, hi := analysis.Wilson(r.Points(), float64(r.Games()))
	l.ScoreLo, l.ScoreHi = Number(lo), Number(hi)
	return l
}

// PairingLine is A's result with one loadout against one of B's.
type PairingLine struct {
	A string `json:"a"`
	B string `json:"b"`
	Line
}

// Summary is what a match reports: A's results pooled and per seat, the
// pair counts, faults, and per loadout pairing.
type Summary struct {
	// Total pools both seats; its Elo interval comes from the
	// pentanomial pair counts (analysis.EloPairs), because the two games
	// of a pair share a seed and are not independent.
	Total Line `json:"total"`
	// Seats[s] is A's result in seat s; games within a seat are
	// independent, so the Elo interval is the trinomial one
	// (analysis.EloWDL).
	Seats [2]Line `json:"seats"`
	// Pentanomial counts pairs by A's points: 0, ½, 1, 1½, 2.
	Pentanomial [5]uint64 `json:"pentanomial"`
	// Turns is the total number of turns played.
	Turns uint64 `json:"turns"`
	// Faults of A and B.
	Faults [2]Faults `json:"faults"`
	// Pairings lists every loadout pairing that occurred, most games
	// first (ties in loadout order); "none" marks a game that ended
	// before that side's loadout was settled.
	Pairings []PairingLine `json:"pairings"`
	// Picks[bot] maps each loadout to how often the bot settled on it.
	Picks [2]map[string]uint64 `json:"picks"`
}

// Summarize computes the statistics of a match result.
func (r *MatchResult) Summarize() Summary {
	penta := [5]int64{}
	for i, c := range r.Pentanomial {
		penta[i] = int64(c)
	}
	s := Summary{
		Total:       line(r.WDL(), analysis.EloPairs(penta)),
		Pentanomial: r.Pentanomial,
		Turns:       r.Turns,
	}
	for i := range s.Seats {
		s.Seats[i] = line(r.Seat[i], analysis.EloWDL(record(r.Seat[i])))
	}
	c := r.Clone()
	s.Faults = c.Faults
	type cell struct{ a, b int }
	var cells []cell
	for a := range r.Loadouts {
		for b := range r.Loadouts[a] {
			if r.Loadouts[a][b].Games() > 0 {
				cells = append(cells, cell{a, b})
			}
		}
	}
	slices.SortStableFunc(cells, func(x, y cell) int {
		return cmp.Compare(r.Loadouts[y.a][y.b].Games(), r.Loadouts[x.a][x.b].Games())
	})
	s.Pairings = make([]PairingLine, 0, len(cells))
	for _, c := range cells {
		w := r.Loadouts[c.a][c.b]
		s.Pairings = append(s.Pairings, PairingLine{A: LoadoutSlotName(c.a), B: LoadoutSlotName(c.b),
			Line: line(w, analysis.EloWDL(record(w)))})
	}
	for bot := range s.Picks {
		s.Picks[bot] = map[string]uint64{}
		for i, n := range r.Picks[bot] {
			if n > 0 {
				s.Picks[bot][LoadoutSlotName(i)] = n
			}
		}
	}
	return s
}
