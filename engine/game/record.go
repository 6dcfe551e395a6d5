package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/internal/shown"
)

// RecordFormat and RecordVersion name the game-record format: one JSON
// object per game, one game per line (docs/records.md). A reader must
// refuse another format and a newer version.
const (
	RecordFormat  = "nzsc-lab-game"
	RecordVersion = 1
)

// Record is one game as a game record keeps it: enough to replay it through
// the engine and check its result, what PGN is to chess testers.
type Record struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Game, Seats and Rules say which game was played (every rule option,
	// defaults included).
	Game  string `json:"game"`
	Seats int    `json:"seats"`
	Rules Rules  `json:"rules"`
	// Seed is the game's seed, 0x hex.
	Seed string `json:"seed"`
	// Run places the game in its run (empty for a game played alone): the
	// table of the schedule, the set of games sharing a seed, and the
	// game's index in the set.
	Table *int    `json:"table,omitempty"`
	Set   *uint64 `json:"set,omitempty"`
	InSet *int    `json:"game_in_set,omitempty"`
	// Bots names the bot (or person) in each seat.
	Bots []string `json:"bots"`
	// OpeningSteps is the number of first steps a run's opening forced
	// (--openings): those turns are the opening's, not the bots'
	// choices. Zero (absent) for a game the bots played from the start.
	OpeningSteps int `json:"opening_steps,omitempty"`
	// Turns holds every step's actions, one name per seat as the seat's
	// observation names it, "" for a seat that did not decide. Absent in
	// records written at the outcome level.
	Turns [][]string `json:"turns,omitempty"`
	// Result is how the game ended.
	Result RecordResult `json:"result"`
}

// NewRecord returns the header of a record of a game of g played from
// seed by bots (one name per seat, or nil for the caller to fill): format,
// version, game, seats, every rule and the seed. Every writer of records
// starts from it, so that no writer can leave out or spell differently a
// field a reader checks.
func NewRecord(g Game, seed uint64, bots []string) *Record {
	return &Record{Format: RecordFormat, Version: RecordVersion, Game: g.Info().Name,
		Seats: g.Seats(), Rules: g.Rules(), Seed: FormatSeed(seed), Bots: bots}
}

// RecordResult is the end of a recorded game.
type RecordResult struct {
	// Places is each seat's finishing place (1 first, shared when equal).
	Places []int `json:"places"`
	// Winner is the winning seat, or -1 when nobody won.
	Winner int `json:"winner"`
	// Score is each seat's final points.
	Score []int `json:"score"`
	// Steps is the number of steps played (game.State.Turn).
	Steps int `json:"steps"`
	// Forfeit is the seat that forfeited and Fault why, when one did.
	Forfeit *int   `json:"forfeit,omitempty"`
	Fault   string `json:"fault,omitempty"`
}

// SetOutcome fills r's places, winner and score from o.
func (r *RecordResult) SetOutcome(o Outcome) {
	r.Places = make([]int, o.Seats)
	r.Score = make([]int, o.Seats)
	for s := range o.Seats {
		r.Places[s] = int(o.Place[s])
		r.Score[s] = o.Score[s]
	}
	r.Winner = o.Winner
}

// FormatSeed writes a seed as the lab writes seeds everywhere: 0x hex.
func FormatSeed(seed uint64) string { return "0x" + strconv.FormatUint(seed, 16) }

// ParseSeed reads a 64-bit seed written in decimal or with a 0x prefix in
// hexadecimal. (strconv's base 0 would read a leading 0 as octal, which no
// one means by a seed.)
func ParseSeed(s string) (uint64, error) {
	t := strings.TrimSpace(s)
	base := 10
	if strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X") {
		t, base = t[2:], 16
	}
	v, err := strconv.ParseUint(t, base, 64)
	if err != nil {
		// A seed has at most 20 digits: a longer text (a binary file's
		// line named as openings) is quoted only in part, so that the
		// error stays one readable line.
		const most = 24
		if len(s) > most {
			return 0, fmt.Errorf("seed %q... (%d bytes) is not a decimal or 0x-hex number below 2^64", s[:most], len(s))
		}
		return 0, fmt.Errorf("seed %q is not a decimal or 0x-hex number below 2^64", s)
	}
	return v, nil
}

// Check reports a record this version cannot read, or one with a field
// out of range or contradicting another: the seats, the bots and the
// names of each turn counted alike, the seed a 64-bit number, the result
// a finishing order (places from 1 to seats, shared as the competition
// ranking "1224" shares them, the winner alone first), the forfeiting
// seat one of the seats with the forfeit's places, the steps as many as
// the turns. It needs no game: Replay checks the rest against the game.
// Every reader of records (a games log, nzsc replay, the Watch page)
// calls it, so that no field is used before it is checked.
func (r *Record) Check() error {
	switch {
	case r.Format != RecordFormat:
		return fmt.Errorf("not a game record (format %q, want %q)", r.Format, RecordFormat)
	case r.Version < 1 || r.Version > RecordVersion:
		return fmt.Errorf("game record version %d is not supported (this program reads up to %d)", r.Version, RecordVersion)
	case r.Seats < 1 || r.Seats > MaxSeats:
		return fmt.Errorf("game record has %d seats; a game has 1 to %d", r.Seats, MaxSeats)
	case len(r.Bots) != r.Seats:
		return fmt.Errorf("game record names %d bot(s) for %d seats", len(r.Bots), r.Seats)
	case len(r.Result.Places) != r.Seats || len(r.Result.Score) != r.Seats:
		return fmt.Errorf("game record's result has the wrong number of seats")
	case r.Table != nil && *r.Table < 0:
		return fmt.Errorf("game record's table is %d; tables count from 0", *r.Table)
	case r.InSet != nil && (*r.InSet < 0 || *r.InSet >= orders(r.Seats)):
		return fmt.Errorf("game record's game_in_set is %d; a set of %d seats has games 0 to %d", *r.InSet, r.Seats, orders(r.Seats)-1)
	case r.OpeningSteps < 0 || r.Result.Steps >= 0 && r.OpeningSteps > r.Result.Steps:
		// (Negative steps are the result's fault, said by its check.)
		return fmt.Errorf("game record's opening_steps is %d; the game has %d steps", r.OpeningSteps, r.Result.Steps)
	}
	for t, acts := range r.Turns {
		if len(acts) != r.Seats {
			return fmt.Errorf("turn %d has %d actions for %d seats", t+1, len(acts), r.Seats)
		}
	}
	if _, err := ParseSeed(r.Seed); err != nil {
		return err
	}
	// The names and the fault are printed as they are (replay --list, the
	// narration, the Watch page): one that acts on the text around it is
	// refused, as every name the lab writes already is (internal/shown).
	for s, name := range r.Bots {
		if err := shown.Check(name); err != nil {
			return fmt.Errorf("game record's bot %d's name %q holds %v", s, name, err)
		}
	}
	if err := shown.Check(r.Result.Fault); err != nil {
		return fmt.Errorf("game record's fault %q holds %v", r.Result.Fault, err)
	}
	return r.Result.check(r.Seats, r.Turns != nil, len(r.Turns))
}

// orders returns the number of games in a set of seats seats: every
// order of the table's bots in the seats.
func orders(seats int) int {
	n := 1
	for i := 2; i <= seats; i++ {
		n *= i
	}
	return n
}

// check reports a result out of range for seats, or contradicting
// itself; turns says whether the record holds its turns (n of them).
func (r *RecordResult) check(seats int, turns bool, n int) error {
	if r.Winner < -1 || r.Winner >= seats {
		return fmt.Errorf("game record's winner is %d; want -1 (nobody) or a seat from 0 to %d", r.Winner, seats-1)
	}
	for s, p := range r.Places {
		if p < 1 || p > seats {
			return fmt.Errorf("game record's result gives seat %d place %d; places run from 1 to %d", s, p, seats)
		}
		ahead := 0
		for _, q := range r.Places {
			if q < p {
				ahead++
			}
		}
		if p != ahead+1 {
			return fmt.Errorf("game record's places %v are no finishing order (seat %d has place %d with %d seats ahead)", r.Places, s, p, ahead)
		}
	}
	if r.Winner >= 0 {
		for s, p := range r.Places {
			if (p == 1) != (s == r.Winner) {
				return fmt.Errorf("game record's winner is seat %d but its places are %v", r.Winner, r.Places)
			}
		}
	}
	switch {
	case r.Steps < 0:
		return fmt.Errorf("game record's result has %d steps", r.Steps)
	case turns && r.Steps != n:
		return fmt.Errorf("game record's result says %d steps but it holds %d turns", r.Steps, n)
	case r.Forfeit == nil && r.Fault != "":
		return fmt.Errorf("game record gives a fault (%q) but no seat forfeited", r.Fault)
	case r.Forfeit == nil:
		return nil
	case *r.Forfeit < 0 || *r.Forfeit >= seats:
		return fmt.Errorf("game record's forfeit is seat %d; seats run from 0 to %d", *r.Forfeit, seats-1)
	}
	f := Forfeit(seats, *r.Forfeit)
	for s := range seats {
		if r.Places[s] != int(f.Place[s]) || r.Winner != f.Winner {
			return fmt.Errorf("game record says seat %d forfeited, but its places are %v and winner %d (a forfeit gives %s and winner %d)",
				*r.Forfeit, r.Places, r.Winner, f, f.Winner)
		}
	}
	return nil
}

// Step is one step of a replayed game: the states before and after it,
// the actions applied, and their names as the record gave them.
type Step struct {
	Before, After State
	Acts          []Action
	Names         []string
}

// Replay plays r through g (which must be the record's game, seats and
// rules) and calls visit, when not nil, after each step is applied. It
// returns the final state. A name the game cannot read, an action that is
// not legal where the game forfeits illegal actions, or a result that is
// not the record's is an error naming the turn.
func Replay(g Game, r *Record, visit func(turn int, s *Step)) (State, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	if r.Turns == nil && r.Result.Steps > 0 {
		return nil, fmt.Errorf("game record holds only the outcome (written at level outcome); it cannot be replayed")
	}
	if g.Seats() != r.Seats || !strings.EqualFold(g.Info().Name, strings.TrimSpace(r.Game)) {
		return nil, fmt.Errorf("game record is of %s for %d seats, not %s for %d", r.Game, r.Seats, g.Info().Name, g.Seats())
	}
	seed, _ := ParseSeed(r.Seed)
	st := g.NewState(seed)
	if err := Advance(g, st, r.Turns, g.Info().IllegalForfeits, visit); err != nil {
		return st, err
	}
	if err := checkEnd(st, r); err != nil {
		return st, err
	}
	return st, nil
}

// Advance applies turns (one name per seat a step, "" for a seat that
// does not decide, as records keep them) to st, a state of g, calling
// visit, when not nil, after each step. A name the game cannot read, a
// turn after the end, or, when legalOnly is set, an action outside
// State.Legal is an error naming the turn. Replay reads a record's
// turns with it, and a run's openings (forced first steps) are checked
// and applied with it.
func Advance(g Game, st State, turns [][]string, legalOnly bool, visit func(turn int, s *Step)) error {
	seats := g.Seats()
	acts := make([]Action, seats)
	var legal []Action
	var toAct []int
	for t, names := range turns {
		if st.Over() {
			return fmt.Errorf("turn %d: the game was already over", t+1)
		}
		if len(names) != seats {
			return fmt.Errorf("turn %d has %d actions for %d seats", t+1, len(names), seats)
		}
		for s := range acts {
			acts[s] = Pass
		}
		toAct = st.ToAct(toAct)
		for s, name := range names {
			if name == "" {
				if slices.Contains(toAct, s) {
					// "" is a pass, which only a seat that does not
					// decide makes (a stuck NZSC player).
					return fmt.Errorf("turn %d: seat %d decides but the record gives it no action", t+1, s)
				}
				continue
			}
			if !slices.Contains(toAct, s) {
				return fmt.Errorf("turn %d: seat %d acts (%q) but does not decide now", t+1, s, name)
			}
			a, err := st.Observe(s).ParseAction(name)
			if err != nil {
				return fmt.Errorf("turn %d: seat %d: %v", t+1, s, err)
			}
			if legalOnly {
				legal = st.Legal(s, legal)
				if !slices.Contains(legal, a) {
					return fmt.Errorf("turn %d: seat %d: %q is not legal", t+1, s, name)
				}
			}
			acts[s] = a
		}
		var before State
		if visit != nil {
			before = st.Clone()
		}
		if err := st.Apply(acts); err != nil {
			return fmt.Errorf("turn %d: %v", t+1, err)
		}
		if visit != nil {
			visit(t+1, &Step{Before: before, After: st, Acts: slices.Clone(acts), Names: names})
		}
	}
	return nil
}

// score returns each seat's points in st as Outcome counts them, which a
// game keeps at any step (a forfeited game's record holds the points of
// the step where it stopped).
func score(st State) []int {
	o := st.Outcome()
	return o.Score[:o.Seats]
}

// checkEnd compares the replayed end with the record's result.
func checkEnd(st State, r *Record) error {
	if st.Turn() != r.Result.Steps {
		return fmt.Errorf("the moves make %d steps, the record says %d", st.Turn(), r.Result.Steps)
	}
	if r.Result.Forfeit != nil {
		if st.Over() {
			return fmt.Errorf("the record says seat %d forfeited, but its moves end the game", *r.Result.Forfeit)
		}
		// Check has held the places and winner to the forfeit's.
		if sc := score(st); !slices.Equal(sc, r.Result.Score) {
			return fmt.Errorf("seat %d forfeited with score %v, the record says %v", *r.Result.Forfeit, sc, r.Result.Score)
		}
		return nil
	}
	if !st.Over() {
		return fmt.Errorf("after %d turns the game is not over, but the record gives a result", len(r.Turns))
	}
	o := st.Outcome()
	for s := range r.Seats {
		if int(o.Place[s]) != r.Result.Places[s] || o.Score[s] != r.Result.Score[s] {
			return fmt.Errorf("the moves give places %s and score %v, the record %v and %v", o, o.Score[:o.Seats], r.Result.Places, r.Result.Score)
		}
	}
	if o.Winner != r.Result.Winner {
		return fmt.Errorf("the moves give winner %d, the record %d", o.Winner, r.Result.Winner)
	}
	return nil
}
