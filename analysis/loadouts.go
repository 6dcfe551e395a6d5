package analysis

import "github.com/nzsclab/nzsc/engine"

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
		for c := engine.Character(0); c < engine.NumCharacters; c++ {
			out = append(out, c.String())
		}
	case ByBooster:
		for b := engine.Booster(0); b < engine.NumBoosters; b++ {
			out = append(out, b.String())
		}
	default:
		for i := range NumLoadouts {
			out = append(out, LoadoutAt(i).String())
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
		return int(LoadoutAt(i).Booster)
	}
	return i
}

// LoadoutMatrix is a loadout-against-loadout record matrix: M[x][y] is
// the record of the side that played x against a side that played y.
type LoadoutMatrix [NumLoadouts][NumLoadouts]Record

// PooledLoadouts returns the matrix over every game of every pairing,
// each game counted once from each side (so M[y][x] is M[x][y] flipped
// and the diagonal scores exactly 1/2).
func PooledLoadouts(t *Tournament) *LoadoutMatrix {
	var m LoadoutMatrix
	for k := range t.Pairings {
		p := &t.Pairings[k]
		for x := range p.Loadouts {
			for y := range p.Loadouts[x] {
				r := p.Loadouts[x][y]
				m[x][y] = m[x][y].Add(r)
				m[y][x] = m[y][x].Add(r.Flip())
			}
		}
	}
	return &m
}

// BotLoadouts returns bot's matrix over its games: rows are the bot's
// loadout, columns its opponents'.
func BotLoadouts(t *Tournament, bot int) *LoadoutMatrix {
	var m LoadoutMatrix
	for k := range t.Pairings {
		p := &t.Pairings[k]
		for x := range p.Loadouts {
			for y := range p.Loadouts[x] {
				r := p.Loadouts[x][y]
				if p.A == bot {
					m[x][y] = m[x][y].Add(r)
				}
				if p.B == bot {
					m[y][x] = m[y][x].Add(r.Flip())
				}
			}
		}
	}
	return &m
}

// Picks returns how many games bot played with each loadout, and how
// many of its games ended before loadouts were settled.
func Picks(t *Tournament, bot int) (picks [NumLoadouts]int64, unsettled int64) {
	m := BotLoadouts(t, bot)
	for x := range m {
		for y := range m[x] {
			picks[x] += m[x][y].Games()
		}
	}
	for k := range t.Pairings {
		p := &t.Pairings[k]
		if p.A == bot || p.B == bot {
			unsettled += p.Unsettled.Games()
		}
	}
	return picks, unsettled
}

// WinRates is a matchup table at one level: each row's win rate against
// each column and against all columns, with Wilson intervals.
type WinRates struct {
	Level  Level
	Labels []string
	// Cells[r][c] is row r's result against column c.
	Cells [][]Estimate
	// Overall[r] is row r's result against every column.
	Overall []Estimate
}

// Collapse groups m at level and returns its win-rate table.
func (m *LoadoutMatrix) Collapse(level Level) *WinRates {
	labels := level.Labels()
	n := len(labels)
	recs := make([][]Record, n)
	for i := range recs {
		recs[i] = make([]Record, n)
	}
	for x := range m {
		for y := range m[x] {
			gx, gy := level.group(x), level.group(y)
			recs[gx][gy] = recs[gx][gy].Add(m[x][y])
		}
	}
	w := &WinRates{Level: level, Labels: labels, Cells: make([][]Estimate, n), Overall: make([]Estimate, n)}
	for r := range n {
		w.Cells[r] = make([]Estimate, n)
		var all Record
		for c := range n {
			w.Cells[r][c] = EstimateOf(recs[r][c])
			all = all.Add(recs[r][c])
		}
		w.Overall[r] = EstimateOf(all)
	}
	return w
}
