package analysis

import (
	"encoding/json"

	"github.com/nzsclab/nzsc/internal/numfmt"
)

// Number is a float64 that encodes to JSON as null when it is NaN or
// infinite (an Elo difference is infinite for a perfect score), since
// JSON has no such numbers.
type Number float64

// MarshalJSON implements json.Marshaler.
func (x Number) MarshalJSON() ([]byte, error) {
	return numfmt.AppendJSON(nil, float64(x), -1), nil
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
	// interval and EloErr the symmetric ± (see MatchSummary for the
	// model).
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

// LineOf returns the line of record r, its Elo difference and interval
// elo (EloWDL for independent games, EloPairs for seat-swapped pairs).
func LineOf(r Record, elo EloEstimate) Line {
	l := Line{Games: uint64(r.Games()), Wins: uint64(r.Wins), Draws: uint64(r.Draws), Losses: uint64(r.Losses),
		Score: Number(r.Score()), Elo: Number(elo.Elo), EloLo: Number(elo.Lo), EloHi: Number(elo.Hi),
		EloErr: Number(elo.Err), LOS: Number(LOS(r.Wins, r.Losses))}
	lo, hi := Wilson(r.Points(), float64(r.Games()))
	l.ScoreLo, l.ScoreHi = Number(lo), Number(hi)
	return l
}

// PairingLine is A's result in the games of one kind, A's label against
// B's: for two-player NZSC a loadout against a loadout (package
// analysis/loadouts fills them).
type PairingLine struct {
	A string `json:"a"`
	B string `json:"b"`
	Line
}

// MatchFaults is one bot's misbehaviour in a match.
type MatchFaults struct {
	// Forfeits counts games lost because the bot reported a fault.
	Forfeits uint64 `json:"forfeits"`
	// Illegal counts turns in which the bot's choice was penalized (a
	// stuck bot's forced pass is not counted: it had no legal choice).
	Illegal uint64 `json:"illegal"`
	// Kinds splits Forfeits by the fault's kind (FaultKinds); nil when
	// there were no forfeits.
	Kinds map[string]uint64 `json:"kinds,omitempty"`
}

// Total returns Forfeits + Illegal.
func (f *MatchFaults) Total() uint64 { return f.Forfeits + f.Illegal }

// MatchSummary is what a head-to-head match reports: A's results pooled
// and per seat, the pair counts, faults, and what the game adds: its
// results split by the labels both bots played (for two-player NZSC the
// loadouts).
type MatchSummary struct {
	// Total pools both seats; its Elo interval comes from the
	// pentanomial pair counts (EloPairs), because the two games of a pair
	// share a seed and are not independent.
	Total Line `json:"total"`
	// Seats[s] is A's result in seat s; games within a seat are
	// independent, so the Elo interval is the trinomial one (EloWDL).
	Seats [2]Line `json:"seats"`
	// Pentanomial counts pairs by A's points: 0, ½, 1, 1½, 2.
	Pentanomial [5]uint64 `json:"pentanomial"`
	// NElo is A's normalized Elo from the pair scores with its 95%
	// interval, fastchess's "nElo: x +/- y" (EloFromPentanomial); NaN,
	// null in JSON, when every pair scored alike.
	NElo   Number `json:"nelo"`
	NEloLo Number `json:"nelo_lo"`
	NEloHi Number `json:"nelo_hi"`
	// Turns is the total number of turns played.
	Turns uint64 `json:"turns"`
	// Faults of A and B.
	Faults [2]MatchFaults `json:"faults"`
	// Pairings lists A's results by the labels both bots played, most
	// games first: for two-player NZSC every loadout pairing that
	// occurred, "none" marking a game that ended before the loadouts
	// were settled (analysis/loadouts.Match). Empty for other games.
	Pairings []PairingLine `json:"pairings"`
	// Picks[bot] maps each label to how often the bot played it.
	Picks [2]map[string]uint64 `json:"picks"`
}

// SummarizeMatch computes the statistics of one pairing's games, A's
// point of view.
func SummarizeMatch(p *Pairing) MatchSummary {
	s := MatchSummary{
		Total: LineOf(p.Total(), EloPairs(p.Pentanomial)),
		Turns: uint64(p.Turns),
	}
	for i, n := range p.Pentanomial {
		s.Pentanomial[i] = uint64(n)
	}
	ne := EloFromPentanomial(p.Pentanomial)
	s.NElo, s.NEloLo, s.NEloHi = Number(ne.NElo), Number(ne.NEloLo), Number(ne.NEloHi)
	for i := range s.Seats {
		s.Seats[i] = LineOf(p.Seat[i], EloWDL(p.Seat[i]))
	}
	for bot := range 2 {
		f := MatchFaults{Forfeits: uint64(p.Forfeits[bot]), Illegal: uint64(p.Illegal[bot])}
		for k, n := range p.ForfeitKinds[bot] {
			if n > 0 {
				if f.Kinds == nil {
					f.Kinds = map[string]uint64{}
				}
				f.Kinds[FaultKinds[k]] = uint64(n)
			}
		}
		s.Faults[bot] = f
	}
	s.Pairings = []PairingLine{}
	s.Picks = [2]map[string]uint64{{}, {}}
	return s
}
