package solve

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// MaxSweep bounds the number of variants one sweep solves (each takes
// seconds to a minute).
const MaxSweep = 200

// ExpandRules reads rules settings for a sweep (as given to --rule, one
// each) into the variants they span, the cross product of every key's
// values, in order (the last key varying fastest): a value is a single
// one ("7"), an integer range ("3..9") or a list ("on,off", "2,4").
// Every variant is checked (nzsc.ParseRules).
func ExpandRules(settings []string) ([]nzsc.Rules, error) {
	type axis struct {
		key    string
		values []string
	}
	var axes []axis
	seen := map[string]bool{}
	for _, s := range settings {
		k, v, ok := strings.Cut(s, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return nil, fmt.Errorf("rule %q is not key=value", s)
		}
		if seen[k] {
			return nil, fmt.Errorf("rule %q given twice", k)
		}
		if k == "turn_cap" {
			// The solver solves every variant without a cap (endless
			// play is worth 0): each row would be the same game.
			return nil, fmt.Errorf("rule turn_cap: the solver solves the game without a turn cap, so it is no variant to sweep")
		}
		seen[k] = true
		var values []string
		if lo, hi, ok := strings.Cut(v, ".."); ok {
			a, errA := strconv.Atoi(strings.TrimSpace(lo))
			b, errB := strconv.Atoi(strings.TrimSpace(hi))
			if errA != nil || errB != nil || a > b {
				return nil, fmt.Errorf("rule %s=%s: want a range of whole numbers lo..hi", k, v)
			}
			if b-a >= MaxSweep {
				return nil, fmt.Errorf("rule %s=%s: a range of at most %d values", k, v, MaxSweep)
			}
			for n := a; n <= b; n++ {
				values = append(values, strconv.Itoa(n))
			}
		} else {
			for _, x := range strings.Split(v, ",") {
				if x = strings.TrimSpace(x); x == "" {
					return nil, fmt.Errorf("rule %s=%s: an empty value in the list", k, v)
				}
				values = append(values, x)
			}
		}
		axes = append(axes, axis{k, values})
	}
	total := 1
	for _, a := range axes {
		total *= len(a.values)
		if total > MaxSweep {
			return nil, fmt.Errorf("the rules span more than %d variants", MaxSweep)
		}
	}
	out := make([]nzsc.Rules, 0, total)
	for n := range total {
		opts := game.Rules{}
		rest := n
		for i := len(axes) - 1; i >= 0; i-- {
			a := axes[i]
			opts[a.key] = a.values[rest%len(a.values)]
			rest /= len(a.values)
		}
		r, err := nzsc.ParseRules(opts)
		if err != nil {
			return nil, err
		}
		// A variant listed twice (points=3,3; headstarts=on,true)
		// would be solved twice, a minute each, and shown as two rows.
		if slices.Contains(out, r) {
			var name []string
			for _, a := range axes {
				name = append(name, a.key+"="+opts[a.key])
			}
			return nil, fmt.Errorf("the rules list the variant %s twice", strings.Join(name, " "))
		}
		out = append(out, r)
	}
	return out, nil
}

// SweepRow is one solved variant, reduced to what answers a game
// designer's question (is the game balanced, which characters are worth
// picking?).
type SweepRow struct {
	Rules nzsc.Rules
	// Characters is the first seat's character-phase equilibrium at the
	// first pick: each character's weight (the game is symmetric, so the
	// second seat's is the same up to the solver's tolerance).
	Characters [nzsc.NumCharacters]float64
	// Pairs[a][b] is the booster phase of characters a (first seat) and
	// b: its value for a (the value of the character pairing, headstarts
	// included) and both sides' equilibria over their boosters in
	// canonical order (No Booster last; 0 when forbidden).
	Pairs [nzsc.NumCharacters][nzsc.NumCharacters]SweepPair
	// Value is the game's value for the first seat; Gap the largest
	// certificate width anywhere in the game.
	Value, Gap float64
	// States is the number of move-phase states over all pairings.
	States  int
	Elapsed time.Duration
}

// SweepPair is one character pairing's booster phase in a SweepRow.
type SweepPair struct {
	Value float64
	X, Y  [3]float64
}

// Picked returns the characters the first seat's equilibrium picks with
// weight above tol (say 1e-6): the ones worth picking.
func (r *SweepRow) Picked(tol float64) []nzsc.Character {
	var out []nzsc.Character
	for c, w := range r.Characters {
		if w > tol {
			out = append(out, nzsc.Character(c))
		}
	}
	return out
}

// RowOf summarizes a solved game as a SweepRow.
func RowOf(s *Solution) SweepRow {
	row := SweepRow{Rules: s.Rules, Value: s.Value(), Gap: s.Gap, Elapsed: s.Elapsed}
	cs, n := s.Characters.Choices(0)
	for i, c := range cs[:n] {
		row.Characters[c] = s.Characters.X[0][i]
	}
	for a := range nzsc.Character(nzsc.NumCharacters) {
		for b := range nzsc.Character(nzsc.NumCharacters) {
			if a == b {
				continue
			}
			bg := &s.Boosters[a][b]
			p := &row.Pairs[a][b]
			p.Value = bg.Value
			copy(p.X[:], bg.Eq.X[:bg.Game.M])
			copy(p.Y[:], bg.Eq.Y[:bg.Game.N])
		}
	}
	for i := range NumLoadouts {
		for j := range NumLoadouts {
			if p := s.Pairings[i][j]; p != nil {
				row.States += p.States
			}
		}
	}
	return row
}

// SweepProgress is called before each variant is solved, with its index
// and the number of variants.
type SweepProgress func(i, total int, r nzsc.Rules)

// Sweep solves every variant (SolveRules, on up to workers goroutines
// each) in turn and summarizes each as a SweepRow. On an error or a
// cancelled ctx it returns the rows done so far with the error.
func Sweep(ctx context.Context, variants []nzsc.Rules, workers int, progress SweepProgress) ([]SweepRow, error) {
	if len(variants) > MaxSweep {
		return nil, fmt.Errorf("solve: %d variants, at most %d", len(variants), MaxSweep)
	}
	rows := make([]SweepRow, 0, len(variants))
	for i, r := range variants {
		if progress != nil {
			progress(i, len(variants), r)
		}
		s, err := SolveRules(ctx, r, workers, nil)
		if err != nil {
			return rows, err
		}
		rows = append(rows, RowOf(s))
	}
	return rows, nil
}
