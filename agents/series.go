package agents

// SeriesPlayer is implemented by agents that may learn from one game to
// the next (an exploiter that remembers its opponent). A runner that plays
// games in series calls NewSeries before each series' first game; the
// games of a series are then played in order by the one instance, against
// one opponent, and which games form a series depends only on the run's
// settings (never on the number of workers or shards), so that results
// stay reproducible. An agent carries nothing across games unless
// NewSeries has been called, and nothing from one series into the next:
// a runner that never calls it (a person's game, a bare agents.Table)
// gets within-game learning only.
type SeriesPlayer interface {
	NewSeries()
}

// StartSeries starts a series for bot if it learns across games
// (SeriesPlayer); the runner calls it before a series' first game.
func StartSeries(bot any) {
	if s, ok := bot.(SeriesPlayer); ok {
		s.NewSeries()
	}
}
