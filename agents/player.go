package agents

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

// Player is a bot for any game of the lab, through the game contract: it
// is given its seat's observation and its legal actions, never more than
// its player may see. Two-player NZSC bots implement Agent instead, which
// sees the (wholly public) nzsc.State directly and stays on the fast
// path; AsPlayer lets the generic table seat them too.
type Player interface {
	// NewGame starts a game of g in seat. rng is the bot's source for
	// this game; it is reseeded for every game.
	NewGame(g game.Game, seat int, rng *rand.Rand)
	// Act answers one decision. legal is never empty and is valid only
	// during the call, as is obs (obs.Clone where the game has one keeps
	// it). An action outside legal is penalized or forfeits the game, as
	// the game's Info says.
	Act(obs game.Observation, legal []game.Action) game.Action
}

// AsPlayer returns a two-player NZSC Agent as a Player, for the generic
// table. The observation it is given must be NZSC's (*nzsc.Observation).
func AsPlayer(a Agent) Player { return &agentPlayer{a: a} }

type agentPlayer struct {
	a     Agent
	d     Decision
	legal [nzsc.MaxChoices]nzsc.Choice
}

func (p *agentPlayer) NewGame(_ game.Game, seat int, rng *rand.Rand) {
	p.d = Decision{Seat: seat}
	p.a.NewGame(seat, rng)
}

func (p *agentPlayer) Act(obs game.Observation, legal []game.Action) game.Action {
	o, ok := obs.(*nzsc.Observation)
	if !ok {
		panic(fmt.Sprintf("agents: an NZSC bot was given a %T observation", obs))
	}
	// Sliced to legal's length first, so that the loop has no bounds
	// check (legal holds at most MaxChoices choices).
	dst := p.legal[:len(legal)]
	for i, a := range legal {
		dst[i] = nzsc.Choice(a)
	}
	p.d.State, p.d.History, p.d.Legal = o.State, o.History, dst
	return game.Action(p.a.Choose(&p.d))
}

// Unwrap returns the Agent behind a Player made by AsPlayer, so that the
// runner can reach its Faulter, Finisher and Closer.
func (p *agentPlayer) Unwrap() Agent { return p.a }

// GameResult is how a game played by PlayerTable ended.
type GameResult struct {
	// Outcome is the finishing order (a forfeit's, when one happened).
	Outcome game.Outcome
	// Steps is the number of steps played.
	Steps int
	// Forfeit is the seat that forfeited, or -1; Fault says why.
	Forfeit int
	Fault   error
	// Illegal[s] counts the actions of seat s outside its legal actions
	// that the rules penalized (games that do not forfeit them).
	Illegal [game.MaxSeats]int
}

// GameFinisher is implemented by Players that want to know how each game
// ended (external programs are told); PlayerTable calls FinishGame once
// after every game, forfeited or not. res is the table's, valid only
// during the call (it holds the next game's result after).
type GameFinisher interface {
	FinishGame(res *GameResult)
}

// IllegalActionError is the fault of a bot whose action is not legal in a
// game that forfeits illegal actions.
type IllegalActionError struct {
	Seat   int
	Action string
}

func (e *IllegalActionError) Error() string {
	return fmt.Sprintf("seat %d: illegal action %q", e.Seat, e.Action)
}

// FaultKind names the fault for the per-kind accounting.
func (e *IllegalActionError) FaultKind() string { return "illegal" }

// PlayerTable plays games of any game between Players, holding the buffers
// a worker reuses between games. Names, when Record is set, keeps every
// step's actions by name for game records.
type PlayerTable struct {
	src   [game.MaxSeats]rng.Wyrand
	rng   [game.MaxSeats]*rand.Rand
	acts  []game.Action
	legal []game.Action
	toAct []int
	// seated are the bots of the game under way.
	seated []Player
	// Record asks Play to keep each step's actions in Names, one name per
	// seat as the seat's observation names it, "" for a seat that did not
	// decide (the game record's form).
	Record bool
	Names  [][]string
	// Final is the last game's final state, until the next game: a
	// game of Play or PlaySeeds starts in the storage of the last one
	// they started when the game can (StateRenewer). Clone keeps it.
	Final game.State
	// ctx is passed on to the bots at every game (SetContext).
	ctx context.Context
	// res is the game's result while it is played: handed to the bots'
	// FinishGame, a local would escape and be allocated every game.
	res GameResult
	// spare is the state of the last game PlaySeeds started, renewed
	// for the next (StateRenewer); never a state a caller handed in.
	spare game.State
}

// StateRenewer is implemented by games (game.Game) that can start a new
// game in the storage of a state they made, so that a table playing game
// after game allocates nothing for them (a state and its history were
// the allocations of a game, and with their collection over a tenth of
// a two-player game's instructions through the contract). RenewState
// returns g.NewState(seed) in old's storage and true when g is the
// renewing game itself and old one of its states (any rules or seats);
// old is then invalid, as is every observation of it. Otherwise it
// returns false and touches nothing: in particular when g is a game
// that embeds the renewing one (and so has its RenewState) but starts
// its games otherwise, its own NewState (a start position, say).
type StateRenewer interface {
	RenewState(g game.Game, old game.State, seed uint64) (game.State, bool)
}

// SetContext makes Play pass ctx on to its bots that search
// (ContextSetter) at the start of every game, as Table.SetContext does.
func (t *PlayerTable) SetContext(ctx context.Context) { t.ctx = ctx }

// NewPlayerTable returns a table ready for Play.
func NewPlayerTable() *PlayerTable {
	t := &PlayerTable{acts: make([]game.Action, game.MaxSeats), legal: make([]game.Action, 0, 64), toAct: make([]int, 0, game.MaxSeats)}
	for i := range t.rng {
		t.rng[i] = rand.New(&t.src[i])
	}
	return t
}

// Play plays one game of g from seed with bots[s] in seat s. Seat s's
// random source is SeatSource(seed, s), as on the NZSC table. A bot that
// reports a Fault forfeits at once, as does one whose action is illegal
// in a game that forfeits illegal actions.
func (t *PlayerTable) Play(g game.Game, seed uint64, bots []Player) GameResult {
	return t.PlaySeeds(g, seed, seed, bots)
}

// PlaySeeds is Play with the game's own draws (a chance game's deal) from
// deal and the bots' randomness from botSeed: a run's openings fix the
// deal while the bots draw afresh.
func (t *PlayerTable) PlaySeeds(g game.Game, deal, botSeed uint64, bots []Player) GameResult {
	renewed := false
	if r, ok := g.(StateRenewer); ok && t.spare != nil {
		t.spare, renewed = r.RenewState(g, t.spare, deal)
	}
	if !renewed {
		t.spare = g.NewState(deal)
	}
	return t.PlayFrom(g, t.spare, nil, botSeed, bots)
}

// PlayFrom is PlaySeeds from st, a state of g after the steps opening
// names (as records name them; Names begins with them): a run's opening
// forces the first steps and the bots play on from there.
func (t *PlayerTable) PlayFrom(g game.Game, st game.State, opening [][]string, botSeed uint64, bots []Player) GameResult {
	n := g.Seats()
	if len(bots) != n {
		panic(fmt.Sprintf("agents: %d bots for %d seats", len(bots), n))
	}
	var faulters [game.MaxSeats]Faulter
	faults := false // whether any bot may report a fault: most may not
	for i, b := range bots {
		t.src[i].Seed(botSeed, uint64(i))
		b.NewGame(g, i, t.rng[i])
		faulters[i] = faulterOf(b)
		faults = faults || faulters[i] != nil
		if t.ctx != nil {
			SetContext(b, t.ctx)
		}
	}
	t.seated = bots
	t.Final = st
	t.Names = t.Names[:0]
	if t.Record {
		t.Names = append(t.Names, opening...)
	}
	forfeits := g.Info().IllegalForfeits
	acts := t.acts[:n]
	res := &t.res
	*res = GameResult{Forfeit: -1}
	// The buffers in locals during the game: stored into t at every
	// decision, each store of a slice tested for the garbage collector's
	// write barrier. Kept in t after it, grown.
	toAct, legal := t.toAct, t.legal
	defer func() { t.toAct, t.legal = toAct, legal }()
	for !st.Over() {
		for i := range acts {
			acts[i] = game.Pass
		}
		toAct = st.ToAct(toAct)
		for _, s := range toAct {
			legal = st.Legal(s, legal)
			if len(legal) == 0 {
				continue
			}
			a := bots[s].Act(st.Observe(s), legal)
			if faults && faulters[s] != nil {
				if err := faulters[s].Fault(); err != nil {
					return t.forfeit(res, n, s, err, st)
				}
			}
			if !slices.Contains(legal, a) {
				if forfeits {
					return t.forfeit(res, n, s, &IllegalActionError{Seat: s, Action: st.Observe(s).ActionString(a)}, st)
				}
				res.Illegal[s]++
			}
			acts[s] = a
		}
		if t.Record {
			t.Names = append(t.Names, t.names(st, acts))
		}
		if err := st.Apply(acts); err != nil {
			// The game refused actions Legal offered: a bug in the game.
			panic(fmt.Sprintf("agents: %s refused legal actions: %v", g.Info().Name, err))
		}
	}
	res.Outcome = st.Outcome()
	res.Steps = st.Turn()
	finish(bots, res)
	return *res
}

func (t *PlayerTable) forfeit(res *GameResult, seats, seat int, err error, st game.State) GameResult {
	res.Outcome = game.Forfeit(seats, seat)
	res.Outcome.Score = st.Outcome().Score // the points where the game stopped, as records keep them
	res.Forfeit, res.Fault, res.Steps = seat, err, st.Turn()
	finish(t.seated, res)
	return *res
}

// finish tells the bots that are GameFinishers how the game ended.
func finish(bots []Player, res *GameResult) {
	for _, b := range bots {
		if f, ok := b.(GameFinisher); ok {
			f.FinishGame(res)
		}
	}
}

// names names a step's actions as a game record keeps them.
func (t *PlayerTable) names(st game.State, acts []game.Action) []string {
	out := make([]string, len(acts))
	for s, a := range acts {
		if a != game.Pass {
			out[s] = st.Observe(s).ActionString(a)
		}
	}
	return out
}

// faulterOf returns b's Faulter, looking through AsPlayer.
func faulterOf(b Player) Faulter {
	if u, ok := b.(interface{ Unwrap() Agent }); ok {
		f, _ := u.Unwrap().(Faulter)
		return f
	}
	f, _ := b.(Faulter)
	return f
}
