package agents

import (
	"encoding/json"
	"math/rand/v2"
	"time"

	"github.com/nzsclab/nzsc/agents/protocol"
	"github.com/nzsclab/nzsc/engine/game"
)

// AnyGame is the game name under which a bot kind registers for every
// game (the exec bot): a spec is looked up there when its game has no
// kind of that name.
const AnyGame = "*"

func init() {
	Register(Info{
		Game: AnyGame, Name: "exec", MinSeats: 2, MaxSeats: game.MaxSeats,
		Help:     "a program speaking the bot protocol for this game (docs/protocol.md): exec:PROGRAM [ARGS...][;key=value...]",
		Params:   execParams,
		Prefix:   true,
		External: true,
		Names:    execNames,
		NewPlayer: func(p Params) (Player, error) {
			e, err := NewExec(p["arg"], defaultExec)
			if err != nil {
				return nil, err
			}
			return &ExecPlayer{Exec: e}, nil
		},
	})
}

// ExecPlayer is an external program playing any game but two-player NZSC
// (which keeps its own messages, see Exec): the hello names the game and
// its seats, each decision sends the seat's observation and legal actions
// as the game's docs write them, and the answer names one action. A
// program that fails forfeits the game, as with Exec; a name the game
// cannot read is an illegal action.
type ExecPlayer struct {
	*Exec
	g      game.Game
	legal  []string
	amsg   protocol.AnyGame
	decide protocol.AnyDecide
}

// NewGame implements Player.
func (x *ExecPlayer) NewGame(g game.Game, seat int, rng *rand.Rand) {
	if x.g == nil || x.g.Info() != g.Info() || x.g.Seats() != g.Seats() {
		// The hello names the game: a program started for another one
		// (never, in a run) would have to start again.
		if x.proc != nil && (x.gameName != g.Info().Name || x.seats != g.Seats()) {
			x.stop()
		}
		x.gameName, x.seats = g.Info().Name, g.Seats()
	}
	x.g = g
	x.Exec.NewGame(seat, rng)
}

// Act implements Player: it sends the decision and reads the answer. On a
// failure it records the fault and returns a legal action; the table
// then forfeits the game.
func (x *ExecPlayer) Act(obs game.Observation, legal []game.Action) game.Action {
	e := x.Exec
	if e.fault != nil {
		return legal[0]
	}
	if e.proc == nil {
		if err := e.Start(); err != nil {
			e.fail(err)
			return legal[0]
		}
	}
	e.limit = e.decisionLimit()
	deadline := time.Now().Add(e.limit)
	if !e.gameSent {
		x.amsg = protocol.AnyGame{Type: protocol.TypeGame, Game: e.game, Seat: e.seat, Seed: e.seed, Rules: x.g.Rules(), Series: e.series}
		if err := e.send(&x.amsg, deadline); err != nil {
			e.fail(err)
			return legal[0]
		}
		e.series = false
		e.gameSent = true
	}
	view, err := json.Marshal(obs)
	if err != nil {
		panic("agents: an observation does not encode: " + err.Error()) // a game's bug
	}
	x.legal = x.legal[:0]
	for _, a := range legal {
		x.legal = append(x.legal, obs.ActionString(a))
	}
	x.decide = protocol.AnyDecide{Type: protocol.TypeDecide, Game: e.game, Clock: e.clockField(), Observation: view, Legal: x.legal}
	choice, err := e.ask(&x.decide, deadline)
	if err != nil {
		e.fail(err)
		return legal[0]
	}
	a, err := obs.ParseAction(choice)
	if err != nil {
		e.log.Printf("game %d: %q is no action: %v", e.game, choice, err)
		return game.Pass // not legal: the table forfeits or penalizes it
	}
	return a
}

// FinishGame implements GameFinisher: it sends the game's result, once
// per game, as Exec.Finish does for NZSC.
func (x *ExecPlayer) FinishGame(res *GameResult) {
	e := x.Exec
	if e.finished || e.fault != nil || e.proc == nil || !e.gameSent {
		return
	}
	e.finished = true
	o := res.Outcome
	msg := protocol.AnyResult{Type: protocol.TypeResult, Game: e.game, Winner: o.Winner,
		Places: make([]int, o.Seats), Score: make([]int, o.Seats)}
	for s := range o.Seats {
		msg.Places[s], msg.Score[s] = int(o.Place[s]), o.Score[s]
	}
	if res.Forfeit >= 0 {
		f := res.Forfeit
		msg.Forfeit = &f
	}
	e.limit = e.timeout
	if err := e.send(&msg, time.Now().Add(e.timeout)); err != nil {
		e.log.Printf("game %d: result not delivered: %v", e.game, err)
		e.stop()
	}
}
