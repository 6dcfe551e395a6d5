package protocol

import (
	"encoding/json"
	"time"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Version is the protocol version this package speaks. A bot answers the
// hello with the version it speaks; nzsc refuses any other.
const Version = 1

// Message types. Every message is one JSON object on one line with a
// "type" field naming one of these.
const (
	// nzsc to bot.
	TypeHello  = "hello"  // the handshake; the bot answers with its own hello
	TypeGame   = "game"   // a new game starts
	TypeDecide = "decide" // the bot must answer with a choice
	TypeResult = "result" // the game ended; no answer
	TypeQuit   = "quit"   // the bot must exit; no answer
	// Bot to nzsc.
	TypeChoice = "choice" // the answer to a decide
	TypeLog    = "log"    // a line for the bot's log file, allowed any time
)

// History modes a bot may ask for in its hello.
const (
	// HistoryFull sends the whole game so far with every decide.
	HistoryFull = "full"
	// HistoryDelta sends only the turns played since the previous decide
	// (or result) of the same game.
	HistoryDelta = "delta"
)

// Hello is nzsc's first message.
type Hello struct {
	Type     string `json:"type"`
	Protocol int    `json:"protocol"`
	// Program names the host: "nzsc".
	Program string `json:"program"`
	// GameName names the game the bot is to play ("nzsc", "npzr"; nzsc
	// games lists them) and Seats the players at its table. (Not "game":
	// every other message's "game" is the game's number, and bots that
	// read every message into one structure must keep working.)
	GameName string `json:"game_name,omitempty"`
	Seats    int    `json:"seats,omitempty"`
	// Options are the options given in the bot spec, as strings.
	Options map[string]string `json:"options"`
}

// BotMessage is any message a bot writes; which fields mean something
// depends on Type.
type BotMessage struct {
	Type string `json:"type"`
	// hello
	Protocol int      `json:"protocol,omitempty"`
	Name     string   `json:"name,omitempty"`
	Author   string   `json:"author,omitempty"`
	Options  []string `json:"options,omitempty"`
	History  string   `json:"history,omitempty"`
	// Observation, in a bot's hello, asks for the game contract's
	// observation in two-player NZSC's decide too (Decide.Observation),
	// so that one bot can read every game's decide the same way. It is
	// asked for rather than always sent because bots written before it
	// (the Python example among them) told two-player NZSC's decide from
	// every other game's by the field's absence.
	Observation bool `json:"observation,omitempty"`
	// choice
	Choice string `json:"choice,omitempty"`
	// log
	Message string `json:"message,omitempty"`
}

// Rules are the game's settings: the turn cap always, and each variant
// setting only when it differs from the shared rules (nzsc.Rules), so
// that a game under the shared rules is announced as it always was.
type Rules struct {
	TurnCap         int    `json:"turn_cap"`
	Points          int    `json:"points,omitempty"`
	MoveStreak      int    `json:"move_streak,omitempty"`
	CharacterStreak int    `json:"character_streak,omitempty"`
	Waits           int    `json:"waits,omitempty"`
	Headstarts      string `json:"headstarts,omitempty"`
	NoBooster       string `json:"no_booster,omitempty"`
}

// Game announces a new game.
type Game struct {
	Type string `json:"type"`
	// Game counts the games this bot instance has been given, from 1; it
	// goes on across restarts of the program.
	Game int `json:"game"`
	Seat int `json:"seat"`
	// Seed is the bot's seed for this game, in [0, 2^53) so that every
	// JSON reader holds it exactly; it derives from the game's seed and
	// the seat, so a bot that draws its randomness from it replays.
	Seed  uint64 `json:"seed"`
	Rules Rules  `json:"rules"`
	// Series is true on the first game of a series (absent otherwise):
	// the runner plays a series' games in order on this one instance
	// against one opponent, and which games form a series depends only
	// on the run's settings, so a bot that carries what it learned from
	// game to game only within a series, and forgets it here, gives the
	// same results whatever the workers or machines.
	Series bool `json:"series,omitempty"`
}

// Player is one side's public state.
type Player struct {
	// Character and Booster are "" (null on the wire) until settled; the
	// booster is settled from the move phase on.
	Character *string `json:"character"`
	Booster   *string `json:"booster"`
	Points    int     `json:"points"`
	Waits     int     `json:"waits"`
	// LastCharacter was picked CharacterStreak times in a row (clashes
	// included); a fourth time is illegal.
	LastCharacter   *string `json:"last_character"`
	CharacterStreak int     `json:"character_streak"`
	// LastMove was played MoveStreak rounds in a row.
	LastMove   *string `json:"last_move"`
	MoveStreak int     `json:"move_streak"`
	// Destroyed lists destroyed moves; Available the moves playable now
	// (empty outside the move phase).
	Destroyed []string `json:"destroyed"`
	Available []string `json:"available"`
}

// Side is one seat's part of a turn.
type Side struct {
	// Choice is the name answered, "" for a nonexistent name or a pass.
	Choice string `json:"choice"`
	// Offence is the penalty clause charged ("" for none), see Offence.
	Offence string `json:"offence"`
	// Gained is the points won this turn (round points, headstart or a
	// penalty point from the opponent's offence).
	Gained int `json:"gained"`
}

// Turn is one played turn, from the receiving bot's point of view.
type Turn struct {
	Phase    string `json:"phase"`
	You      Side   `json:"you"`
	Opponent Side   `json:"opponent"`
	// Clash: both picked the same character. Setback: both reached five
	// and went back to four.
	Clash   bool `json:"clash"`
	Setback bool `json:"setback"`
}

// Decide asks the bot for a choice.
type Decide struct {
	Type string `json:"type"`
	Game int    `json:"game"`
	// Turn is the number of turns played so far in this game (all
	// phases), which is also this decision's index in the history.
	Turn  int    `json:"turn"`
	Phase string `json:"phase"`
	// Clock is the bot's clock when it plays under one (tc=), nil (no
	// field on the wire) when it does not, so that a bot without a clock
	// is sent what it always was.
	Clock    *Clock `json:"clock,omitempty"`
	You      Player `json:"you"`
	Opponent Player `json:"opponent"`
	// History holds turns HistoryStart, HistoryStart+1, ...: all of them
	// (HistoryStart 0) unless the bot asked for delta history.
	HistoryStart int    `json:"history_start"`
	History      []Turn `json:"history"`
	// Legal lists the legal choices by name, in canonical order.
	Legal []string `json:"legal"`
	// Observation is the game contract's observation of the deciding
	// seat (nzsc.GameState.Observe, as AnyDecide carries every other
	// game's), sent only to a bot whose hello asked for it
	// (BotMessage.Observation); absent otherwise, so that every other bot
	// is sent what it always was.
	Observation json.RawMessage `json:"observation,omitempty"`
}

// Clock is what a bot under a clock is told with each decide, as a chess
// engine is told wtime, winc and movestogo: the time its clock has left
// for this decision, counted from the moment nzsc starts writing the
// decide (a bot that answers later than that loses the game on time),
// the increment added after each decision, and how many decisions are
// left before the clock is topped up by the time control's base time
// again (absent for a clock that covers the whole game).
type Clock struct {
	TimeMS    int64 `json:"time_ms"`
	IncMS     int64 `json:"inc_ms"`
	MovesToGo int   `json:"moves_to_go,omitempty"`
}

// NewClock returns the clock field of a bot with left on its clock,
// inc added after each decision and movesToGo decisions to the next
// time control (0: none), in whole milliseconds, rounded down so that a
// bot that spends all it is told is never over its clock.
func NewClock(left, inc time.Duration, movesToGo int) Clock {
	return Clock{TimeMS: left.Milliseconds(), IncMS: inc.Milliseconds(), MovesToGo: movesToGo}
}

// Result tells the bot how a game ended.
type Result struct {
	Type string `json:"type"`
	Game int    `json:"game"`
	// Outcome is "win", "loss" or "draw" for the receiving bot.
	Outcome string `json:"outcome"`
	// Forfeit is "opponent" when the opponent forfeited (it failed), else
	// "". A bot that forfeits itself is stopped and gets no result.
	Forfeit string `json:"forfeit"`
	// Margin names a won game's margin ("Clinch", ...), "" otherwise.
	Margin       string `json:"margin"`
	Turns        int    `json:"turns"`
	You          Player `json:"you"`
	Opponent     Player `json:"opponent"`
	HistoryStart int    `json:"history_start"`
	History      []Turn `json:"history"`
}

// Quit asks the bot to exit.
type Quit struct {
	Type string `json:"type"`
}

// offenceNames are the wire names of nzsc.Offence values.
var offenceNames = [...]string{
	nzsc.NoOffence:      "",
	nzsc.WrongUniverse:  "wrong_universe",
	nzsc.DestroyedMove:  "destroyed_move",
	nzsc.FourthInARow:   "fourth_in_a_row",
	nzsc.WrongCharacter: "wrong_character",
	nzsc.WrongBooster:   "wrong_booster",
	nzsc.Stuck:          "stuck",
}

// Offence returns the wire name of an offence: "" for none, else one of
// wrong_universe, destroyed_move, fourth_in_a_row, wrong_character,
// wrong_booster, stuck.
func Offence(o nzsc.Offence) string {
	if int(o) < len(offenceNames) {
		return offenceNames[o]
	}
	return "unknown"
}

// ChoiceName returns the wire name of choice c in phase p, "" for a
// choice that names nothing (a nonexistent answer, or a stuck player's
// pass).
func ChoiceName(p nzsc.Phase, c nzsc.Choice) string {
	n := c.Name(p)
	if n == "nonexistent" {
		return ""
	}
	return n
}

// names of every character, booster and move, kept as strings so that
// filling a message takes their addresses without allocating.
var (
	characterNames [nzsc.NumCharacters]string
	boosterNames   [nzsc.NumBoosters]string
	moveNames      [nzsc.NumMoves]string
)

func init() {
	for i := range characterNames {
		characterNames[i] = nzsc.Character(i).String()
	}
	for i := range boosterNames {
		boosterNames[i] = nzsc.Booster(i).String()
	}
	for i := range moveNames {
		moveNames[i] = nzsc.Move(i).String()
	}
}

// BoostersSettled reports whether boosters have been chosen in the game
// that reached s through history: the engine keeps a booster value before
// that, which must not be shown.
func BoostersSettled(s *nzsc.State, history []nzsc.Turn) bool {
	switch s.Phase {
	case nzsc.PickMove:
		return true
	case nzsc.GameOver:
		for _, t := range history {
			if t.Phase() == nzsc.PickMove || t.Phase() == nzsc.PickBooster && !t.Nullified() {
				return true
			}
		}
	}
	return false
}

// FillPlayer writes seat's public state in s into p, reusing p's slices;
// boosters tells whether boosters are settled (see BoostersSettled).
func FillPlayer(p *Player, s *nzsc.State, seat int, boosters bool) {
	p.Character, p.Booster, p.LastCharacter, p.LastMove = nil, nil, nil, nil
	if c := s.Character(seat); c < nzsc.NumCharacters {
		p.Character = &characterNames[c]
		if boosters {
			if b := s.Booster(seat); b < nzsc.NumBoosters {
				p.Booster = &boosterNames[b]
			}
		}
	}
	p.Points, p.Waits = s.Points(seat), s.Waits(seat)
	lc, n := s.CharacterStreak(seat)
	p.CharacterStreak = 0
	if n > 0 && lc < nzsc.NumCharacters {
		p.LastCharacter, p.CharacterStreak = &characterNames[lc], n
	}
	lm, n := s.MoveStreak(seat)
	p.MoveStreak = 0
	if n > 0 && lm < nzsc.NumMoves {
		p.LastMove, p.MoveStreak = &moveNames[lm], n
	}
	p.Destroyed = appendMoves(p.Destroyed[:0], s.Destroyed(seat))
	p.Available = appendMoves(p.Available[:0], s.Available(seat))
}

func appendMoves(dst []string, set uint32) []string {
	if dst == nil {
		dst = []string{} // an empty list, not null, on the wire
	}
	for m := range nzsc.NumMoves {
		if set>>m&1 == 1 {
			dst = append(dst, moveNames[m])
		}
	}
	return dst
}

// AppendTurns appends the turns of history, seen from seat, to dst.
func AppendTurns(dst []Turn, history []nzsc.Turn, seat int) []Turn {
	if dst == nil {
		dst = []Turn{}
	}
	for _, t := range history {
		p := t.Phase()
		dst = append(dst, Turn{
			Phase:    p.String(),
			You:      side(t, p, seat),
			Opponent: side(t, p, 1-seat),
			Clash:    t.Clash(),
			Setback:  t.Setback(),
		})
	}
	return dst
}

func side(t nzsc.Turn, p nzsc.Phase, seat int) Side {
	return Side{Choice: ChoiceName(p, t.Choice(seat)), Offence: Offence(t.Offence(seat)), Gained: int(t.Gained(seat))}
}

// Fill writes the decision of seat in state s into d, reusing d's slices:
// the history from turn start on, and the legal choices.
func (d *Decide) Fill(game int, s *nzsc.State, seat int, history []nzsc.Turn, start int, legal []nzsc.Choice) {
	d.Type, d.Game, d.Turn, d.Phase = TypeDecide, game, len(history), s.Phase.String()
	boosters := BoostersSettled(s, history)
	FillPlayer(&d.You, s, seat, boosters)
	FillPlayer(&d.Opponent, s, 1-seat, boosters)
	start = min(max(start, 0), len(history))
	d.HistoryStart = start
	d.History = AppendTurns(d.History[:0], history[start:], seat)
	if d.Legal == nil {
		d.Legal = []string{}
	}
	d.Legal = d.Legal[:0]
	for _, c := range legal {
		d.Legal = append(d.Legal, ChoiceName(s.Phase, c))
	}
}

// Outcome returns "win", "loss" or "draw" for seat given the winning
// seat (-1 for a draw).
func Outcome(winner, seat int) string {
	switch winner {
	case -1:
		return "draw"
	case seat:
		return "win"
	}
	return "loss"
}

// Fill writes the end of a game into r, seen from seat: the final state
// s reached through history (turns from start on are sent), the winning
// seat (-1 for a draw) and whether the opponent forfeited.
func (r *Result) Fill(game int, s *nzsc.State, seat int, history []nzsc.Turn, start, winner int, opponentForfeited bool) {
	r.Type, r.Game, r.Turns = TypeResult, game, len(history)
	r.Outcome = Outcome(winner, seat)
	r.Forfeit, r.Margin = "", ""
	if opponentForfeited {
		r.Forfeit = "opponent"
	} else if winner >= 0 {
		r.Margin = s.Margin()
	}
	boosters := BoostersSettled(s, history)
	FillPlayer(&r.You, s, seat, boosters)
	FillPlayer(&r.Opponent, s, 1-seat, boosters)
	start = min(max(start, 0), len(history))
	r.HistoryStart = start
	r.History = AppendTurns(r.History[:0], history[start:], seat)
}

// The messages below are those of every game other than two-player NZSC
// (whose messages above keep protocol 1 as it was): the game's
// observation and legal actions as the game's docs write them.

// AnyGame announces a new game of any game.
type AnyGame struct {
	Type string `json:"type"`
	Game int    `json:"game"`
	Seat int    `json:"seat"`
	Seed uint64 `json:"seed"`
	// Rules are every rules option of the game, as strings.
	Rules map[string]string `json:"rules"`
	// Series is as Game's.
	Series bool `json:"series,omitempty"`
}

// AnyDecide asks for an action: what the bot's seat sees, and its legal
// actions by name.
type AnyDecide struct {
	Type string `json:"type"`
	Game int    `json:"game"`
	// Clock is as Decide's: nil (absent) for a bot without a clock.
	Clock       *Clock          `json:"clock,omitempty"`
	Observation json.RawMessage `json:"observation"`
	Legal       []string        `json:"legal"`
}

// AnyResult tells how a game of any game ended.
type AnyResult struct {
	Type string `json:"type"`
	Game int    `json:"game"`
	// Places are every seat's finishing place (1 first, shared when
	// equal), Score their points, Winner the winning seat or -1.
	Places []int `json:"places"`
	Score  []int `json:"score"`
	Winner int   `json:"winner"`
	// Forfeit is the seat that forfeited, when one did.
	Forfeit *int `json:"forfeit,omitempty"`
}
