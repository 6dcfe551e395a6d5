package nzscn

import (
	"math/bits"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// MaxPlayers is the most players a game has (the four characters must be
// unique); MinPlayers the fewest.
const (
	MinPlayers = 2
	MaxPlayers = 4
)

// Choices are one turn's answers, Choices[s] for seat s; entries beyond
// the game's players are ignored.
type Choices [MaxPlayers]nzsc.Choice

// player is one seat's side of the state.
type player struct {
	points uint8
	waits  uint8
	// character is nzsc.NoCharacter until characters are settled;
	// booster is meaningful from PickMove on.
	character nzsc.Character
	booster   nzsc.Booster
	// lastCharacter was picked characterStreak times in a row (clashes
	// included).
	lastCharacter   nzsc.Character
	characterStreak uint8
	// lastMove was played moveStreak rounds in a row (nullified turns and
	// passes do not count); noMove before the first round.
	lastMove   nzsc.Move
	moveStreak uint8
	// Bit sets (bit i = Move i): the loadout's moves (empty before
	// boosters are settled), the destroyed ones, and the one the
	// three-in-a-row rule bars.
	owned     uint32
	destroyed uint32
	blocked   uint32
}

const noMove nzsc.Move = 0xFF

// available returns the moves the player may play now; zero means stuck.
func (p *player) available() uint32 { return p.owned &^ p.destroyed &^ p.blocked }

// State is a whole game between 2 to 4 seats: a 96-byte value with no
// pointers.
type State struct {
	players [MaxPlayers]player
	// Players is the number of seats.
	Players uint8
	Phase   nzsc.Phase
	// Winner is the seat that won, or -1 while the game goes on and when
	// it ends at the turn cap.
	Winner  int8
	Turn    uint16
	TurnCap uint16
}

// New returns the state of a game of n players (2 to 4) before the first
// character pick. It panics on a bad n or turn cap or on variant rules,
// programmer errors; the contract's constructor checks them and returns
// errors.
func New(n int, r nzsc.Rules) State {
	if n < MinPlayers || n > MaxPlayers {
		panic("nzscn: players must be 2 to 4")
	}
	if r.TurnCap <= 0 || r.TurnCap > 0xFFFF {
		panic("nzscn: TurnCap must be in 1..65535")
	}
	if r.Variant() {
		panic("nzscn: " + errVariant.Error())
	}
	s := State{Players: uint8(n), Phase: nzsc.PickCharacter, Winner: -1, TurnCap: uint16(r.TurnCap)}
	for i := range n {
		s.players[i] = player{waits: 4, character: nzsc.NoCharacter, booster: nzsc.NoBooster,
			lastCharacter: nzsc.NoCharacter, lastMove: noMove}
	}
	return s
}

// NewRound returns the state at the start of the move phase for the
// loadouts (one per seat, characters distinct), headstarts given, as if
// every player had picked them at the first try. It is where solvers and
// tests start.
func NewRound(r nzsc.Rules, loadouts ...nzsc.Loadout) State {
	s := New(len(loadouts), r)
	for i, l := range loadouts {
		p := &s.players[i]
		p.character, p.booster = l.Character, l.Booster
		p.owned = l.Moves()
		p.lastCharacter, p.characterStreak = l.Character, 1
	}
	var g [MaxPlayers]uint8
	s.headstarts(&g)
	s.Phase = nzsc.PickMove
	return s
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.Phase == nzsc.GameOver }

// LegalMask returns seat's legal choices now as a bit set (bit i =
// Choice i). Zero in PickMove means the seat is stuck.
func (s *State) LegalMask(seat int) uint32 {
	p := &s.players[seat&3]
	switch s.Phase {
	case nzsc.PickCharacter:
		m := uint32(1)<<nzsc.NumCharacters - 1
		if p.characterStreak >= 3 {
			m &^= 1 << p.lastCharacter
		}
		return m
	case nzsc.PickBooster:
		return 0b11<<(2*uint32(p.character)) | 1<<nzsc.NoBooster
	case nzsc.PickMove:
		return p.available()
	}
	return 0
}

// Legal writes seat's legal choices, in canonical order, into buf and
// returns how many there are. A stuck seat has none and passes.
func (s *State) Legal(seat int, buf *[nzsc.MaxChoices]nzsc.Choice) int {
	m := s.LegalMask(seat)
	n := 0
	for m != 0 {
		buf[n] = nzsc.Choice(bits.TrailingZeros32(m))
		m &= m - 1
		n++
	}
	return n
}

// Stuck reports whether seat must pass this round for want of a legal
// move.
func (s *State) Stuck(seat int) bool {
	return s.Phase == nzsc.PickMove && s.players[seat&3].available() == 0
}

// Offence returns the clause under which choice c by seat would be
// penalized now (nzsc.Stuck for a stuck seat, whatever it answers), or
// nzsc.NoOffence when c is legal.
func (s *State) Offence(seat int, c nzsc.Choice) nzsc.Offence {
	p := &s.players[seat&3]
	switch s.Phase {
	case nzsc.PickCharacter:
		return nzsc.CharacterOffence(p.lastCharacter, int(p.characterStreak), c)
	case nzsc.PickBooster:
		return nzsc.BoosterOffence(p.character, c)
	case nzsc.PickMove:
		return nzsc.MoveOffence(nzsc.Loadout{Character: p.character, Booster: p.booster}, p.destroyed, p.blocked, c)
	}
	return nzsc.NoOffence
}

// Step plays one turn with seat s answering c[s], and reports what
// happened. After the game is over it does nothing.
func (s *State) Step(c Choices) Turn {
	// The common case, every answer legal, skips the classification of
	// offences.
	if s.allLegal(&c) {
		switch s.Phase {
		case nzsc.PickMove:
			return s.round(c, 1<<s.Players-1)
		case nzsc.PickCharacter:
			return s.characters(c)
		case nzsc.PickBooster:
			return s.boosters(c)
		}
	}
	return s.stepSlow(c)
}

// seats returns the players of the game, a slice of the state itself, so
// that loops over it need no bounds checks.
func (s *State) seats() []player { return s.players[:min(s.Players, MaxPlayers)] }

// allLegal reports whether every seat's answer is legal (a shift past 31
// gives 0, so out-of-range answers are not). It is false in GameOver.
func (s *State) allLegal(c *Choices) bool {
	ok := uint32(1)
	for i := range s.seats() {
		ok &= s.LegalMask(i) >> c[i&3]
	}
	return ok&1 == 1
}

// stepSlow plays a turn in which some answer is illegal or some seat is
// stuck. Every offence but a stuck player's pass nullifies the turn for
// everyone, and so does a pass between two players (the two-player rule;
// with more the others play on). All of the turn's penalties are charged.
func (s *State) stepSlow(c Choices) Turn {
	if s.Phase == nzsc.GameOver {
		return newTurn(s.Phase, c)
	}
	var off [MaxPlayers]nzsc.Offence
	for i := range int(s.Players) {
		off[i] = s.Offence(i, c[i])
	}
	return s.resolve(c, &off)
}

// resolve plays a turn whose answers have been classified: off[i] is seat
// i's offence (nzsc.Stuck for a pass).
func (s *State) resolve(c Choices, off *[MaxPlayers]nzsc.Offence) Turn {
	t := newTurn(s.Phase, c)
	n := int(s.Players)
	nullify := false
	active := uint8(0) // seats that play the turn
	for i := range n {
		switch o := off[i]; o {
		case nzsc.NoOffence:
			active |= 1 << i
		case nzsc.Stuck:
			nullify = nullify || n == 2
		default:
			nullify = true
		}
	}
	if !nullify {
		// Only a move phase can get here: in the others every answer is
		// legal or the turn is void. The turn count and settle come after
		// the penalties.
		t = s.playRound(c, active)
	}
	var g [MaxPlayers]uint8
	s.penalize(off, &g)
	s.Turn++
	return s.settle(t.withOffences(off).plusGained(&g))
}

// characters plays legal character picks: if two players picked the same
// one, everyone picks again; otherwise the characters are settled and the
// headstarts given.
func (s *State) characters(c Choices) Turn {
	t := newTurn(nzsc.PickCharacter, c)
	ps := s.seats()
	seen, clash := uint8(0), false
	for i := range ps {
		p := &ps[i]
		ch := nzsc.Character(c[i&3])
		if p.characterStreak > 0 && p.lastCharacter == ch {
			p.characterStreak++
		} else {
			p.lastCharacter, p.characterStreak = ch, 1
		}
		clash = clash || seen>>ch&1 == 1
		seen |= 1 << ch
	}
	s.Turn++
	if clash {
		t |= 1 << turnClash
	} else {
		for i := range ps {
			ps[i].character = nzsc.Character(c[i&3])
		}
		var g [MaxPlayers]uint8
		s.headstarts(&g)
		t = t.plusGained(&g)
		s.Phase = nzsc.PickBooster
	}
	if s.unsettled() {
		t = s.settle(t)
	}
	return t
}

// boosters plays legal booster picks.
func (s *State) boosters(c Choices) Turn {
	ps := s.seats()
	for i := range ps {
		p := &ps[i]
		p.booster = nzsc.Booster(c[i&3])
		p.owned = nzsc.Loadout{Character: p.character, Booster: p.booster}.Moves()
	}
	s.Phase = nzsc.PickMove
	s.Turn++
	t := newTurn(nzsc.PickBooster, c)
	if s.unsettled() {
		t = s.settle(t)
	}
	return t
}

// headstarts gives each player a point for every opponent whose character
// its own has a headstart over, adding them to the scores and to g. The
// characters are distinct, so that is how many of the characters at the
// table its own has a headstart over.
func (s *State) headstarts(g *[MaxPlayers]uint8) {
	ps := s.seats()
	at := uint8(0)
	for i := range ps {
		at |= 1 << (ps[i].character & 3)
	}
	for i := range ps {
		gi := uint8(bits.OnesCount8(headstartOver[ps[i].character&3] & at))
		g[i&3] += gi
		ps[i].points += gi
	}
}

// headstartOver[c] is the set of characters c has a headstart over (bit
// i = Character i), as nzsc.Headstart says.
var headstartOver = func() (t [nzsc.NumCharacters]uint8) {
	for a := range nzsc.Character(nzsc.NumCharacters) {
		for b := range nzsc.Character(nzsc.NumCharacters) {
			ga, _ := nzsc.Headstart(a, b)
			t[a] |= ga << b
		}
	}
	return t
}()

// round plays a move phase turn in which the seats of active (a bit set)
// play legal moves and the others (stuck) pass, then counts the turn and
// settles it. With no pass it is the whole of a turn.
func (s *State) round(c Choices, active uint8) Turn {
	var t Turn
	top := uint8(nzsc.WinningPoints) // unknown: settle looks
	if active == 1<<s.Players-1 {
		t, top = s.playAll(c)
	} else {
		t = s.playRound(c, active)
	}
	s.Turn++
	if top >= nzsc.WinningPoints || s.Turn >= s.TurnCap {
		t = s.settle(t)
	}
	return t
}

// playRound plays the moves of the seats of active against each other:
// each scores against each active opponent, pair by pair; a single-use
// move destroys itself and a destructive one the move of every other
// active seat; streaks move on.
func (s *State) playRound(c Choices, active uint8) Turn {
	ps := s.seats()
	// Moves are masked to 5 bits so that shifts by them compile without
	// the out-of-range case; legal moves are below 28 anyway.
	destroyers := uint32(0)
	for i := range ps {
		destroyers += nzsc.DestructiveMask >> (c[i&3] & 31) & uint32(active>>i) & 1
	}
	var g [MaxPlayers]uint8
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			if active>>i&(active>>j)&1 == 0 {
				continue
			}
			gi, gj := nzsc.PairPoints(nzsc.Move(c[i&3]), nzsc.Move(c[j&3]), ps[i].booster == nzsc.Strong, ps[j].booster == nzsc.Strong)
			g[i&3] += gi
			g[j&3] += gj
		}
	}
	for i := range ps {
		if active>>i&1 == 0 {
			continue
		}
		p := &ps[i]
		m := nzsc.Move(c[i&3] & 31)
		p.points += g[i&3]
		others := destroyers - nzsc.DestructiveMask>>m&1
		p.destroyed |= (nzsc.SingleUseMask>>m&1 | min(others, 1)) << m
		p.moveStreak, p.blocked = nzsc.MoveStreak(p.lastMove, p.moveStreak, m)
		p.lastMove = m
	}
	return newTurn(nzsc.PickMove, c).plusGained(&g)
}

// playAll is playRound when every seat plays: the hot path of random
// play and search. It also returns the top score, which spares round the
// look at every score when nobody has 5 (settle changes nothing then). It scores the six pairs of four lanes written out,
// seats beyond the players playing move 31, a padding move of the round
// table that scores nothing and concedes nothing (and destroys nothing).
// Measured with callgrind on BenchmarkRandomGame3/4 (instructions a
// game, same binary with and without it): 6290 → 5725 at 3 players,
// 9594 → 8604 at 4.
func (s *State) playAll(c Choices) (t Turn, top uint8) {
	ps := s.seats()
	mv := uint32(c[0]) | uint32(c[1])<<8 | uint32(c[2])<<16 | uint32(c[3])<<24
	mv |= padLanes[len(ps)&7]
	m0, m1, m2, m3 := nzsc.Move(mv&31), nzsc.Move(mv>>8&31), nzsc.Move(mv>>16&31), nzsc.Move(mv>>24&31)
	st := &s.players
	s0, s1, s2, s3 := st[0].booster == nzsc.Strong, st[1].booster == nzsc.Strong, st[2].booster == nzsc.Strong, st[3].booster == nzsc.Strong
	a01, b01 := nzsc.PairPoints(m0, m1, s0, s1)
	a02, b02 := nzsc.PairPoints(m0, m2, s0, s2)
	a03, b03 := nzsc.PairPoints(m0, m3, s0, s3)
	a12, b12 := nzsc.PairPoints(m1, m2, s1, s2)
	a13, b13 := nzsc.PairPoints(m1, m3, s1, s3)
	a23, b23 := nzsc.PairPoints(m2, m3, s2, s3)
	g := [MaxPlayers]uint8{a01 + a02 + a03, b01 + a12 + a13, b02 + b12 + a23, b03 + b13 + b23}
	destroyers := nzsc.DestructiveMask>>m0&1 + nzsc.DestructiveMask>>m1&1 + nzsc.DestructiveMask>>m2&1 + nzsc.DestructiveMask>>m3&1
	for i := range ps {
		p := &ps[i]
		m := nzsc.Move(mv >> (8 * (i & 3)) & 31)
		p.points += g[i&3]
		top = max(top, p.points)
		others := destroyers - nzsc.DestructiveMask>>m&1
		p.destroyed |= (nzsc.SingleUseMask>>m&1 | min(others, 1)) << m
		p.moveStreak, p.blocked = nzsc.MoveStreak(p.lastMove, p.moveStreak, m)
		p.lastMove = m
	}
	t = Turn(nzsc.PickMove)<<turnPhase | Turn(mv&^padLanes[len(ps)&7]) | Turn(g[0])<<turnGained |
		Turn(g[1])<<(turnGained+4) | Turn(g[2])<<(turnGained+8) | Turn(g[3])<<(turnGained+12)
	return t, top
}

// padLanes[n] sets move 31 in the lanes of seats n and beyond.
var padLanes = [8]uint32{2: 0x1F1F0000, 3: 0x1F000000}

// unsettled reports whether settle has anything to do: a score of five
// or the turn cap reached.
func (s *State) unsettled() bool {
	// Seats beyond the players have no points.
	p := &s.players
	return max(p[0].points, p[1].points, p[2].points, p[3].points) >= nzsc.WinningPoints || s.Turn >= s.TurnCap
}

// penalize charges every offender its waits; an offender whose waits
// would drop below zero is set to zero and every opponent scores a point.
func (s *State) penalize(off *[MaxPlayers]nzsc.Offence, g *[MaxPlayers]uint8) {
	ps := s.seats()
	for i := range ps {
		o := off[i&3]
		if o == nzsc.NoOffence {
			continue
		}
		p := &ps[i]
		if w := o.Waits(); p.waits >= w {
			p.waits -= w
			continue
		}
		p.waits = 0
		for j := range ps {
			if j != i {
				ps[j].points++
				g[j&3]++
			}
		}
	}
}

// settle applies the end-of-turn rules (see settleLanes) and ends the
// game at the turn cap when nobody has won.
func (s *State) settle(t Turn) Turn {
	ps := s.seats()
	pts := uint32(0)
	for i := range ps {
		pts |= uint32(ps[i].points) << (8 * uint32(i&3))
	}
	pts, won, deducted := settleLanes(pts, laneBytes[1<<len(ps)-1])
	for i := range ps {
		ps[i].points = uint8(pts >> (8 * uint32(i&3)))
	}
	if deducted {
		t |= 1 << turnDeducted
	}
	switch {
	case won >= 0:
		s.Phase, s.Winner = nzsc.GameOver, int8(won)
	case s.Turn >= s.TurnCap:
		s.Phase = nzsc.GameOver
	}
	return t
}
