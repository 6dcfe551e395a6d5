package nzscn

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// This file is N-player NZSC behind the lab's game contract (package
// game). Package games registers the "nzsc" entry, which serves 2 seats
// with engine's two-player adapter and 3 or 4 with this one.

// Info describes NZSC for 2 to 4 players. Its name is "nzsc", the name of
// the one registry entry; its rules options are engine's.
var Info = game.Info{
	Name:         "nzsc",
	Title:        "Ninja Zombie Samurai Clown",
	MinSeats:     MinPlayers,
	MaxSeats:     MaxPlayers,
	Simultaneous: true,
	Rules:        nzsc.Info.Rules,
	New: func(seats int, r game.Rules) (game.Game, error) {
		if seats < MinPlayers || seats > MaxPlayers {
			return nil, fmt.Errorf("nzsc has 2 to 4 seats, not %d", seats)
		}
		rules, err := nzsc.ParseRules(r)
		if err != nil {
			return nil, err
		}
		if rules.Variant() {
			return nil, errVariant
		}
		return &Game{players: seats, rules: rules}, nil
	},
	Stats: func(g game.Game, _ int) game.Stats { return NewStats(g.Seats()) },
}

// errVariant refuses the rules options that only two-player NZSC (package
// engine) honours: this package plays the shared rules.
var errVariant = errors.New("nzsc for 3 or 4 players plays the shared rules: of its rules options only turn_cap may be set (points, move_streak, character_streak, waits, headstarts and no_booster are two-player only)")

// Game is N-player NZSC under fixed rules, as a game.Game.
type Game struct {
	players int
	rules   nzsc.Rules
}

// NewGame returns NZSC for players seats (2 to 4) under r as a game.Game.
func NewGame(players int, r nzsc.Rules) (*Game, error) {
	g, err := Info.New(players, r.Options())
	if err != nil {
		return nil, err
	}
	return g.(*Game), nil
}

// Info implements game.Game.
func (g *Game) Info() *game.Info { return &Info }

// Seats implements game.Game.
func (g *Game) Seats() int { return g.players }

// Rules implements game.Game.
func (g *Game) Rules() game.Rules { return g.rules.Options() }

// EngineRules returns the game's rules as nzsc.Rules.
func (g *Game) EngineRules() nzsc.Rules { return g.rules }

// NewState implements game.Game. NZSC has no chance: the seed is unused.
func (g *Game) NewState(uint64) game.State {
	// History's room for a typical game in one allocation rather than
	// one per doubling.
	gs := &GameState{State: New(g.players, g.rules), History: make([]Turn, 0, 32)}
	gs.bind()
	return gs
}

// RenewState returns NewState(seed) in old's storage (its history's
// too) and true when played is g itself and old a GameState, for a table
// playing game after game (agents.StateRenewer): old and its
// observations are then invalid. A game that embeds g has this method
// but may start its games otherwise (a start position): for it, false.
func (g *Game) RenewState(played game.Game, old game.State, seed uint64) (game.State, bool) {
	gs, ok := old.(*GameState)
	if !ok || played != game.Game(g) {
		return nil, false
	}
	gs.State = New(g.players, g.rules)
	gs.History = gs.History[:0]
	return gs, true
}

// GameState is an N-player NZSC game as a game.State: the State and the
// turns played. Its observations point into it and allocate nothing.
type GameState struct {
	State   State
	History []Turn
	obs     [MaxPlayers]Observation
}

func (gs *GameState) bind() {
	for i := range gs.obs {
		gs.obs[i] = Observation{seat: i, State: &gs.State}
	}
}

// ToAct implements game.State: every seat decides at once, except a
// stuck seat, which passes.
func (gs *GameState) ToAct(dst []int) []int {
	dst = dst[:0]
	if gs.State.Over() {
		return dst
	}
	for s := range int(gs.State.Players) {
		if !gs.State.Stuck(s) {
			dst = append(dst, s)
		}
	}
	return dst
}

// Legal implements game.State.
func (gs *GameState) Legal(seat int, dst []game.Action) []game.Action {
	dst = dst[:0]
	if gs.State.Over() || seat < 0 || seat >= int(gs.State.Players) {
		return dst
	}
	if cap(dst) < nzsc.MaxChoices {
		dst = make([]game.Action, 0, nzsc.MaxChoices)
	}
	// nzsc.ListLegal's list (inlined: a table lookup; the sets are
	// two-player NZSC's) written into dst's first MaxChoices places at
	// once, not a choice at a time.
	var c [nzsc.MaxChoices]nzsc.Choice
	n := nzsc.ListLegal(gs.State.LegalMask(seat), &c)
	d := dst[:nzsc.MaxChoices]
	d[0], d[1], d[2], d[3], d[4] = game.Action(c[0]), game.Action(c[1]), game.Action(c[2]), game.Action(c[3]), game.Action(c[4])
	return d[:n]
}

// Apply implements game.State: one turn of Step. Any choice is accepted;
// the rules penalize the illegal ones. Pass stands for a stuck seat (and
// for a name that does not exist, nzsc.Unknown).
func (gs *GameState) Apply(acts []game.Action) error {
	n := int(gs.State.Players)
	if len(acts) != n {
		return fmt.Errorf("nzscn: want %d actions, got %d", n, len(acts))
	}
	if gs.State.Over() {
		return errors.New("nzscn: the game is over")
	}
	var c Choices
	for i, a := range acts {
		c[i] = nzsc.ChoiceOf(a)
	}
	gs.History = append(gs.History, gs.State.Step(c))
	return nil
}

// Over implements game.State.
func (gs *GameState) Over() bool { return gs.State.Over() }

// Outcome implements game.State.
func (gs *GameState) Outcome() game.Outcome { return OutcomeOf(&gs.State) }

// OutcomeOf returns a finished State's finishing order: the winner first,
// the others by score, equal scores sharing a place. At the turn cap
// nobody wins and every player is ranked by score, except between two
// players, where a capped game is a plain draw (both first) as in
// nzsc.OutcomeOf.
func OutcomeOf(s *State) game.Outcome {
	n := int(s.Players)
	var sc [game.MaxSeats]int
	for i := range n {
		sc[i] = s.Points(i)
	}
	if n == 2 && s.Winner < 0 {
		return game.Outcome{Seats: 2, Winner: -1, Place: [game.MaxSeats]uint8{1, 1}, Score: sc}
	}
	return game.RankByScore(n, sc, int(s.Winner))
}

// Turn implements game.State.
func (gs *GameState) Turn() int { return int(gs.State.Turn) }

// Observe implements game.State. NZSC hides nothing: the observation is
// the whole state and history, every player included, seen from seat.
func (gs *GameState) Observe(seat int) game.Observation {
	o := &gs.obs[seat&3]
	o.History = gs.History
	return o
}

// Clone implements game.State.
func (gs *GameState) Clone() game.State {
	c := &GameState{State: gs.State, History: append([]Turn(nil), gs.History...)}
	c.bind()
	return c
}

// Observation is what a seat sees of N-player NZSC: everything, since the
// game hides nothing. State and History are read-only.
type Observation struct {
	State   *State
	History []Turn
	seat    int
}

// Seat implements game.Observation.
func (o *Observation) Seat() int { return o.seat }

// ActionString implements game.Observation: the display name of the
// choice in the current phase.
func (o *Observation) ActionString(a game.Action) string {
	return nzsc.ChoiceOf(a).Name(o.State.Phase)
}

// ParseAction implements game.Observation: names are read as the rules
// read them; a name that is not a character (booster, move) is the
// nonexistent choice, which the rules penalize, not an error.
func (o *Observation) ParseAction(s string) (game.Action, error) {
	if o.State.Over() {
		return game.Pass, errors.New("nzscn: the game is over")
	}
	return game.Action(nzsc.ParseChoice(o.State.Phase, s)), nil
}

// MarshalJSON implements game.Observation. The form is
//
//	{"seat":1,"phase":"move","turn":4,"players":[
//	  {"seat":0,"points":1,"waits":4,"character":"Ninja","booster":"Shadow",
//	   "last_character":"Ninja","character_streak":1,"last_move":"Kick",
//	   "move_streak":1,"available":["Kick",…],"destroyed":[],"stuck":false}, …]}
//
// with every player in seat order (the observer is players[seat]); names
// are the rules' display names, and null or empty where nothing is
// settled yet.
func (o *Observation) MarshalJSON() ([]byte, error) {
	type side struct {
		Seat            int      `json:"seat"`
		Points          int      `json:"points"`
		Waits           int      `json:"waits"`
		Character       *string  `json:"character"`
		Booster         *string  `json:"booster"`
		LastCharacter   *string  `json:"last_character"`
		CharacterStreak int      `json:"character_streak"`
		LastMove        *string  `json:"last_move"`
		MoveStreak      int      `json:"move_streak"`
		Available       []string `json:"available"`
		Destroyed       []string `json:"destroyed"`
		Stuck           bool     `json:"stuck"`
	}
	name := func(s string) *string { return &s }
	s := o.State
	players := make([]side, s.Players)
	for i := range players {
		d := side{Seat: i, Points: s.Points(i), Waits: s.Waits(i), Stuck: s.Stuck(i),
			Available: nzsc.MoveNames(s.Available(i)), Destroyed: nzsc.MoveNames(s.Destroyed(i))}
		if c := s.Character(i); c < nzsc.NumCharacters {
			d.Character = name(c.String())
			if s.Settled() {
				d.Booster = name(s.Booster(i).String())
			}
		}
		if c, k := s.CharacterStreak(i); k > 0 {
			d.LastCharacter, d.CharacterStreak = name(c.String()), k
		}
		if m, k := s.MoveStreak(i); k > 0 {
			d.LastMove, d.MoveStreak = name(m.String()), k
		}
		players[i] = d
	}
	return json.Marshal(struct {
		Seat    int    `json:"seat"`
		Phase   string `json:"phase"`
		Turn    int    `json:"turn"`
		Players []side `json:"players"`
	}{o.seat, s.Phase.String(), int(s.Turn), players})
}
