package nzsc

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
)

// This file is two-player NZSC behind the lab's game contract (package
// game): Game, GameState and Observation wrap State and Step for the code
// that serves every game (the exec protocol, records, replay, the generic
// table). Hot loops keep calling State directly.

// Info describes two-player NZSC for the game registry; package games
// registers it (with the 3- and 4-player form beside it).
var Info = game.Info{
	Name:         "nzsc",
	Title:        "Ninja Zombie Samurai Clown",
	MinSeats:     2,
	MaxSeats:     2,
	Simultaneous: true,
	Rules:        ruleOptions,
	New: func(seats int, r game.Rules) (game.Game, error) {
		if seats != 2 {
			return nil, fmt.Errorf("two-player NZSC has 2 seats, not %d", seats)
		}
		rules, err := ParseRules(r)
		if err != nil {
			return nil, err
		}
		return &Game{rules: rules}, nil
	},
	Stats: func(_ game.Game, entrants int) game.Stats { return NewStats(entrants) },
}

// ruleOptions are NZSC's rules options (Info.Rules).
var ruleOptions = []game.RuleOption{
	{Key: "turn_cap", Default: strconv.Itoa(DefaultRules.TurnCap), Help: "turns (all phases) after which the game is a draw, 1 to 65535"},
	{Key: "points", Default: strconv.Itoa(WinningPoints), Help: "the score that wins, 3 to 9; 2 players"},
	{Key: "move_streak", Default: strconv.Itoa(DefaultStreak), Help: "the most rounds in a row a player may play one move, 2 to 4; 2 players"},
	{Key: "character_streak", Default: strconv.Itoa(DefaultStreak), Help: "the most picks in a row of one character, 2 to 4; 2 players"},
	{Key: "waits", Default: strconv.Itoa(DefaultWaits), Help: "the waits each player starts with, 1 to 8; 2 players"},
	{Key: "headstarts", Default: "on", Help: "the character pairing's headstart points, on or off; 2 players"},
	{Key: "no_booster", Default: "on", Help: "whether No Booster may be taken, on or off; 2 players"},
}

// ParseRules reads NZSC's rules options (Info.Rules: turn_cap, points,
// move_streak, character_streak, waits, headstarts, no_booster); missing
// keys keep their defaults.
func ParseRules(r game.Rules) (Rules, error) {
	for k := range r {
		if !slices.ContainsFunc(ruleOptions, func(o game.RuleOption) bool { return o.Key == k }) {
			keys := make([]string, len(ruleOptions))
			for i, o := range ruleOptions {
				keys[i] = o.Key
			}
			return Rules{}, fmt.Errorf("nzsc has no rule %q (rules: %s)", k, strings.Join(keys, ", "))
		}
	}
	rules := DefaultRules
	if v, ok := r["turn_cap"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 0xFFFF {
			return Rules{}, fmt.Errorf("rule turn_cap=%q: want a whole number from 1 to 65535", v)
		}
		rules.TurnCap = n
	}
	small := []struct {
		key      string
		min, max uint8
		dst      *uint8
	}{
		{"points", MinPoints, MaxPoints, &rules.Points},
		{"move_streak", MinStreak, MaxStreak, &rules.MoveStreak},
		{"character_streak", MinStreak, MaxStreak, &rules.CharacterStreak},
		{"waits", MinWaits, MaxWaits, &rules.Waits},
	}
	for _, o := range small {
		v, ok := r[o.key]
		if !ok {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < int(o.min) || n > int(o.max) {
			return Rules{}, fmt.Errorf("rule %s=%q: want a whole number from %d to %d", o.key, v, o.min, o.max)
		}
		*o.dst = uint8(n)
	}
	flags := []struct {
		key string
		dst *bool // set when the option is off
	}{
		{"headstarts", &rules.NoHeadstarts},
		{"no_booster", &rules.BoosterRequired},
	}
	for _, o := range flags {
		v, ok := r[o.key]
		if !ok {
			continue
		}
		switch strings.ToLower(v) {
		case "on", "true", "yes", "1":
			*o.dst = false
		case "off", "false", "no", "0":
			*o.dst = true
		default:
			return Rules{}, fmt.Errorf("rule %s=%q: want on or off", o.key, v)
		}
	}
	return rules, nil
}

// Options returns r as rules options: turn_cap always, and each other
// option when it differs from the shared rules, so that the records and
// run manifests of games under the shared rules read as they always have.
// ParseRules reads them back to r (normalized).
func (r Rules) Options() game.Rules {
	o := game.Rules{"turn_cap": strconv.Itoa(r.TurnCap)}
	n, d := r.Normalized(), DefaultRules.Normalized()
	onOff := map[bool]string{false: "on", true: "off"}
	if n.Points != d.Points {
		o["points"] = strconv.Itoa(int(n.Points))
	}
	if n.MoveStreak != d.MoveStreak {
		o["move_streak"] = strconv.Itoa(int(n.MoveStreak))
	}
	if n.CharacterStreak != d.CharacterStreak {
		o["character_streak"] = strconv.Itoa(int(n.CharacterStreak))
	}
	if n.Waits != d.Waits {
		o["waits"] = strconv.Itoa(int(n.Waits))
	}
	if n.NoHeadstarts {
		o["headstarts"] = onOff[true]
	}
	if n.BoosterRequired {
		o["no_booster"] = onOff[true]
	}
	return o
}

// Game is two-player NZSC under fixed rules, as a game.Game.
type Game struct {
	rules Rules
}

// NewContractGame returns two-player NZSC under r as a game.Game.
func NewContractGame(r Rules) *Game { return &Game{rules: r} }

// Info implements game.Game.
func (g *Game) Info() *game.Info { return &Info }

// Seats implements game.Game: NZSC's adapter is two-player.
func (g *Game) Seats() int { return 2 }

// Rules implements game.Game.
func (g *Game) Rules() game.Rules { return g.rules.Options() }

// NewState implements game.Game. NZSC has no chance: the seed is unused.
func (g *Game) NewState(uint64) game.State {
	// History's room for a typical game in one allocation rather than
	// one per doubling.
	gs := &GameState{State: NewGame(g.rules), History: make([]Turn, 0, 64)}
	for i := range gs.obs {
		gs.obs[i] = Observation{seat: i, State: &gs.State}
	}
	return gs
}

// RenewState returns NewState(seed) in old's storage (its history's
// too) and true when played is g itself and old a GameState, for a table
// playing game after game (agents.StateRenewer): old and its
// observations are then invalid. A game that embeds g has this method
// but may start its games otherwise: for it, false.
func (g *Game) RenewState(played game.Game, old game.State, seed uint64) (game.State, bool) {
	gs, ok := old.(*GameState)
	if !ok || played != game.Game(g) {
		return nil, false
	}
	gs.State = NewGame(g.rules)
	gs.History = gs.History[:0]
	return gs, true
}

// GameState is a two-player NZSC game as a game.State: the engine's State
// and the turns played. Its observations point into it and allocate
// nothing.
type GameState struct {
	State   State
	History []Turn
	obs     [2]Observation
}

// ToAct implements game.State: both seats decide at once, except a stuck
// seat, which passes.
func (gs *GameState) ToAct(dst []int) []int {
	if cap(dst) < 2 {
		dst = make([]int, 0, 2)
	}
	if gs.State.Phase == GameOver {
		return dst[:0]
	}
	// Both seats written, each counted when it is not stuck: no append
	// and no branch a seat.
	d := dst[:2]
	d[0] = 0
	n := int(b2u(!gs.State.Stuck(0)))
	d[n] = 1
	n += int(b2u(!gs.State.Stuck(1)))
	return d[:n]
}

// Legal implements game.State.
func (gs *GameState) Legal(seat int, dst []game.Action) []game.Action {
	if cap(dst) < MaxChoices {
		dst = make([]game.Action, 0, MaxChoices)
	}
	// ListLegal's list (inlined: a table lookup) written into dst's
	// first MaxChoices places at once, without a loop over the set's
	// bits or an append a choice; an empty set (game over, a stuck
	// seat) counts 0.
	var c [MaxChoices]Choice
	n := ListLegal(gs.State.LegalMask(seat), &c)
	d := dst[:MaxChoices]
	d[0], d[1], d[2], d[3], d[4] = game.Action(c[0]), game.Action(c[1]), game.Action(c[2]), game.Action(c[3]), game.Action(c[4])
	return d[:n]
}

// Apply implements game.State: one turn of Step. Any choice is accepted;
// the rules penalize the illegal ones. Pass stands for a stuck seat (and
// for a name that does not exist, Unknown).
func (gs *GameState) Apply(acts []game.Action) error {
	if len(acts) != 2 {
		return fmt.Errorf("nzsc: want 2 actions, got %d", len(acts))
	}
	if gs.State.Phase == GameOver {
		return fmt.Errorf("nzsc: the game is over")
	}
	gs.History = append(gs.History, gs.State.Step(ChoiceOf(acts[0]), ChoiceOf(acts[1])))
	return nil
}

// ChoiceOf is the choice a contract action names, at every NZSC table
// (engine/nzscn's too): an action past a Choice's range, which no legal
// list holds, is Unknown, the nonexistent choice the rules penalize.
func ChoiceOf(a game.Action) Choice {
	if a > 0xFF {
		return Unknown
	}
	return Choice(a)
}

// Over implements game.State.
func (gs *GameState) Over() bool { return gs.State.Phase == GameOver }

// Outcome implements game.State.
func (gs *GameState) Outcome() game.Outcome { return OutcomeOf(&gs.State) }

// OutcomeOf returns a finished State's result as a game.Outcome.
func OutcomeOf(s *State) game.Outcome {
	w := s.Result.Winner()
	o := game.Outcome{Seats: 2, Winner: w, Place: [game.MaxSeats]uint8{1, 1}}
	o.Score[0], o.Score[1] = s.Points(0), s.Points(1)
	if w >= 0 {
		o.Place[1-w] = 2
	}
	return o
}

// Turn implements game.State.
func (gs *GameState) Turn() int { return int(gs.State.Turn) }

// Observe implements game.State. NZSC hides nothing: the observation is
// the whole state and history, seen from seat.
func (gs *GameState) Observe(seat int) game.Observation {
	o := &gs.obs[seat&1]
	o.History = gs.History
	return o
}

// Clone implements game.State.
func (gs *GameState) Clone() game.State {
	c := &GameState{State: gs.State, History: append([]Turn(nil), gs.History...)}
	for i := range c.obs {
		c.obs[i] = Observation{seat: i, State: &c.State}
	}
	return c
}

// Observation is what a seat sees of two-player NZSC: everything, since
// the game hides nothing. State and History are read-only.
type Observation struct {
	State   *State
	History []Turn
	seat    int
}

// Seat implements game.Observation.
func (o *Observation) Seat() int { return o.seat }

// ActionString implements game.Observation: the display name of the
// choice in the current phase ("Zombie", "No Booster", "Run in Circles").
func (o *Observation) ActionString(a game.Action) string {
	return ChoiceOf(a).Name(o.State.Phase)
}

// ParseAction implements game.Observation: names are read as the rules
// read them. A name that is not a character (booster, move) is not an
// error: it is the nonexistent choice, which the rules penalize.
func (o *Observation) ParseAction(s string) (game.Action, error) {
	if o.State.Phase == GameOver {
		return game.Pass, fmt.Errorf("nzsc: the game is over")
	}
	return game.Action(ParseChoice(o.State.Phase, s)), nil
}

// MarshalJSON implements game.Observation; docs/protocol.md documents
// the form (two-player NZSC's decide, observation).
func (o *Observation) MarshalJSON() ([]byte, error) {
	type side struct {
		Points    int      `json:"points"`
		Waits     int      `json:"waits"`
		Character string   `json:"character,omitempty"`
		Booster   string   `json:"booster,omitempty"`
		Available []string `json:"available,omitempty"`
		Destroyed []string `json:"destroyed,omitempty"`
	}
	s := o.State
	sideOf := func(seat int) side {
		d := side{Points: s.Points(seat), Waits: s.Waits(seat)}
		if c := s.Character(seat); c < NumCharacters {
			d.Character = c.String()
			if s.Phase >= PickMove || s.Settled() {
				d.Booster = s.Booster(seat).String()
			}
		}
		d.Available = MoveNames(s.Available(seat))
		d.Destroyed = MoveNames(s.Destroyed(seat))
		return d
	}
	return json.Marshal(struct {
		Seat     int    `json:"seat"`
		Phase    string `json:"phase"`
		Turn     int    `json:"turn"`
		You      side   `json:"you"`
		Opponent side   `json:"opponent"`
	}{o.seat, s.Phase.String(), int(s.Turn), sideOf(o.seat), sideOf(1 - o.seat)})
}

// MoveNames names the moves of set in canonical order, for every NZSC
// observation and board: an empty list, never nil, so that JSON says []
// where it is not left out.
func MoveNames(set uint32) []string {
	out := []string{}
	for m := range Move(NumMoves) {
		if set>>m&1 == 1 {
			out = append(out, m.String())
		}
	}
	return out
}

// EngineRules returns the game's rules as the engine takes them.
func (g *Game) EngineRules() Rules { return g.rules }

// TurnNames returns a game's turns as a game record keeps them: each
// seat's choice by name, "" for a stuck seat's pass.
func TurnNames(history []Turn) [][]string {
	out := make([][]string, len(history))
	for i, t := range history {
		names := make([]string, 2)
		for s := range names {
			if t.Offence(s) != Stuck {
				names[s] = t.Choice(s).Name(t.Phase())
			}
		}
		out[i] = names
	}
	return out
}
