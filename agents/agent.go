package agents

import (
	"errors"
	"math/rand/v2"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Agent is a bot playing one seat of NZSC.
type Agent interface {
	// NewGame starts a fresh game in seat (0 or 1). rng is the agent's
	// source for this game; it is reseeded for every game.
	NewGame(seat int, rng *rand.Rand)
	// Choose answers a decision. It is called only when the agent has at
	// least one legal choice, in every phase (character, booster, move).
	// Returning a choice outside d.Legal is allowed and is penalized by
	// the rules.
	Choose(d *Decision) nzsc.Choice
}

// Decision is what an agent sees when it must choose: the whole public
// state (NZSC has no hidden information), the game so far, and its legal
// choices. Everything is read-only and valid only during the call.
type Decision struct {
	Seat    int
	State   *nzsc.State
	History []nzsc.Turn
	// Legal lists the legal choices in canonical order; never empty.
	Legal []nzsc.Choice
}

// MaskChooser is implemented by agents that can choose from their legal
// choices given as a bit set (nzsc.State.LegalMask: bit c is choice c),
// unlisted. Table, which plays two-player games, then calls ChooseMask
// instead of Choose and lists nothing: d.Legal is nil, legal is never
// empty, the rest of d is as for Choose. Other callers still call Choose.
// ChooseMask must answer exactly as Choose would with d.Legal listing
// legal in canonical order (the same choice from the same draws), so that
// a game does not depend on the path; it is the same bot's fast path (a
// search bot's strength at equal time is its simulation speed, issue 26).
// nzsc.LegalAt picks from the set without listing it. Beware embedding: a
// type that embeds a MaskChooser and answers differently in its own
// Choose must hide or redefine ChooseMask too, or Table will never call
// that Choose.
type MaskChooser interface {
	ChooseMask(d *Decision, legal uint32) nzsc.Choice
}

// DigitPicker is implemented by agents whose every choice in a
// two-player game is a uniform pick read from the seat's source by the
// agent's nzsc.Digits (the random bot): the next digit picks
// nzsc.LegalAt(legal, digit), a word being drawn from the source handed
// to NewGame when none is left. Table then makes the agent's picks
// itself, inline, from the seat's source and the Digits that Digits
// returns (a pointer into the agent, which NewGame resets), and calls
// neither Choose nor ChooseMask nor Fault during the game: the same
// choices from the same draws, without an interface call a decision
// (issue 26). One agent seated in both seats of a game is asked as
// before (its one Digits cannot follow two sources). Other callers
// still call Choose. Beware embedding, as for
// MaskChooser: a type that embeds a DigitPicker and chooses otherwise
// must hide Digits.
type DigitPicker interface {
	Digits() *nzsc.Digits
}

// Closer is implemented by agents that hold resources (processes, files)
// to release when a runner is done with them.
type Closer interface {
	Close() error
}

// Faulter is implemented by agents that can fail during a game (an
// external program that crashes, times out or writes garbage). Fault
// returns the failure in the current game, or nil; NewGame clears it. A
// faulted agent forfeits the game.
type Faulter interface {
	Fault() error
}

// Finisher is implemented by agents that want to know how each game
// ended; exec bots pass the result on to their program. A runner calls
// Finish once after every game, forfeited or not, with the outcome and
// the game's history. The outcome is passed by value so that the call
// does not make it escape to the heap.
type Finisher interface {
	Finish(o Outcome, history []nzsc.Turn)
}

// FaultKinder is implemented by fault errors that say what kind of fault
// they are ("timeout", "crash", "protocol", "illegal"); runners count
// forfeits per kind.
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
