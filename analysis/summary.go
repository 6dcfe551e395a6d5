package analysis

// Summary is every analysis of a tournament, computed once for the
// tables, CSV files and plots that show it.
type Summary struct {
	Counts    *Tournament
	Cross     *CrossTable
	Ranking   *Ranking
	Metagame  *Metagame
	MetaError error
	// Pooled is the loadout matrix over all games; PerBot[i] bot i's.
	Pooled *LoadoutMatrix
	PerBot []*LoadoutMatrix
	// Picks[i] counts bot i's games per loadout; Unsettled[i] its games
	// that ended before loadouts were settled.
	Picks     [][NumLoadouts]int64
	Unsettled []int64
}

// Summarize runs every analysis on t.
func Summarize(t *Tournament) *Summary {
	s := &Summary{Counts: t, Cross: NewCrossTable(t), Ranking: BradleyTerry(t), Pooled: PooledLoadouts(t)}
	s.Metagame, s.MetaError = NewMetagame(s.Cross)
	for i := range t.Bots {
		s.PerBot = append(s.PerBot, BotLoadouts(t, i))
		p, u := Picks(t, i)
		s.Picks = append(s.Picks, p)
		s.Unsettled = append(s.Unsettled, u)
	}
	return s
}
