package nzsc

import (
	"fmt"
	"math/bits"
)

// Phase says what both players choose next.
type Phase uint8

// The phases of a game, in order.
const (
	PickCharacter Phase = iota
	PickBooster
	PickMove
	GameOver
)

var phaseNames = [...]string{"character", "booster", "move", "over"}

// String returns "character", "booster", "move" or "over".
func (p Phase) String() string { return phaseNames[p&3] }

// Choice is one player's answer in a phase: the value of a Character in
// PickCharacter, of a Booster in PickBooster, of a Move in PickMove.
// Values outside the phase's range, such as Unknown, stand for names that
// do not exist in the game (the "wrong universe" penalty).
type Choice uint8

// Unknown is the choice for a name that is not a character, booster or move.
const Unknown Choice = 0xFF

// MaxChoices is the most legal choices a player can have in any phase (a
// full move set), so a [MaxChoices]Choice buffer always suffices.
const MaxChoices = 5

// Name returns the display name of c as read in phase p.
func (c Choice) Name(p Phase) string {
	switch {
	case p == PickCharacter && c < NumCharacters:
		return Character(c).String()
	case p == PickBooster && c < NumBoosters:
		return Booster(c).String()
	case p == PickMove && c < NumMoves:
		return Move(c).String()
	}
	return "nonexistent"
}

// ParseChoice reads a name as an answer in phase p. A name that is not a
// character (booster, move) of the game gives Unknown, which the rules
// penalize; it is not an error.
func ParseChoice(p Phase, s string) Choice {
	switch p {
	case PickCharacter:
		if c, ok := ParseCharacter(s); ok {
			return Choice(c)
		}
	case PickBooster:
		if b, ok := ParseBooster(s); ok {
			return Choice(b)
		}
	case PickMove:
		if m, ok := ParseMove(s); ok {
			return Choice(m)
		}
	}
	return Unknown
}

// Offence names the penalty clause an illegal choice falls under.
type Offence uint8

// The penalty clauses; the first that applies is the one charged.
const (
	NoOffence Offence = iota
	// WrongUniverse: a character, booster or move that does not exist.
	WrongUniverse
	// DestroyedMove: one of the player's own moves that was destroyed.
	DestroyedMove
	// FourthInARow: the same character or move a fourth time in a row
	// (under variant rules, once more than the streak limit allows).
	FourthInARow
	// WrongCharacter: a booster or move of another character.
	WrongCharacter
	// WrongBooster: a move of the player's character's other booster, or
	// any booster move after choosing No Booster.
	WrongBooster
	// Stuck: the player has no legal move and passes; charged as the
	// cheapest clause, WrongBooster.
	Stuck
)

var offenceWaits = [...]uint8{0, 4, 4, 3, 3, 2, 2}
var offenceNames = [...]string{
	"no offence", "wrong universe", "destroyed move", "more than three times in a row",
	"wrong character", "wrong booster", "stuck (no legal move)",
}

// Waits returns how many waits the offence costs.
func (o Offence) Waits() uint8 { return offenceWaits[o] }

// String returns the offence's name as the rulebook calls it.
func (o Offence) String() string { return offenceNames[o] }

// Result says how a game stands.
type Result uint8

// The results of a game.
const (
	Ongoing Result = iota
	FirstWins
	SecondWins
	Draw
)

var resultNames = [...]string{"ongoing", "first seat wins", "second seat wins", "draw"}

// String describes the result.
func (r Result) String() string { return resultNames[r&3] }

// Winner returns the winning seat, or -1 for a draw or an ongoing game.
func (r Result) Winner() int {
	switch r {
	case FirstWins:
		return 0
	case SecondWins:
		return 1
	}
	return -1
}

// player is one seat's side of the state.
type player struct {
	// character is NoCharacter until characters are settled; booster is
	// meaningful from PickMove on.
	character Character
	booster   Booster
	// lastCharacter was picked characterStreak times in a row (clashes
	// included).
	lastCharacter   Character
	characterStreak uint8
	// The move phase works on bit sets (bit i = Move i) so that the legal
	// moves are owned &^ destroyed &^ blocked, two instructions:
	// owned is the loadout's moves (empty before boosters are settled),
	// blocked the move barred by the three-in-a-row rule (at most one).
	owned     uint32
	destroyed uint32
	blocked   uint32
}

// moveBit[c] is 1<<c for a move c, and 0 for every other choice: a bit
// of a move set from a load rather than a shift, which x86 takes only by
// CL (Step's round needs six), indexed by any Choice without a test or
// a guard (Step finds a choice that is no move illegal by its bit alone).
var moveBit = func() (t [256]uint32) {
	for m := range Move(NumMoves) {
		t[m] = 1 << m
	}
	return t
}()

// noMove is lastMove before any round; it equals no move.
const noMove Move = 0xFF

// Rules are the configurable settings of a game. The zero value of every
// field but TurnCap means the shared rules' setting, so that a literal
// naming only the turn cap keeps its meaning.
type Rules struct {
	// TurnCap ends a game as a draw once this many turns (all phases)
	// have been played without a winner. At most 65535.
	TurnCap int
	// Points is the score that wins, 3 to 9 (0: WinningPoints).
	// The settings are bytes so that NewGame compares Rules with the
	// shared ones in a few instructions.
	Points uint8
	// MoveStreak is the most rounds in a row a player may play one move,
	// 2 to 4 (0: 3).
	MoveStreak uint8
	// CharacterStreak is the most picks in a row (clashes included) of
	// one character, 2 to 4 (0: 3).
	CharacterStreak uint8
	// Waits is the waits each player starts with, 1 to 8 (0: 4).
	Waits uint8
	// NoHeadstarts drops the headstart points of the character pairing.
	NoHeadstarts bool
	// BoosterRequired forbids No Booster: a player must take one of its
	// character's boosters.
	BoosterRequired bool
}

// DefaultRules are the rules of shared play: a 1000-turn cap.
var DefaultRules = Rules{TurnCap: defaultTurnCap}

const defaultTurnCap = 1000

// The ranges of the rules' settings, and their shared values.
const (
	MinPoints, MaxPoints = 3, 9
	MinStreak, MaxStreak = 2, 4
	MinWaits, MaxWaits   = 1, 8
	DefaultStreak        = 3
	DefaultWaits         = 4
)

// Normalized returns r with every zero setting (but the turn cap)
// replaced by the shared rules' value.
func (r Rules) Normalized() Rules {
	if r.Points == 0 {
		r.Points = WinningPoints
	}
	if r.MoveStreak == 0 {
		r.MoveStreak = DefaultStreak
	}
	if r.CharacterStreak == 0 {
		r.CharacterStreak = DefaultStreak
	}
	if r.Waits == 0 {
		r.Waits = DefaultWaits
	}
	return r
}

// Variant reports whether r differs from the shared rules in anything but
// the turn cap.
func (r Rules) Variant() bool {
	n := r.Normalized()
	n.TurnCap = DefaultRules.TurnCap
	return n != DefaultRules.Normalized()
}

// Check returns an error naming the first setting of r out of its range.
func (r Rules) Check() error {
	n := r.Normalized()
	switch {
	case r.TurnCap < 1 || r.TurnCap > 0xFFFF:
		return fmt.Errorf("turn cap %d: want 1 to 65535", r.TurnCap)
	case n.Points < MinPoints || n.Points > MaxPoints:
		return fmt.Errorf("points %d: want %d to %d", n.Points, MinPoints, MaxPoints)
	case n.MoveStreak < MinStreak || n.MoveStreak > MaxStreak:
		return fmt.Errorf("move streak %d: want %d to %d", n.MoveStreak, MinStreak, MaxStreak)
	case n.CharacterStreak < MinStreak || n.CharacterStreak > MaxStreak:
		return fmt.Errorf("character streak %d: want %d to %d", n.CharacterStreak, MinStreak, MaxStreak)
	case n.Waits < MinWaits || n.Waits > MaxWaits:
		return fmt.Errorf("waits %d: want %d to %d", n.Waits, MinWaits, MaxWaits)
	}
	return nil
}

// variant is the rules other than the turn cap as State keeps them, each
// setting coded so that the zero variant is the shared rules and the fast
// paths test one field: bits 0-2 the character streak limit xor 3, 3-5
// the move streak limit xor 3, 6 no headstarts, 8 booster required (bit
// NoBooster, so that it masks the booster phase's legal set), 9-12 the
// winning points xor 5, 13-15 the starting waits less 4 (mod 8). The
// settings LegalMask reads cost it an operation or two each, which keeps
// it inlinable.
type variant uint16

func variantOf(r Rules) variant {
	n := r.Normalized()
	return variant(n.CharacterStreak^DefaultStreak) |
		variant(n.MoveStreak^DefaultStreak)<<3 |
		variant(b2u(n.NoHeadstarts))<<6 |
		variant(b2u(n.BoosterRequired))<<NoBooster |
		variant(n.Points^WinningPoints)<<9 |
		variant(n.Waits-DefaultWaits)&7<<13
}

// points is the score that wins.
func (v variant) points() uint8 { return uint8(v>>9)&15 ^ WinningPoints }

// characterLimit and moveLimit are the longest allowed streaks.
func (v variant) characterLimit() uint8 { return uint8(v)&7 ^ DefaultStreak }
func (v variant) moveLimit() uint8      { return uint8(v>>3)&7 ^ DefaultStreak }
func (v variant) waits() uint8          { return (uint8(v>>13)+DefaultWaits-1)&7 + 1 }
func (v variant) headstarts() bool      { return v>>6&1 == 0 }

// bannedBoosters is the bit set (bit i = Booster i) of the boosters no
// character may take.
func (v variant) bannedBoosters() uint32 { return uint32(v) & (1 << NoBooster) }

func (v variant) rules(turnCap uint16) Rules {
	r := Rules{TurnCap: int(turnCap), Points: v.points(), MoveStreak: v.moveLimit(),
		CharacterStreak: v.characterLimit(), Waits: v.waits(),
		NoHeadstarts: !v.headstarts(), BoosterRequired: v.bannedBoosters() != 0}
	return r
}

// State is a whole game between seats 0 and 1: a 48-byte value with no
// pointers, so copying it is cheap and copies are independent.
type State struct {
	players [2]player
	// The seats' scores, waits and move streaks are kept here side by
	// side rather than in players, so that a round adds both scores in
	// one operation (and players stays 16 bytes, State 48): lastMove[i]
	// was played moveStreak[i] rounds in a row; nullified turns do not
	// count. lastMove is noMove before the first round.
	points     [2]uint8
	waits      [2]uint8
	lastMove   [2]Move
	moveStreak [2]uint8
	Phase      Phase
	Result     Result
	Turn       uint16
	TurnCap    uint16
	// variant is the rules but the turn cap; zero for the shared rules,
	// which the fast paths serve.
	variant variant
}

// WinningPoints is the score that ends a game under the shared rules
// (Rules.Points).
const WinningPoints = 5

// NewGame returns the state before the first character pick. It panics
// on rules out of range (Rules.Check), a programmer error: ParseRules
// reads rules from people.
func NewGame(r Rules) State {
	// Small enough to inline: random play starts a game in a few dozen
	// nanoseconds, and a call here was a sixth of that.
	s := newGame
	if r != (Rules{TurnCap: defaultTurnCap}) {
		s.setRules(r)
	}
	return s
}

// setRules sets up a new game under other rules than DefaultRules.
func (s *State) setRules(r Rules) {
	if r.TurnCap <= 0 || r.TurnCap > 0xFFFF {
		panic("nzsc: TurnCap must be in 1..65535")
	}
	if err := r.Check(); err != nil {
		panic("nzsc: " + err.Error())
	}
	s.TurnCap = uint16(r.TurnCap)
	if v := variantOf(r); v != 0 {
		s.variant = v
		s.waits = [2]uint8{v.waits(), v.waits()}
	}
}

// Rules returns the rules the game is played under, every setting
// filled in.
func (s *State) Rules() Rules { return s.variant.rules(s.TurnCap) }

// newGame is NewGame's state but for the turn cap. Copying it is plain
// loads; building the State field by field made the compiler assemble it
// with overlapping stores on the stack and read it back across them, which
// store forwarding cannot serve.
var newGame = func() State {
	p := player{character: NoCharacter, lastCharacter: NoCharacter, booster: NoBooster}
	return State{players: [2]player{p, p}, waits: [2]uint8{DefaultWaits, DefaultWaits},
		lastMove: [2]Move{noMove, noMove}, Phase: PickCharacter, TurnCap: uint16(DefaultRules.TurnCap)}
}()

// NewRound returns the state at the start of the move phase for the two
// loadouts, headstarts applied, as if both had picked them at the first
// try (streaks of one pick each). It is where solvers and perft start.
func NewRound(r Rules, a, b Loadout) State {
	s := NewGame(r)
	for i, l := range [2]Loadout{a, b} {
		p := &s.players[i]
		p.character, p.booster = l.Character, l.Booster
		p.owned = loadoutMoves(l.Character, l.Booster)
		p.lastCharacter, p.characterStreak = l.Character, 1
	}
	ga, gb := s.headstart(a.Character, b.Character)
	s.points[0], s.points[1] = ga, gb
	s.Phase = PickMove
	return s
}

// headstart is Headstart under the game's rules (Rules.Headstart, read
// from the variant without building Rules).
func (s *State) headstart(a, b Character) (ga, gb uint8) {
	ga, gb = Headstart(a, b)
	if !s.variant.headstarts() {
		return 0, 0
	}
	return ga, gb
}

// headstartOver[c] is the character c gets a headstart against.
var headstartOver = [NumCharacters]Character{Ninja: Samurai, Zombie: NoCharacter, Samurai: Clown, Clown: Ninja}

// Headstart returns the headstart points each side gets when characters a
// and b meet: Ninja over Samurai, Samurai over Clown, Clown over Ninja.
func Headstart(a, b Character) (ga, gb uint8) {
	// Branch-free: in random play the pairing is a coin toss. The &3
	// spares PlayRandom a bounds check; characters are below 4.
	return b2u(headstartOver[a&3] == b), b2u(headstartOver[b&3] == a)
}

// Turn records what happened in one call of Step, packed into 32 bits so
// that it is returned in a register and a game's history is 4 bytes a turn.
type Turn uint32

// Bit layout of a Turn.
const (
	turnChoiceA  = 0  // 8 bits: seat 0's choice
	turnChoiceB  = 8  // 8 bits: seat 1's choice
	turnOffenceA = 16 // 3 bits
	turnOffenceB = 19 // 3 bits
	turnGainedA  = 22 // 2 bits
	turnGainedB  = 24 // 2 bits
	turnPhase    = 26 // 2 bits
	turnClash    = 28
	turnSetback  = 29
)

func newTurn(p Phase, a, b Choice) Turn {
	return Turn(a)<<turnChoiceA | Turn(b)<<turnChoiceB | Turn(p)<<turnPhase
}

// Phase is the phase the turn was played in.
func (t Turn) Phase() Phase { return Phase(t >> turnPhase & 3) }

// Choice is what seat answered.
func (t Turn) Choice(seat int) Choice { return Choice(t >> (8 * uint(seat&1))) }

// Offence is the clause seat was penalized under, or NoOffence.
func (t Turn) Offence(seat int) Offence {
	return Offence(t >> (turnOffenceA + 3*uint(seat&1)) & 7)
}

// Gained is seat's points from this turn: round points, a headstart, or a
// penalty point earned from the opponent's offence.
func (t Turn) Gained(seat int) uint8 { return uint8(t >> (turnGainedA + 2*uint(seat&1)) & 3) }

// Clash reports that both picked the same character and must repick.
func (t Turn) Clash() bool { return t>>turnClash&1 == 1 }

// Setback reports that both reached five points and went back to four.
func (t Turn) Setback() bool { return t>>turnSetback&1 == 1 }

// Nullified reports whether an offence voided the turn.
func (t Turn) Nullified() bool { return t>>turnOffenceA&0x3F != 0 }

func (t Turn) withOffences(a, b Offence) Turn {
	return t | Turn(a)<<turnOffenceA | Turn(b)<<turnOffenceB
}

func (t Turn) withGained(seat int, g uint8) Turn {
	return t + Turn(g)<<(turnGainedA+2*uint(seat&1))
}

// available returns the bit set of moves the player may play now: its
// loadout's moves, less destroyed ones, less a move played in each of the
// last three rounds. Zero means the player is stuck.
func (p *player) available() uint32 { return p.owned &^ (p.destroyed | p.blocked) }

// LegalMask returns the seat's legal choices in the current phase as a bit
// set (bit i = Choice i). Zero in PickMove means the player is stuck;
// zero in GameOver means there is nothing to choose.
func (s *State) LegalMask(seat int) uint32 {
	p := &s.players[seat]
	if s.Phase == PickMove {
		return p.available()
	}
	switch s.Phase {
	case PickCharacter:
		return p.characterMask(s.variant.characterLimit())
	case PickBooster:
		return ownBoosters[p.character&3] | ^uint32(s.variant)&(1<<NoBooster)
	}
	return 0
}

// ownBoosters[c] is the bit set of character c's two boosters: a load,
// which keeps LegalMask within the inliner's budget with its test for the
// move phase first.
var ownBoosters = [NumCharacters]uint32{0b11, 0b11 << 2, 0b11 << 4, 0b11 << 6}

// characterMask returns the bit set of characters the player may pick:
// all but one picked limit times in a row.
func (p *player) characterMask(limit uint8) uint32 {
	m := uint32(1)<<NumCharacters - 1
	if p.characterStreak >= limit {
		m &^= 1 << p.lastCharacter
	}
	return m
}

// Legal writes the seat's legal choices, in canonical order, into buf and
// returns how many there are. A stuck player has none: whatever it answers
// is ignored and it passes. The entries of buf past the count are
// overwritten too, with values of no meaning.
func (s *State) Legal(seat int, buf *[MaxChoices]Choice) int {
	return ListLegal(s.LegalMask(seat), buf)
}

// ListLegal is Legal for a legal set already in hand (LegalMask's): it
// writes the set m's choices, lowest first, into buf and returns how many
// there are. A legal set lies within 9 bits from its lowest (a
// character's moves and the characters within 7, a character's two
// boosters with No Booster within 9), so the list is windowList's entry
// for that window, shifted: a load, an add and the stores, and no loop
// whose length a branch predictor would have to guess (issue 26). A set
// that is no legal set (wider than 9 bits) is listed wrongly; ListLegal
// does not test for it, which would cost it a call and its inlining
// (issue 26, sixth pass). An empty set reads entry 0 and counts 0.
func ListLegal(m uint32, buf *[MaxChoices]Choice) int {
	low := bits.TrailingZeros32(m)
	w := m >> (low & 31) // low&31: no guard for a shift of 32 (m is 0 then)
	row := windowList[w&511] + uint64(low)*0x0101010101
	buf[0], buf[1], buf[2], buf[3], buf[4] = Choice(row), Choice(row>>8), Choice(row>>16), Choice(row>>24), Choice(row>>32)
	return int(row >> 56)
}

// windowList[w] is ListLegal's list for the 9-bit window w: in byte i,
// for i below MaxChoices, the place of w's i-th set bit, lowest first (0
// past the last: the meaningless entries), and in byte 7 the count of
// those places. One load gives both, no count from bits.OnesCount32 (a
// test for the POPCNT instruction and a fallback call), and ListLegal
// stays small enough to be inlined.
var windowList = func() (t [512]uint64) {
	for w := range t {
		n := 0
		for m := uint32(w); m != 0 && n < MaxChoices; m &= m - 1 {
			t[w] |= uint64(bits.TrailingZeros32(m)) << (8 * n)
			n++
		}
		t[w] |= uint64(n) << 56
	}
	return t
}()

// LegalAt returns choice u mod n of the legal set m of n choices
// (LegalMask's, not empty), in Legal's canonical order: what Legal writes
// at buf[u%n], found without listing the set or dividing. u must be below
// 60, which every count up to MaxChoices divides, so that a uniform
// base-60 digit picks a uniform choice (the random bot's draws and
// PlayRandom's); a u below n is simply the u-th choice.
func LegalAt(m uint32, u uint) Choice {
	low := bits.TrailingZeros32(m)
	w := m >> (low & 31)
	if w >= 128 {
		return legalAtSlow(m, u)
	}
	return Choice(low) + Choice(windowPick[w][u&63])
}

// legalAtSlow is LegalAt for a set wider than a window: the first
// character's boosters with No Booster (bits 0, 1 and 8).
func legalAtSlow(m uint32, u uint) Choice {
	for k := u % uint(bits.OnesCount32(m)); k > 0; k-- {
		m &= m - 1
	}
	return Choice(bits.TrailingZeros32(m))
}

// Stuck reports whether the seat must pass this round for want of a legal
// move.
func (s *State) Stuck(seat int) bool {
	return s.Phase == PickMove && s.players[seat].available() == 0
}

// Offence returns the clause under which choice c by seat would be
// penalized now, or NoOffence when c is legal.
func (s *State) Offence(seat int, c Choice) Offence {
	p := &s.players[seat]
	switch s.Phase {
	case PickCharacter:
		return characterOffence(p.lastCharacter, p.characterStreak, s.variant.characterLimit(), c)
	case PickBooster:
		return boosterOffence(p.character, s.variant.bannedBoosters(), c)
	case PickMove:
		return p.moveOffence(c, p.available())
	}
	return NoOffence
}

func (p *player) moveOffence(c Choice, avail uint32) Offence {
	switch {
	case avail == 0:
		return Stuck
	case c < NumMoves && avail>>c&1 == 1:
		return NoOffence
	case c >= NumMoves:
		return WrongUniverse
	}
	m := Move(c)
	if p.owned>>m&1 == 1 {
		if p.destroyed>>m&1 == 1 {
			return DestroyedMove
		}
		return FourthInARow
	}
	if m.Owner() == p.character {
		// Base moves are always granted, so this is a booster move the
		// player did not take: the other booster's, or any after No Booster.
		return WrongBooster
	}
	return WrongCharacter
}

// Step plays one turn with seat 0 answering a and seat 1 answering b, and
// reports what happened. After GameOver it does nothing.
//
// A round with two legal moves, the common case, is played here from one
// lookup of roundFold (its Turn, points and lost moves; a second for
// Smash against Shadow Fireball) and the streak rule; every other turn
// is stepSlow's. (Playing the round in a function
// of its own, and its points, lost moves and Turn each from its own rule,
// cost a call and about 55 more instructions a round, issue 26.)
func (s *State) Step(a, b Choice) Turn {
	p, q := &s.players[0], &s.players[1]
	// A choice that is no move has no bit (moveBit), so it is in no
	// available set.
	ba, bb := moveBit[a], moveBit[b]
	if s.Phase != PickMove || p.available()&ba == 0 || q.available()&bb == 0 {
		return s.stepSlow(a, b)
	}
	ma, mb := Move(a), Move(b)
	e := roundFold[0][ma&31][mb&31]
	if e&(1<<strongFold) != 0 {
		// Smash against Shadow Fireball: the points hang on who has
		// the Strong booster.
		e = roundFold[strongPair(p.booster, q.booster)][ma&31][mb&31]
	}
	t := Turn(e & turnMask)
	// Both scores as one word (seat 0's the low byte), both gains (bits
	// 0-1 and 2-3 of g) moved into its lanes: one load, add and store
	// rather than two of each (issue 26, fifth pass).
	g := e >> turnGainedA
	both := uint16(s.points[0]) | uint16(s.points[1])<<8
	both += uint16(g&3 | g&0xC<<6)
	s.points[0], s.points[1] = uint8(both), uint8(both>>8)
	if e >= 1<<lostFoldA {
		// A move is lost (both flags are the top bits): rare.
		p.destroyed |= ba & -(e >> lostFoldA & 1)
		q.destroyed |= bb & -(e >> lostFoldB)
	}
	limit := s.variant.moveLimit()
	s.moveStreak[0], p.blocked = streakWith(s.lastMove[0], s.moveStreak[0], ma, ba, limit)
	s.moveStreak[1], q.blocked = streakWith(s.lastMove[1], s.moveStreak[1], mb, bb, limit)
	s.lastMove = [2]Move{ma, mb}
	turn := s.Turn + 1
	s.Turn = turn
	// settle has nothing to do under the shared rules below five points
	// and the turn cap. Under them a score is at most 7 here (4 before the
	// round, 3 gained), so it is five or more exactly when adding 3 sets
	// its lane's bit 3: one test for both.
	if s.variant != 0 || (both+0x0303)&0x0808 != 0 || turn >= s.TurnCap {
		t = s.settle(t)
	}
	return t
}

// unsettled reports whether settle has anything to do under the shared
// rules: a score of five or the turn cap reached.
func (s *State) unsettled() bool {
	return s.points[0] >= WinningPoints || s.points[1] >= WinningPoints || s.Turn >= s.TurnCap
}

// The round rules as pure functions on scalars, shared by Step and the
// register-resident loop of PlayRandom so that the rules exist once.

// strongPair is roundTable's and roundFold's first index for the two
// boosters.
func strongPair(a, b Booster) uint8 { return b2u(a == Strong)<<1 | b2u(b == Strong) }

// lost returns the moves a player loses after playing mine against
// theirs: a single-use move destroys itself, and a destructive move of the
// opponent's destroys mine. Branch-free, as both are rare. (The shift
// counts are masked to 31, which moves never reach, so that the compiler
// drops its guards for counts of 32 and more.)
func lost(mine, theirs Move) uint32 {
	return singleUseMask&(1<<(mine&31)) | (destructiveMask>>(theirs&31)&1)<<(mine&31)
}

// streakAfter returns the streak after playing m when last was played
// streak times in a row, and the move the streak rule then bars when at
// most limit rounds in a row are allowed. Branch-free: whether a random
// move repeats is a coin flip.
func streakAfter(last Move, streak uint8, m Move, limit uint8) (uint8, uint32) {
	return streakWith(last, streak, m, moveBit[m&31], limit)
}

// streakWith is streakAfter with m's bit in hand (Step has it from
// moveBit already): the rule once, without a second lookup.
func streakWith(last Move, streak uint8, m Move, bit uint32, limit uint8) (uint8, uint32) {
	// The reset stays a mask (written as an if, the compiler branched on
	// it); the bar is an if, which it compiles to a conditional move, two
	// instructions fewer than a mask (issue 26, fifth pass).
	streak = streak&-b2u(last == m) + 1
	if streak < limit {
		bit = 0
	}
	return streak, bit
}

// stepSlow plays every turn but a legal round: picks, and penalties.
// The legal picks are played here rather than in a function a phase
// (two calls fewer a pick); penalties, rare, are penalizeChoices'.
func (s *State) stepSlow(a, b Choice) Turn {
	t := newTurn(s.Phase, a, b)
	p, q := &s.players[0], &s.players[1]
	switch s.Phase {
	case PickMove:
		t = s.penalize(t.withOffences(p.moveOffence(a, p.available()), q.moveOffence(b, q.available())))
	case PickCharacter:
		// Both legal: in LegalMask's sets for the phase (a|b <
		// NumCharacters, a power of two, is a < NumCharacters && b <
		// NumCharacters).
		limit := s.variant.characterLimit()
		if a|b >= NumCharacters || (p.characterMask(limit)>>(a&3))&(q.characterMask(limit)>>(b&3))&1 == 0 {
			t = s.penalizeChoices(t)
			break
		}
		p.pickCharacter(Character(a))
		q.pickCharacter(Character(b))
		if a == b {
			t |= 1 << turnClash
			break
		}
		// The characters are settled, and the headstarts given.
		p.character, q.character = Character(a), Character(b)
		ga, gb := s.headstart(Character(a), Character(b))
		s.points[0] += ga
		s.points[1] += gb
		s.Phase = PickBooster
		t = t.withGained(0, ga).withGained(1, gb)
	case PickBooster:
		// Both legal: in LegalMask's sets, which have no bit from 16 on
		// in this phase.
		if a|b >= 16 || (s.LegalMask(0)>>(a&15))&(s.LegalMask(1)>>(b&15))&1 == 0 {
			t = s.penalizeChoices(t)
			break
		}
		s.pickBoosters(Booster(a), Booster(b))
	default:
		return t
	}
	s.Turn++
	if s.variant != 0 || s.unsettled() {
		t = s.settle(t)
	}
	return t
}

// penalizeChoices charges the offences of the turn t's choices (a pick
// phase's; at least one is illegal).
func (s *State) penalizeChoices(t Turn) Turn {
	return s.penalize(t.withOffences(s.Offence(0, t.Choice(0)), s.Offence(1, t.Choice(1))))
}

func (p *player) pickCharacter(c Character) {
	if p.characterStreak > 0 && p.lastCharacter == c {
		p.characterStreak++
		return
	}
	p.lastCharacter, p.characterStreak = c, 1
}

// pickBoosters plays the legal booster picks a and b.
func (s *State) pickBoosters(a, b Booster) {
	p, q := &s.players[0], &s.players[1]
	p.booster, q.booster = a, b
	p.owned = loadoutMoves(p.character, a)
	q.owned = loadoutMoves(q.character, b)
	s.Phase = PickMove
}

// penalize charges each offender its waits; an offender whose waits would
// drop below zero is set to zero and its opponent scores a point.
func (s *State) penalize(t Turn) Turn {
	for seat := range 2 {
		o := t.Offence(seat)
		if o == NoOffence {
			continue
		}
		if w := o.Waits(); s.waits[seat] >= w {
			s.waits[seat] -= w
		} else {
			s.waits[seat] = 0
			s.points[1-seat]++
			t = t.withGained(1-seat, 1)
		}
	}
	return t
}

// settle applies the end-of-turn rules: the winning score (five) wins
// unless both are level (then both go back to one less), and the turn cap
// draws.
func (s *State) settle(t Turn) Turn {
	a, b := s.points[0], s.points[1]
	if win := s.variant.points(); max(a, b) >= win {
		if a != b {
			// Branch-free: who wins a random game is a coin toss.
			s.Phase, s.Result = GameOver, FirstWins+Result(b2u(b > a))
			return t
		}
		s.points[0], s.points[1] = win-1, win-1
		t |= 1 << turnSetback
	}
	if s.Turn >= s.TurnCap {
		s.Phase, s.Result = GameOver, Draw
	}
	return t
}

var marginNames = [...]string{"Wipeout", "Annihilation", "Obliteration", "Hypnotization", "Clinch"}

// Margin returns the name of a finished game's margin by the loser's
// points: 5-0 Wipeout, 5-1 Annihilation, 5-2 Obliteration, 5-3
// Hypnotization, 5-4 Clinch; "" for a draw, an ongoing game or a game to
// other than five points, which the rulebook does not name.
func (s *State) Margin() string {
	w := s.Result.Winner()
	if w < 0 || s.variant.points() != WinningPoints {
		return ""
	}
	loser := s.points[1-w]
	if int(loser) < len(marginNames) {
		return marginNames[loser]
	}
	return ""
}
