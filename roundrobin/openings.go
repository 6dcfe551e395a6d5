package roundrobin

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/inputfile"
	"github.com/nzsclab/nzsc/internal/suggest"
	"github.com/nzsclab/nzsc/results"
)

// MaxOpenings bounds an openings file: the manifest lists every seed, so
// the run directory stays small.
const MaxOpenings = 100000

// ReadOpenings reads an openings file: one deal seed a line, decimal or
// 0x hex; blank lines and lines starting with # are skipped. The file
// must be a regular file (inputfile) with at least one seed. Its seeds,
// in order, become Config.Openings.
func ReadOpenings(path string) ([]uint64, error) {
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []uint64
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if len(out) == MaxOpenings {
			return nil, fmt.Errorf("%s: more than %d seeds", path, MaxOpenings)
		}
		s, err := game.ParseSeed(t)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %v", path, line, err)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s: a line is too long for a seed", path)
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no seeds (one decimal or 0x-hex seed a line)", path)
	}
	return out, nil
}

// The designs of NZSC openings (--openings loadouts|characters).
const (
	DesignLoadouts   = "loadouts"
	DesignCharacters = "characters"
	// DesignRecords names openings read from game records (ReadPrefixes).
	DesignRecords = "records"
)

// MaxOpeningTallies bounds the openings a run tallies one by one: a run
// with more keeps no per-opening tallies, and its report no narrowing
// line.
const MaxOpeningTallies = results.MaxOpeningTallies

// NZSCDesign returns NZSC's balanced design of openings at g's seats as
// forced first steps, named as game records name actions: for
// "characters" every set of distinct characters, dealt to the seats in
// canonical order (Ninja, Zombie, Samurai, Clown), one step; for
// "loadouts" each of those with every booster of each seat's character
// (No Booster included unless the rules ban it), two steps. A run's
// sets play every order of the bots in the seats, so each bot plays
// each side of each opening: at two seats the 6 character pairings or
// the 54 loadout pairings, seats swapped, cover every ordered pairing
// once. It reads the game through the contract only, so it serves 2,
// 3 and 4 seats alike.
func NZSCDesign(g game.Game, design string) ([][][]string, error) {
	if g.Info().Name != "nzsc" {
		return nil, fmt.Errorf("--openings %s is NZSC's design; %s takes a file of deal seeds or game records", design, g.Info().Name)
	}
	if design != DesignLoadouts && design != DesignCharacters {
		return nil, fmt.Errorf("unknown design %q (known: %s, %s)", design, DesignLoadouts, DesignCharacters)
	}
	n := g.Seats()
	st := g.NewState(0)
	var chars []string
	for _, a := range st.Legal(0, nil) {
		chars = append(chars, st.Observe(0).ActionString(a))
	}
	var out [][][]string
	for _, pick := range combinations(len(chars), n) {
		step := make([]string, n)
		for s, c := range pick {
			step[s] = chars[c]
		}
		if design == DesignCharacters {
			out = append(out, [][]string{step})
			continue
		}
		st := g.NewState(0)
		if err := game.Advance(g, st, [][]string{step}, true, nil); err != nil {
			return nil, fmt.Errorf("nzsc: %v", err) // the rules' own characters: cannot happen
		}
		boosters := make([][]string, n)
		for s := range n {
			for _, a := range st.Legal(s, nil) {
				boosters[s] = append(boosters[s], st.Observe(s).ActionString(a))
			}
		}
		for _, bs := range product(boosters) {
			out = append(out, [][]string{step, bs})
		}
	}
	return out, nil
}

// combinations lists the k-subsets of 0..n-1 in increasing order, each
// increasing.
func combinations(n, k int) [][]int {
	var out [][]int
	var rec func(from int, cur []int)
	rec = func(from int, cur []int) {
		if len(cur) == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := from; i < n; i++ {
			rec(i+1, append(cur, i))
		}
	}
	rec(0, make([]int, 0, k))
	return out
}

// product lists every choice of one name from each list, the last
// list's varying fastest.
func product(lists [][]string) [][]string {
	out := [][]string{nil}
	for _, l := range lists {
		var next [][]string
		for _, pre := range out {
			for _, x := range l {
				next = append(next, append(slices.Clone(pre), x))
			}
		}
		out = next
	}
	return out
}

// opening is one opening ready to play: its forced steps by name (the
// records' first turns) and as actions, and for two-player NZSC the
// engine's state after them and their turns (the fast table's start).
type opening struct {
	names [][]string
	acts  [][]game.Action
	start nzsc.State
	turns []nzsc.Turn
}

// numOpenings returns the number of the run's openings (0: none).
func (c *Config) numOpenings() int { return max(len(c.Openings), len(c.Prefixes)) }

// openings returns the run's openings ready to play (nil for a run of
// deal seeds only, or none), each forced prefix checked: every name
// legal where it is played, the game not over after it.
func (c *Config) openings() ([]opening, error) {
	if len(c.Prefixes) == 0 {
		return nil, nil
	}
	g := c.game()
	out := make([]opening, len(c.Prefixes))
	for i, steps := range c.Prefixes {
		var deal uint64
		if len(c.Openings) > 0 {
			deal = c.Openings[i]
		}
		o, err := prefixOpening(g, deal, steps)
		if err != nil {
			return nil, fmt.Errorf("opening %d: %v", i+1, err)
		}
		out[i] = o
	}
	return out, nil
}

// prefixOpening checks steps as an opening of g dealt from deal and
// returns it ready to play.
func prefixOpening(g game.Game, deal uint64, steps [][]string) (opening, error) {
	o := opening{names: steps}
	if len(steps) == 0 {
		return o, errors.New("no steps")
	}
	st := g.NewState(deal)
	err := game.Advance(g, st, steps, true, func(_ int, s *game.Step) { o.acts = append(o.acts, s.Acts) })
	switch {
	case err != nil:
		return o, err
	case st.Over():
		return o, fmt.Errorf("its %d steps end the game", len(steps))
	}
	if gs, ok := st.(*nzsc.GameState); ok {
		o.start, o.turns = gs.State, gs.History
	}
	return o, nil
}

// ReadPrefixes reads an openings file of game records (docs/records.md;
// gzip when the name ends in .gz), every one of g, its seats and its
// rules, holding its turns: the first steps turns of each (all of its
// turns when steps is 0) are one opening, which must be legal and must
// not end the game. It returns the openings in order and, for a game of
// chance, the records' seeds, whose deals the turns were played on.
// Any other record is a one-line error naming it (from 0, as nzsc
// replay counts).
func ReadPrefixes(path string, g game.Game, steps int) (prefixes [][][]string, deals []uint64, err error) {
	if steps < 0 {
		return nil, nil, fmt.Errorf("%d opening steps", steps)
	}
	rules := g.Rules()
	i := -1
	err = results.ReadRecords(path, func(r *game.Record) error {
		i++
		if len(prefixes) == MaxOpenings {
			return fmt.Errorf("%s: more than %d records", path, MaxOpenings)
		}
		if !strings.EqualFold(strings.TrimSpace(r.Game), g.Info().Name) || r.Seats != g.Seats() {
			return fmt.Errorf("%s: game %d is of %s for %d seats, the run's is %s for %d", path, i, r.Game, r.Seats, g.Info().Name, g.Seats())
		}
		if rg, err := game.Build(g.Info().Name, r.Seats, r.Rules); err != nil || !maps.Equal(rg.Rules(), rules) {
			return fmt.Errorf("%s: game %d is played under rules %v, the run's are %v", path, i, r.Rules, rules)
		}
		k := steps
		switch {
		case r.Turns == nil:
			return fmt.Errorf("%s: game %d holds no turns (a record at level outcome)", path, i)
		case k == 0:
			k = len(r.Turns)
		case k > len(r.Turns):
			return fmt.Errorf("%s: game %d holds %d turns, fewer than the %d opening steps", path, i, len(r.Turns), k)
		}
		seed, _ := game.ParseSeed(r.Seed) // Check has read it
		pre := r.Turns[:k]
		if _, err := prefixOpening(g, seed, pre); err != nil {
			if steps == 0 && len(pre) == len(r.Turns) {
				return fmt.Errorf("%s: game %d: %v (--opening-steps K takes its first K)", path, i, err)
			}
			return fmt.Errorf("%s: game %d: %v", path, i, err)
		}
		prefixes = append(prefixes, pre)
		deals = append(deals, seed)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if len(prefixes) == 0 {
		return nil, nil, fmt.Errorf("%s: no game records", path)
	}
	if !g.Info().Chance {
		deals = nil // the seed deals nothing: the run's own seeds seed the bots
	}
	return prefixes, deals, nil
}

// IsRecords reports whether an openings file holds game records (its
// first line that is not blank opens a JSON object) rather than deal
// seeds. A file that cannot be read is left to the reader to report.
func IsRecords(path string) bool {
	f, err := inputfile.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if strings.HasSuffix(path, ".gz") {
		return true // seeds are plain text
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if t := strings.TrimSpace(sc.Text()); t != "" {
			return strings.HasPrefix(t, "{")
		}
	}
	return false
}

// startState returns o's state for a game of g dealt from deal: the
// game's first state with the opening's steps applied.
func (o *opening) startState(g game.Game, deal uint64) game.State {
	st := g.NewState(deal)
	for _, acts := range o.acts {
		if err := st.Apply(acts); err != nil {
			panic("roundrobin: an opening checked legal was refused: " + err.Error())
		}
	}
	return st
}

// SetOpenings sets the run's openings from --openings spec: NZSC's
// balanced designs by name (DesignLoadouts, DesignCharacters), else a
// file of game records (ReadPrefixes, the first steps of each: all its
// turns when steps is 0) or of deal seeds (ReadOpenings). steps other
// than 0 is for a file of records only. c.Game must be set.
func (c *Config) SetOpenings(spec string, steps int) error {
	g := c.game()
	switch {
	case steps < 0:
		return fmt.Errorf("--opening-steps must not be negative, got %d", steps)
	case spec == DesignLoadouts || spec == DesignCharacters:
		if steps != 0 {
			return fmt.Errorf("--opening-steps is for a file of game records; the %s design forces its own steps", spec)
		}
		p, err := NZSCDesign(g, spec)
		if err != nil {
			return err
		}
		c.Prefixes, c.Design = p, spec
	case IsRecords(spec):
		p, deals, err := ReadPrefixes(spec, g, steps)
		if err != nil {
			return err
		}
		c.Prefixes, c.Openings, c.Design = p, deals, DesignRecords
	default:
		if steps != 0 {
			return fmt.Errorf("--opening-steps is for a file of game records; %s holds deal seeds", spec)
		}
		seeds, err := ReadOpenings(spec)
		if d := suggest.Nearest(spec, []string{DesignLoadouts, DesignCharacters}); errors.Is(err, fs.ErrNotExist) && d != "" {
			// "Loadouts", "loadout": a design mistyped, not a file gone.
			return fmt.Errorf("%v (did you mean the design %s?)", err, d)
		}
		if err != nil {
			return err
		}
		c.Openings = seeds
	}
	return nil
}
