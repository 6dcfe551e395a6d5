package analysis

// Summary is every analysis of a tournament, computed once for the
// tables, CSV files and plots that show it.
type Summary struct {
	Counts    *Tournament
	Cross     *CrossTable
	Ranking   *Ranking
	Metagame  *Metagame
	MetaError error
	// Faults[i] is bot i's fault record over all its games.
	Faults []BotFaults
}

// BotFaults is what a bot did wrong over a tournament, as cutechess
// reports time losses and illegal moves: games forfeited (by kind) and
// turns in which its answer was penalized by the rules.
type BotFaults struct {
	Forfeits int64                `json:"forfeits"`
	Kinds    [NumFaultKinds]int64 `json:"-"`
	Illegal  int64                `json:"illegal"`
}

// AnyFaults reports whether some bot forfeited a game or gave an illegal
// answer.
func (s *Summary) AnyFaults() bool {
	for _, f := range s.Faults {
		if f.Forfeits+f.Illegal > 0 {
			return true
		}
	}
	return false
}

// botFaults sums bot i's faults over the pairings it played.
func botFaults(t *Tournament, i int) BotFaults {
	var f BotFaults
	for k := range t.Pairings {
		p := &t.Pairings[k]
		for side, bot := range [2]int{p.A, p.B} {
			if bot != i {
				continue
			}
			f.Forfeits += p.Forfeits[side]
			f.Illegal += p.Illegal[side]
			for x, n := range p.ForfeitKinds[side] {
				f.Kinds[x] += n
			}
		}
	}
	return f
}

// Summarize runs every analysis on t.
func Summarize(t *Tournament) *Summary {
	s, _ := SummarizeUntil(t, nil) // a nil done never stops it
	return s
}

// SummarizeUntil is Summarize stopped by done (a context's Done:
// Ctrl-C), as SummarizeFFA is: closed, it stops the Bradley–Terry fit,
// minutes of CPU for many bots far apart, and returns an error wrapping
// ErrStopped (ErrFitStopped) and no summary.
func SummarizeUntil(t *Tournament, done <-chan struct{}) (*Summary, error) {
	rk, err := BradleyTerryUntil(t, done)
	if err != nil {
		return nil, err
	}
	s := &Summary{Counts: t, Cross: NewCrossTable(t), Ranking: rk}
	s.Metagame, s.MetaError = NewMetagame(s.Cross)
	for i := range t.Bots {
		s.Faults = append(s.Faults, botFaults(t, i))
	}
	return s, nil
}
