package tournament

import (
	"context"
	"errors"
	"maps"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine"
)

// NumLoadoutSlots is the size of the loadout axis in MatchResult: the 12
// legal loadouts in engine.Loadouts order, then NoLoadout.
const NumLoadoutSlots = 13

// NoLoadout is the loadout slot of a player whose game ended (by penalty
// points or a forfeit) before it reached the move phase.
const NoLoadout = 12

// LoadoutSlot returns l's index in engine.Loadouts (character·3 + the
// booster's place in the character's canonical list), or NoLoadout.
func LoadoutSlot(l engine.Loadout) int {
	if l.Character >= engine.NumCharacters {
		return NoLoadout
	}
	switch {
	case l.Booster == engine.NoBooster:
		return 3*int(l.Character) + 2
	case l.Booster.Owner() == l.Character:
		return 3*int(l.Character) + int(l.Booster)%2
	}
	return NoLoadout
}

// LoadoutSlotName names a loadout slot ("Clown/Moustachio", or "none").
func LoadoutSlotName(i int) string {
	if i < 0 || i >= NoLoadout {
		return "none"
	}
	c := engine.Character(i / 3)
	return engine.Loadout{Character: c, Booster: c.Boosters()[i%3]}.String()
}

// WDL counts wins, draws and losses from one side's point of view.
type WDL struct {
	W uint64 `json:"w"`
	D uint64 `json:"d"`
	L uint64 `json:"l"`
}

// Games returns W+D+L.
func (c WDL) Games() uint64 { return c.W + c.D + c.L }

func (c *WDL) add(o WDL) { c.W += o.W; c.D += o.D; c.L += o.L }

// Faults counts one bot's misbehaviour in a match.
type Faults struct {
	// Forfeits counts games lost because the bot reported a fault.
	Forfeits uint64 `json:"forfeits"`
	// Illegal counts turns in which the bot's choice was penalized (a
	// stuck bot's forced pass is not counted: it had no legal choice).
	Illegal uint64 `json:"illegal"`
	// Kinds splits Forfeits by the fault's kind: the FaultKind() string of
	// a fault error that has that method (such as "timeout", "crash",
	// "protocol"), otherwise "other". Nil when there were no forfeits.
	Kinds map[string]uint64 `json:"kinds,omitempty"`
}

// Total returns Forfeits + Illegal.
func (f *Faults) Total() uint64 { return f.Forfeits + f.Illegal }

// MatchResult is the aggregate of a match between bot A and bot B: counts
// only, from A's point of view unless said otherwise, merged by addition.
// Index 0 of per-bot arrays is A, index 1 is B.
type MatchResult struct {
	// Games and Turns count the games played and their turns (all phases).
	Games uint64 `json:"games"`
	Turns uint64 `json:"turns"`
	// Seat[s] is A's result in the games A played in seat s. The pooled
	// result is Seat[0] + Seat[1] (see WDL).
	Seat [2]WDL `json:"seat"`
	// Pentanomial[k] counts the pairs in which A scored k half-points
	// over the pair's two games (k = 0 … 4: 0, ½, 1, 1½, 2 points).
	Pentanomial [5]uint64 `json:"pentanomial"`
	// Loadouts[a][b] is A's result in the games where A played loadout
	// slot a against B's slot b, seats pooled.
	Loadouts [NumLoadoutSlots][NumLoadoutSlots]WDL `json:"loadouts"`
	// Picks[bot][slot] counts how often each bot settled on each loadout.
	Picks [2][NumLoadoutSlots]uint64 `json:"picks"`
	// Faults[bot] is each bot's fault accounting.
	Faults [2]Faults `json:"faults"`
}

// WDL returns A's pooled result over both seats.
func (r *MatchResult) WDL() WDL {
	w := r.Seat[0]
	w.add(r.Seat[1])
	return w
}

// Merge adds src into r.
func (r *MatchResult) Merge(src *MatchResult) {
	r.Games += src.Games
	r.Turns += src.Turns
	for i := range r.Seat {
		r.Seat[i].add(src.Seat[i])
	}
	for i := range r.Pentanomial {
		r.Pentanomial[i] += src.Pentanomial[i]
	}
	for a := range r.Loadouts {
		for b := range r.Loadouts[a] {
			r.Loadouts[a][b].add(src.Loadouts[a][b])
		}
	}
	for bot := range r.Picks {
		for i := range r.Picks[bot] {
			r.Picks[bot][i] += src.Picks[bot][i]
		}
		f, s := &r.Faults[bot], &src.Faults[bot]
		f.Forfeits += s.Forfeits
		f.Illegal += s.Illegal
		if len(s.Kinds) > 0 {
			if f.Kinds == nil {
				f.Kinds = make(map[string]uint64, len(s.Kinds))
			}
			for k, n := range s.Kinds {
				f.Kinds[k] += n
			}
		}
	}
}

// Clone returns a deep copy of r (the Kinds maps are not shared).
func (r *MatchResult) Clone() MatchResult {
	c := *r
	for i := range c.Faults {
		if c.Faults[i].Kinds != nil {
			c.Faults[i].Kinds = maps.Clone(c.Faults[i].Kinds)
		}
	}
	return c
}

// FaultKinder is implemented by fault errors that say what kind of fault
// they are; Match counts forfeits per kind.
type FaultKinder interface {
	FaultKind() string
}

// FaultKind returns err's kind: the FaultKind of the first error in its
// chain that has one, or "other".
func FaultKind(err error) string {
	var k FaultKinder
	if errors.As(err, &k) {
		return k.FaultKind()
	}
	return "other"
}

// Match is a head-to-head match between two bots. Game pair p plays two
// games from the pair's seed: game 2p with A in seat 0, game 2p+1 with A
// in seat 1 (each seat keeps its random stream, so the bots swap streams
// too: common random numbers).
type Match struct {
	A, B  *agents.Bot
	Rules engine.Rules
	// NoFastPath plays random against random through agents.Table like
	// any other bots instead of the equivalent specialised loop; tests
	// and benchmarks use it to compare the two.
	NoFastPath bool
}

// NewWorker builds one worker with its own instances of both bots. It
// fits Run's newWorker argument.
func (m *Match) NewWorker(int) (Worker[MatchResult], error) {
	a, err := m.A.New()
	if err != nil {
		return nil, err
	}
	b, err := m.B.New()
	if err != nil {
		closeAgent(a)
		return nil, err
	}
	return &matchWorker{table: agents.NewTable(), bots: [2]agents.Agent{a, b}, rules: m.Rules, fast: bothRandom(a, b) && !m.NoFastPath}, nil
}

// Play runs the match over plan; see Run. progress may be nil.
func (m *Match) Play(ctx context.Context, plan Plan, progress *Counter) (Report[MatchResult], error) {
	return Run[MatchResult](ctx, plan, m.NewWorker, progress)
}

type matchWorker struct {
	table *agents.Table
	bots  [2]agents.Agent // A, B
	rules engine.Rules
	// fast selects randomGame, for two uniform random bots; src is its
	// scratch.
	fast bool
	src  [2]engine.Wyrand
}

func closeAgent(a agents.Agent) error {
	if c, ok := a.(agents.Closer); ok {
		return c.Close()
	}
	return nil
}

func (w *matchWorker) Close() error {
	return errors.Join(closeAgent(w.bots[0]), closeAgent(w.bots[1]))
}

func (w *matchWorker) PlayPair(r *MatchResult, _ uint64, seed uint64) error {
	if w.fast {
		st, settled := randomGame(&w.src, w.rules, seed)
		half := r.record(&st, settled, st.Result.Winner(), 0)
		st, settled = randomGame(&w.src, w.rules, seed)
		half += r.record(&st, settled, st.Result.Winner(), 1)
		r.Pentanomial[half]++
		return nil
	}
	o := w.table.Play(w.rules, seed, w.bots[0], w.bots[1])
	half := r.recordOutcome(&o, w.table.History, 0)
	o = w.table.Play(w.rules, seed, w.bots[1], w.bots[0])
	half += r.recordOutcome(&o, w.table.History, 1)
	r.Pentanomial[half]++
	return nil
}

// recordOutcome adds a game played by agents.Table in which A sat in
// seat seatA, with its faults, and returns A's half-points.
func (r *MatchResult) recordOutcome(o *agents.Outcome, history []engine.Turn, seatA int) int {
	// Loadouts are settled once the move phase is reached: a forfeit
	// leaves the state where it stopped; a finished game's last turn says
	// in which phase it ended.
	settled := o.State.Phase == engine.PickMove ||
		len(history) > 0 && history[len(history)-1].Phase() == engine.PickMove
	half := r.record(&o.State, settled, o.Winner(), seatA)
	for _, t := range history {
		if !t.Nullified() {
			continue
		}
		for s := range 2 {
			if off := t.Offence(s); off != engine.NoOffence && off != engine.Stuck {
				r.Faults[s^seatA].Illegal++
			}
		}
	}
	if o.Forfeit >= 0 {
		f := &r.Faults[o.Forfeit^seatA]
		f.Forfeits++
		if f.Kinds == nil {
			f.Kinds = map[string]uint64{}
		}
		f.Kinds[FaultKind(o.Fault)]++
	}
	return half
}

// record adds one finished game in which A sat in seat seatA, won by seat
// winner (-1 for a draw), and returns A's half-points (0 loss, 1 draw,
// 2 win).
func (r *MatchResult) record(s *engine.State, settled bool, winner, seatA int) int {
	r.Games++
	r.Turns += uint64(s.Turn)
	la, lb := NoLoadout, NoLoadout
	if settled {
		la = LoadoutSlot(s.Loadout(seatA))
		lb = LoadoutSlot(s.Loadout(1 - seatA))
	}
	r.Picks[0][la]++
	r.Picks[1][lb]++
	cell := &r.Loadouts[la][lb]
	seat := &r.Seat[seatA]
	switch winner {
	case seatA:
		seat.W++
		cell.W++
		return 2
	case 1 - seatA:
		seat.L++
		cell.L++
		return 0
	}
	seat.D++
	cell.D++
	return 1
}
