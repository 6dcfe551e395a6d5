package nzscn

import (
	"math/bits"

	"github.com/nzsclab/nzsc/engine"
)

// MaxPlayers is the most players a game has (the four characters must be
// unique); MinPlayers the fewest.
const (
	MinPlayers = 2
	MaxPlayers = 4
)

// Choices are one turn's answers, Choices[s] for seat s; entries beyond
// the game's players are ignored.
type Choices [MaxPlayers]engine.Choice

// player is one seat's side of the state.
type player struct {
	points uint8
	waits  uint8
	// character is engine.NoCharacter until characters are settled;
	// booster is meaningful from PickMove on.
	character engine.Character
	booster   engine.Booster
	// lastCharacter was picked characterStreak times in a row (clashes
	// included).
	lastCharacter   engine.Character
	characterStreak uint8
	// lastMove was played moveStreak rounds in a row (nullified turns and
	// passes do not count); noMove before the first round.
	lastMove   engine.Move
	moveStreak uint8
	// Bit sets (bit i = Move i): the loadout's moves (empty before
	// boosters are settled), the destroyed ones, and the one the
	// three-in-a-row rule bars.
	owned     uint32
	destroyed uint32
	blocked   uint32
}

const noMove engine.Move = 0xFF

// available returns the moves the player may play now; zero means stuck.
func (p *player) available() uint32 { return p.owned &^ p.destroyed &^ p.blocked }

// State is a whole game between 2 to 4 seats: a 96-byte value with no
// pointers.
type State struct {
	players [MaxPlayers]player
	// Players is the number of seats.
	Players uint8
	Phase   engine.Phase
	// Winner is the seat that won, or -1 while the game goes on and when
	// it ends at the turn cap.
	Winner  int8
	Turn    uint16
	TurnCap uint16
}

// New returns the state of a game of n players (2 to 4) before the first
// character pick. It panics on a bad n or turn cap, programmer errors;
// the contract's constructor checks both and returns errors.
func New(n int, r engine.Rules) State {
	if n < MinPlayers || n > MaxPlayers {
		panic("nzscn: players must be 2 to 4")
	}
	if r.TurnCap <= 0 || r.TurnCap > 0xFFFF {
		panic("nzscn: TurnCap must be in 1..65535")
	}
	s := State{Players: uint8(n), Phase: engine.PickCharacter, Winner: -1, TurnCap: uint16(r.TurnCap)}
	for i := range n {
		s.players[i] = player{waits: 4, character: engine.NoCharacter, booster: engine.NoBooster,
			lastCharacter: engine.NoCharacter, lastMove: noMove}
	}
	return s
}

// NewRound returns the state at the start of the move phase for the
// loadouts (one per seat, characters distinct), headstarts given, as if
// every player had picked them at the first try. It is where solvers and
// tests start.
func NewRound(r engine.Rules, loadouts ...engine.Loadout) State {
	s := New(len(loadouts), r)
	for i, l := range loadouts {
		p := &s.players[i]
		p.character, p.booster = l.Character, l.Booster
		p.owned = l.Moves()
		p.lastCharacter, p.characterStreak = l.Character, 1
	}
	var g [MaxPlayers]uint8
	s.headstarts(&g)
	s.Phase = engine.PickMove
	return s
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.Phase == engine.GameOver }

// LegalMask returns seat's legal choices now as a bit set (bit i =
// Choice i). Zero in PickMove means the seat is stuck.
func (s *State) LegalMask(seat int) uint32 {
	p := &s.players[seat&3]
	switch s.Phase {
	case engine.PickCharacter:
		m := uint32(1)<<engine.NumCharacters - 1
		if p.characterStreak >= 3 {
			m &^= 1 << p.lastCharacter
		}
		return m
	case engine.PickBooster:
		return 0b11<<(2*uint32(p.character)) | 1<<engine.NoBooster
	case engine.PickMove:
		return p.available()
	}
	return 0
}

// Legal writes seat's legal choices, in canonical order, into buf and
// returns how many there are. A stuck seat has none and passes.
func (s *State) Legal(seat int, buf *[engine.MaxChoices]engine.Choice) int {
	m := s.LegalMask(seat)
	n := 0
	for m != 0 {
		buf[n] = engine.Choice(bits.TrailingZeros32(m))
		m &= m - 1
		n++
	}
	return n
}

// Stuck reports whether seat must pass this round for want of a legal
// move.
func (s *State) Stuck(seat int) bool {
	return s.Phase == engine.PickMove && s.players[seat&3].available() == 0
}

// Offence returns the clause under which choice c by seat would be
// penalized now (engine.Stuck for a stuck seat, whatever it answers), or
// engine.NoOffence when c is legal.
func (s *State) Offence(seat int, c engine.Choice) engine.Offence {
	p := &s.players[seat&3]
	switch s.Phase {
	case engine.PickCharacter:
		return engine.CharacterOffence(p.lastCharacter, int(p.characterStreak), c)
	case engine.PickBooster:
		return engine.BoosterOffence(p.character, c)
	case engine.PickMove:
		return engine.MoveOffence(engine.Loadout{Character: p.character, Booster: p.booster}, p.destroyed, p.blocked, c)
	}
	return engine.NoOffence
}

// Step plays one turn with seat s answering c[s], and reports what
// happened. After the game is over it does nothing.
func (s *State) Step(c Choices) Turn {
	n := int(s.Players)
	t := newTurn(s.Phase, c)
	if s.Phase == engine.GameOver {
		return t
	}
	// Classify every answer first: any offence but a stuck player's pass
	// nullifies the turn for everyone, and so does a pass between two
	// players (the two-player rule; with more the others play on).
	var off [MaxPlayers]engine.Offence
	nullify, passes := false, false
	for i := range n {
		o := engine.NoOffence
		if s.LegalMask(i)>>c[i]&1 == 0 { // a shift past 31 gives 0
			o = s.Offence(i, c[i])
		}
		off[i] = o
		switch o {
		case engine.NoOffence:
		case engine.Stuck:
			passes = true
		default:
			nullify = true
		}
	}
	if passes && n == 2 {
		nullify = true
	}
	var gained [MaxPlayers]uint8
	if !nullify {
		switch s.Phase {
		case engine.PickCharacter:
			if s.pickCharacters(&c) {
				t |= 1 << turnClash
			} else {
				s.headstarts(&gained)
			}
		case engine.PickBooster:
			for i := range n {
				p := &s.players[i]
				p.booster = engine.Booster(c[i])
				p.owned = engine.Loadout{Character: p.character, Booster: p.booster}.Moves()
			}
			s.Phase = engine.PickMove
		case engine.PickMove:
			s.round(&c, &off, &gained)
		}
	}
	if nullify || passes {
		s.penalize(&off, &gained)
		t = t.withOffences(&off)
	}
	s.Turn++
	return s.settle(t.withGained(&gained))
}

// pickCharacters plays legal character picks and reports whether two
// players picked the same one (everyone picks again); otherwise the
// characters are settled.
func (s *State) pickCharacters(c *Choices) (clash bool) {
	n := int(s.Players)
	var seen uint8
	for i := range n {
		ch := engine.Character(c[i])
		p := &s.players[i]
		if p.characterStreak > 0 && p.lastCharacter == ch {
			p.characterStreak++
		} else {
			p.lastCharacter, p.characterStreak = ch, 1
		}
		clash = clash || seen>>ch&1 == 1
		seen |= 1 << ch
	}
	if clash {
		return true
	}
	for i := range n {
		s.players[i].character = engine.Character(c[i])
	}
	s.Phase = engine.PickBooster
	return false
}

// headstarts gives each player a point for every opponent whose character
// its own has a headstart over, adding them to the scores and to gained.
func (s *State) headstarts(gained *[MaxPlayers]uint8) {
	n := int(s.Players)
	for i := range n {
		for j := i + 1; j < n; j++ {
			gi, gj := engine.Headstart(s.players[i].character, s.players[j].character)
			gained[i] += gi
			gained[j] += gj
		}
	}
	for i := range n {
		s.players[i].points += gained[i]
	}
}

// round plays a move phase turn that no offence nullified: every seat
// that is not stuck (off[i] is NoOffence) plays c[i] against every other
// such seat.
func (s *State) round(c *Choices, off *[MaxPlayers]engine.Offence, gained *[MaxPlayers]uint8) {
	n := int(s.Players)
	var destroyers int // seats playing a destructive move
	for i := range n {
		if off[i] == engine.NoOffence {
			destroyers += int(engine.DestructiveMask >> c[i] & 1)
		}
	}
	for i := range n {
		if off[i] != engine.NoOffence {
			continue
		}
		p := &s.players[i]
		m := engine.Move(c[i])
		for j := range n {
			if j == i || off[j] != engine.NoOffence {
				continue
			}
			q := &s.players[j]
			gained[i] += engine.RoundPoints(m, engine.Move(c[j]), p.booster == engine.Strong, q.booster == engine.Strong)
		}
		// A single-use move destroys itself; another player's
		// destructive move destroys it too.
		mine := engine.DestructiveMask >> m & 1
		others := uint32(destroyers) - mine
		p.destroyed |= engine.SingleUseMask&(1<<m) | min(others, 1)<<m
		p.moveStreak, p.blocked = engine.MoveStreak(p.lastMove, p.moveStreak, m)
		p.lastMove = m
	}
	for i := range n {
		s.players[i].points += gained[i]
	}
}

// penalize charges every offender its waits; an offender whose waits
// would drop below zero is set to zero and every opponent scores a point.
func (s *State) penalize(off *[MaxPlayers]engine.Offence, gained *[MaxPlayers]uint8) {
	n := int(s.Players)
	for i := range n {
		o := off[i]
		if o == engine.NoOffence {
			continue
		}
		p := &s.players[i]
		if w := o.Waits(); p.waits >= w {
			p.waits -= w
			continue
		}
		p.waits = 0
		for j := range n {
			if j != i {
				s.players[j].points++
				gained[j]++
			}
		}
	}
}

// settle applies the end-of-turn rules. With two or more players at 5 or
// more, every score drops by one (not below zero) until nobody has more
// than 5, then once more if two or more have 5; then a lone player at 5
// or more wins. Otherwise the turn cap ends the game undecided.
func (s *State) settle(t Turn) Turn {
	n := int(s.Players)
	top, at := uint8(0), 0
	for i := range n {
		v := s.players[i].points
		if v >= engine.WinningPoints {
			at++
		}
		top = max(top, v)
	}
	if at >= 2 {
		d := top - engine.WinningPoints
		at = 0
		for i := range n {
			if s.players[i].points-min(s.players[i].points, d) == engine.WinningPoints {
				at++
			}
		}
		if at >= 2 {
			d++
		}
		for i := range n {
			p := &s.players[i]
			p.points -= min(p.points, d)
		}
		t |= 1 << turnDeducted
	}
	for i := range n {
		if s.players[i].points >= engine.WinningPoints {
			// After the deduction at most one player can be at 5.
			s.Phase, s.Winner = engine.GameOver, int8(i)
			return t
		}
	}
	if s.Turn >= s.TurnCap {
		s.Phase = engine.GameOver
	}
	return t
}
