package analysis

import "errors"

// FFASummary is every analysis of a free-for-all run (tables of three or
// more seats), computed once for the tables that show it.
type FFASummary struct {
	Counts *Tournament
	// Ranking is the Plackett–Luce fit of the finishing orders.
	Ranking *Ranking
	// Placings are each bot's average place and win share; Ahead[i][j]
	// how often i finished ahead of j.
	Placings []Placing
	Ahead    [][]Estimate
	// SeatPlaces[s][p] counts games in which seat s finished in place
	// p+1, every table pooled; Seats is the table size.
	SeatPlaces [MaxTableSeats][MaxTableSeats]int64
	Seats      int
	// Games, Undecided (nobody won), Turns over every table.
	Games, Undecided, Turns int64
	// Faults[i] is bot i's forfeits and penalized actions.
	Faults []BotFaults
	// Metagame is the run's many-seat meta-game with its bootstrap
	// intervals (SeatReplicates replicates, seeded by SeatSeed), or nil
	// and MetaError.
	Metagame  *SeatMetagame
	MetaError error
}

// SeatReplicates and SeatSeed set the bootstrap of a free-for-all run's
// meta-game in its report: fewer replicates than the dynamics' 200, as a
// two-seat report's page has (2.4 s of CPU for 12 alike bots at 3 seats,
// 5.4 s at 4: docs/dynamics.md), seeded by a constant so the same counts
// give the same intervals.
const (
	SeatReplicates = 100
	SeatSeed       = 1
)

// SummarizeFFA runs every free-for-all analysis on t. Done, when
// closed (a context's Done: Ctrl-C), stops the meta-game's bootstrap,
// seconds of CPU for many bots, between two replicates, and the
// Plackett–Luce fit, minutes for many bots far apart (ErrFitStopped):
// SummarizeFFA then returns an error wrapping ErrStopped.
func SummarizeFFA(t *Tournament, done <-chan struct{}) (*FFASummary, error) {
	f := t.FinishingOrders()
	s := &FFASummary{Counts: t, Faults: make([]BotFaults, len(t.Bots))}
	var err error
	if s.Ranking, err = PlackettLuceUntil(f, done); err != nil {
		return nil, err
	}
	if s.Placings, err = Placings(f); err != nil {
		return nil, err
	}
	if s.Ahead, err = AheadMatrix(f); err != nil {
		return nil, err
	}
	for i := range t.Tables {
		tb := &t.Tables[i]
		s.Seats = max(s.Seats, len(tb.Bots))
		for seat := range tb.SeatPlaces {
			for p := range tb.SeatPlaces[seat] {
				s.SeatPlaces[seat][p] += tb.SeatPlaces[seat][p]
			}
		}
		for k, b := range tb.Bots {
			s.Faults[b].Forfeits += tb.Forfeits[k]
			s.Faults[b].Illegal += tb.Illegal[k]
			for x, n := range tb.ForfeitKinds[k] {
				s.Faults[b].Kinds[x] += n
			}
		}
		s.Games += tb.Games()
		s.Undecided += tb.Undecided
		s.Turns += tb.Turns
	}
	if s.Games > 0 {
		s.Metagame, s.MetaError = NewSeatMetagame(t, SeatReplicates, SeatSeed, done)
		if errors.Is(s.MetaError, ErrStopped) {
			// Not a meta-game that could not be solved: no report.
			return nil, s.MetaError
		}
	}
	return s, nil
}
