package npzr

import (
	"fmt"
	"strconv"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/rng"
)

// This file puts NPZR behind the lab's game contract (package game):
// Game, GameState and the Observation's methods wrap State for the code
// that serves every game. Hot loops call State directly.

// Info describes NPZR for the game registry; package games registers it.
var Info = game.Info{
	Name:            "npzr",
	Title:           "Ninja Pirate Zombie Robot",
	MinSeats:        2,
	MaxSeats:        2,
	Chance:          true,
	Hidden:          true,
	IllegalForfeits: true,
	Rules: []game.RuleOption{
		{Key: "copies", Default: strconv.Itoa(DefaultRules.Copies), Help: "copies of each regular card, 1 to 4 (the 8 wild cards are always single)"},
		{Key: "turn_cap", Default: strconv.Itoa(DefaultRules.TurnCap), Help: "turns (both players' counted) after which the game is a draw, 1 to 65535"},
	},
	New: func(seats int, r game.Rules) (game.Game, error) {
		if seats != 2 {
			return nil, fmt.Errorf("npzr has 2 seats, not %d", seats)
		}
		rules, err := ParseRules(r)
		if err != nil {
			return nil, err
		}
		return &Game{rules: rules}, nil
	},
	Stats: func(_ game.Game, entrants int) game.Stats { return NewStats(entrants) },
}

// ParseRules reads NPZR's rules options (copies, turn_cap); missing keys
// keep their defaults.
func ParseRules(r game.Rules) (Rules, error) {
	for k := range r {
		if k != "copies" && k != "turn_cap" {
			return Rules{}, fmt.Errorf("npzr has no rule %q (rules: copies, turn_cap)", k)
		}
	}
	rules := DefaultRules
	for key, p := range map[string]*int{"copies": &rules.Copies, "turn_cap": &rules.TurnCap} {
		if v, ok := r[key]; ok {
			n, err := strconv.Atoi(v)
			if err != nil {
				return Rules{}, fmt.Errorf("rule %s=%q: want a whole number", key, v)
			}
			*p = n
		}
	}
	if err := rules.Check(); err != nil {
		return Rules{}, err
	}
	return rules, nil
}

// Options returns r as rules options, every key present.
func (r Rules) Options() game.Rules {
	return game.Rules{"copies": strconv.Itoa(r.Copies), "turn_cap": strconv.Itoa(r.TurnCap)}
}

// Game is NPZR under fixed rules, as a game.Game.
type Game struct {
	rules Rules
}

// NewGame returns NPZR under r as a game.Game, or an error for rules out
// of range.
func NewGame(r Rules) (*Game, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	return &Game{rules: r}, nil
}

// Info implements game.Game.
func (g *Game) Info() *game.Info { return &Info }

// Seats implements game.Game.
func (g *Game) Seats() int { return 2 }

// Rules implements game.Game.
func (g *Game) Rules() game.Rules { return g.rules.Options() }

// GameRules returns the game's rules.
func (g *Game) GameRules() Rules { return g.rules }

// NewState implements game.Game: the deck is shuffled from seed.
func (g *Game) NewState(seed uint64) game.State {
	s, err := New(g.rules, seed)
	if err != nil {
		panic("npzr: " + err.Error()) // rules were checked when g was made
	}
	return &GameState{State: s}
}

// GameState is an NPZR game as a game.State. Its observations are kept
// in it and allocate nothing.
type GameState struct {
	State State
	obs   [2]Observation
	buf   []Action
}

// ToAct implements game.State: one seat decides at a time.
func (gs *GameState) ToAct(dst []int) []int {
	dst = dst[:0]
	if gs.State.Over() {
		return dst
	}
	return append(dst, gs.State.ToAct())
}

// Legal implements game.State.
func (gs *GameState) Legal(seat int, dst []game.Action) []game.Action {
	dst = dst[:0]
	if gs.State.Over() || seat != gs.State.ToAct() {
		return dst
	}
	gs.buf = gs.State.Legal(gs.buf[:0])
	for _, a := range gs.buf {
		dst = append(dst, game.Action(a))
	}
	return dst
}

// Apply implements game.State: acts holds the acting seat's action and
// Pass for the other.
func (gs *GameState) Apply(acts []game.Action) error {
	if len(acts) != 2 {
		return fmt.Errorf("npzr: want 2 actions, got %d", len(acts))
	}
	if gs.State.Over() {
		return fmt.Errorf("npzr: the game is over")
	}
	p := gs.State.ToAct()
	if acts[1-p] != game.Pass {
		return fmt.Errorf("npzr: seat %d acts out of turn", 1-p)
	}
	return gs.State.Apply(Action(acts[p]))
}

// Over implements game.State.
func (gs *GameState) Over() bool { return gs.State.Over() }

// Outcome implements game.State: the winner first; a game drawn at the
// turn cap is a shared first place. Score is the number of different
// characters each seat scored.
func (gs *GameState) Outcome() game.Outcome { return OutcomeOf(&gs.State) }

// OutcomeOf returns a finished State's result as a game.Outcome.
func OutcomeOf(s *State) game.Outcome {
	w := s.Winner()
	o := game.Outcome{Seats: 2, Winner: w, Place: [game.MaxSeats]uint8{1, 1}}
	o.Score[0], o.Score[1] = s.Points(0), s.Points(1)
	if w >= 0 {
		o.Place[1-w] = 2
	}
	return o
}

// Turn implements game.State: the decisions applied (State.Turns counts
// the players' turns).
func (gs *GameState) Turn() int { return gs.State.Steps() }

// Observe implements game.State.
func (gs *GameState) Observe(seat int) game.Observation {
	o := &gs.obs[seat&1]
	gs.State.Observe(seat, o)
	return o
}

// Clone implements game.State.
func (gs *GameState) Clone() game.State { return &GameState{State: gs.State} }

// Resample implements game.Resampler: the cards seat cannot see dealt
// anew (Observation.Determinize) from seed.
func (gs *GameState) Resample(seat int, seed uint64) game.State {
	var o Observation
	gs.State.Observe(seat, &o)
	s, err := o.Determinize(rng.NewWyrand(seed, shuffleStream))
	if err != nil {
		panic("npzr: a state's own observation does not determinize: " + err.Error()) // a bug in the game
	}
	return &GameState{State: s}
}
