package loadouts

import (
	"cmp"
	"slices"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Level is how finely loadout matchups are grouped.
type Level int

// The levels: the 12 loadouts, the 4 characters, the 9 boosters (No
// Booster is one booster across all characters).
const (
	ByLoadout Level = iota
	ByCharacter
	ByBooster
)

// String names the level.
func (l Level) String() string {
	return [...]string{"loadout", "character", "booster"}[l]
}

// Labels returns the row and column labels of a level, in canonical
// order.
func (l Level) Labels() []string {
	var out []string
	switch l {
	case ByCharacter:
		for c := nzsc.Character(0); c < nzsc.NumCharacters; c++ {
			out = append(out, c.String())
		}
	case ByBooster:
		for b := nzsc.Booster(0); b < nzsc.NumBoosters; b++ {
			out = append(out, b.String())
		}
	default:
		for i := range nzsc.NumLoadouts {
			out = append(out, nzsc.LoadoutAt(i).String())
		}
	}
	return out
}

// group maps a loadout index to its row at the level.
func (l Level) group(i int) int {
	switch l {
	case ByCharacter:
		return i / 3
	case ByBooster:
		return int(nzsc.LoadoutAt(i).Booster)
	}
	return i
}

// Matrix is a loadout-against-loadout record matrix: M[x][y] is the
// record of the side that played x against a side that played y
// (indices as nzsc.Loadout.Index).
type Matrix [nzsc.NumLoadouts][nzsc.NumLoadouts]analysis.Record

// record is the game's plain count as the statistics' Record.
func record(r nzsc.WDL) analysis.Record {
	return analysis.Record{Wins: r[0], Draws: r[1], Losses: r[2]}
}

func matrixOf(m *[nzsc.NumLoadouts][nzsc.NumLoadouts]nzsc.WDL) *Matrix {
	var out Matrix
	for x := range m {
		for y, r := range m[x] {
			out[x][y] = record(r)
		}
	}
	return &out
}

// WinRates is a matchup table at one level: each row's win rate against
// each column and against all columns, with Wilson intervals.
type WinRates struct {
	Level  Level
	Labels []string
	// Cells[r][c] is row r's result against column c.
	Cells [][]analysis.Estimate
	// Overall[r] is row r's result against every column.
	Overall []analysis.Estimate
}

// Collapse groups m at level and returns its win-rate table.
func (m *Matrix) Collapse(level Level) *WinRates {
	labels := level.Labels()
	n := len(labels)
	recs := make([][]analysis.Record, n)
	for i := range recs {
		recs[i] = make([]analysis.Record, n)
	}
	for x := range m {
		for y := range m[x] {
			gx, gy := level.group(x), level.group(y)
			recs[gx][gy] = recs[gx][gy].Add(m[x][y])
		}
	}
	w := &WinRates{Level: level, Labels: labels, Cells: make([][]analysis.Estimate, n), Overall: make([]analysis.Estimate, n)}
	for r := range n {
		w.Cells[r] = make([]analysis.Estimate, n)
		var all analysis.Record
		for c := range n {
			w.Cells[r][c] = analysis.EstimateOf(recs[r][c])
			all = all.Add(recs[r][c])
		}
		w.Overall[r] = analysis.EstimateOf(all)
	}
	return w
}

// Stats returns t's game tally when it is two-player NZSC's, else nil.
func Stats(t *analysis.Tournament) *nzsc.Stats {
	st, _ := t.Game.(*nzsc.Stats)
	return st
}

// Summary is a run's loadout analysis, computed once for the tables,
// CSV files and plots that show it.
type Summary struct {
	// Pooled is the loadout matrix over all games, each game counted
	// once from each side (so Pooled[y][x] is Pooled[x][y] flipped and
	// the diagonal scores exactly 1/2); PerBot[i] is bot i's, rows its
	// loadout, columns its opponents'.
	Pooled *Matrix
	PerBot []*Matrix
	// Picks[i] counts bot i's games per loadout; Unsettled[i] its games
	// that ended before loadouts were settled.
	Picks     [][nzsc.NumLoadouts]int64
	Unsettled []int64
}

// Summarize returns the loadout analysis of t, or nil when t holds no
// two-player NZSC tally.
func Summarize(t *analysis.Tournament) *Summary {
	st := Stats(t)
	if st == nil {
		return nil
	}
	pooled, _ := st.Pooled()
	s := &Summary{Pooled: matrixOf(&pooled)}
	for i := range t.Bots {
		m, unsettled := st.Bot(i)
		bm := matrixOf(&m)
		var picks [nzsc.NumLoadouts]int64
		for x := range bm {
			for y := range bm[x] {
				picks[x] += bm[x][y].Games()
			}
		}
		s.PerBot = append(s.PerBot, bm)
		s.Picks = append(s.Picks, picks)
		s.Unsettled = append(s.Unsettled, unsettled)
	}
	return s
}

// PooledPicks returns how many games settled on each loadout, every
// bot's games pooled (a game counts once per side), and their total.
func (s *Summary) PooledPicks() (picks [nzsc.NumLoadouts]int64, total int64) {
	for i := range s.Picks {
		for x, n := range s.Picks[i] {
			picks[x] += n
			total += n
		}
	}
	return picks, total
}

// Unsettled returns the record of p's A in the pairing's games that ended
// before both loadouts were known; zero when t holds no two-player NZSC
// tally.
func Unsettled(t *analysis.Tournament, p *analysis.Pairing) analysis.Record {
	st := Stats(t)
	if st == nil {
		return analysis.Record{}
	}
	pt := st.Pairing(p.A, p.B)
	return record(pt.Unsettled)
}

// unsettledName names the loadout of a game that ended before loadouts
// were settled.
const unsettledName = "none"

// Match adds to a match summary of t's pairing p (analysis.SummarizeMatch)
// its results per loadout pairing, most games first (ties in loadout
// order, "none" last among equals for games that ended before the
// loadouts were settled), and each bot's picks. It does nothing when t
// holds no two-player NZSC tally.
func Match(s *analysis.MatchSummary, t *analysis.Tournament, p *analysis.Pairing) {
	st := Stats(t)
	if st == nil {
		return
	}
	pt := st.Pairing(p.A, p.B)
	type cell struct {
		a, b string
		r    analysis.Record
	}
	var cells []cell
	for x := range pt.Loadouts {
		for y := range pt.Loadouts[x] {
			if r := record(pt.Loadouts[x][y]); r.Games() > 0 {
				cells = append(cells, cell{nzsc.LoadoutAt(x).String(), nzsc.LoadoutAt(y).String(), r})
			}
		}
	}
	if r := record(pt.Unsettled); r.Games() > 0 {
		cells = append(cells, cell{unsettledName, unsettledName, r})
	}
	slices.SortStableFunc(cells, func(x, y cell) int { return cmp.Compare(y.r.Games(), x.r.Games()) })
	for _, c := range cells {
		s.Pairings = append(s.Pairings, analysis.PairingLine{A: c.a, B: c.b, Line: analysis.LineOf(c.r, analysis.EloWDL(c.r))})
	}
	for bot := range s.Picks {
		if s.Picks[bot] == nil {
			s.Picks[bot] = map[string]uint64{}
		}
	}
	for x := range pt.Loadouts {
		for y := range pt.Loadouts[x] {
			if n := uint64(pt.Loadouts[x][y].Games()); n > 0 {
				s.Picks[0][nzsc.LoadoutAt(x).String()] += n
				s.Picks[1][nzsc.LoadoutAt(y).String()] += n
			}
		}
	}
	if n := uint64(pt.Unsettled.Games()); n > 0 {
		s.Picks[0][unsettledName] += n
		s.Picks[1][unsettledName] += n
	}
}
