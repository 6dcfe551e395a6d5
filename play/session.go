package play

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/agents"
	nzscbots "github.com/nzsclab/nzsc/agents/nzsc"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Commands is the part of every game's help that names the commands: they
// are the same in every game and never cost a turn.
const Commands = `These commands cost nothing:
  help   this text
  rules  the player's reference: what to choose, what it costs
  score  the score, and what each player holds
  legal  every choice you may make now
  quit   stop playing (the end of the input does too)`

// Help says what a person types while playing NZSC; 'nzsc play --help',
// the help command and the web page show it.
const Help = `Type the name of your choice when asked: case and spaces do not matter
("big hairy deal" is Big Hairy Deal). A name that is not one of the choices
offered costs waits, as in the original game. ` + Commands

// Question kinds: what a Reply asks.
const (
	// AskChoice asks for one of the options, which a terminal lists
	// under the question (NZSC's characters, boosters and moves).
	AskChoice = "choice"
	// AskAction asks for one of the options too, but a terminal does not
	// list them (there may be dozens: NPZR's plays); 'legal' does, and
	// a page shows them as buttons.
	AskAction = "action"
	// AskAgain asks whether to play another game (y or n).
	AskAgain = "again"
)

// Reply is what a session has to show after Start, Answer or Stop: the
// transcript lines that follow the person's answer, the question now put
// (none once the session is over) with the answers to offer, and the
// state of the game. Written as Write writes it, the replies of a
// session are nzsc play's transcript.
type Reply struct {
	// Lines continue the transcript ("" is a blank line).
	Lines []string `json:"lines"`
	// Ask is the question ("Choose a move:", "Play again? y/N"), Kind
	// its kind (AskChoice, AskAction or AskAgain); both "" when Over.
	Ask  string `json:"ask,omitempty"`
	Kind string `json:"kind,omitempty"`
	// Options are the answers to offer: the legal choices in the game's
	// canonical order, or "y" and "n".
	Options []string `json:"options,omitempty"`
	Status  Status   `json:"status"`
	// Over is set when the session has ended (no more games).
	Over bool `json:"over"`
	// Wrap asks a terminal to wrap the lines at word boundaries (NPZR's
	// are long); a page wraps them at its own width.
	Wrap bool `json:"wrap,omitempty"`
}

// Status is the state of the session's current game, for a display that
// keeps it in view.
type Status struct {
	// Game is the game's registry name ("nzsc", "npzr"), Title its full
	// name, Label its name at this table (game.Label: "Ninja Zombie
	// Samurai Clown, 3 players", as every page names it), Seats the
	// players and Seat the person's seat.
	Game  string `json:"game"`
	Title string `json:"title"`
	Label string `json:"label"`
	Seats int    `json:"seats"`
	Seat  int    `json:"seat"`
	// Names names every seat as the transcript does ("You", "Computer").
	Names []string `json:"names"`
	// Opponent is the bots' spec.
	Opponent string `json:"opponent"`
	// Number is the game's number in the session, from 1; Seed its seed
	// (0x hex) and Replay the command line that replays it.
	Number int    `json:"number"`
	Seed   string `json:"seed"`
	Replay string `json:"replay"`
	// Phase is what is decided now, as the game names it (NZSC:
	// character, booster, move; NPZR: play, move), or over.
	Phase string `json:"phase"`
	// Turn is the steps played (game.State.Turn).
	Turn int `json:"turn"`
	// Result is the last line of a finished game ("You won 5-2
	// (Obliteration).").
	Result string `json:"result,omitempty"`
	// Board is the game's own picture of the table, for a page to draw:
	// NZSCBoard or NPZRBoard.
	Board any `json:"board"`
}

// Options configure a session of games.
type Options struct {
	// Game is the game played: its kind, seats and rules. Nil is
	// two-player NZSC under Rules.
	Game game.Game
	// Rules are two-player NZSC's rules when Game is nil.
	Rules nzsc.Rules
	// Seat is the person's seat; Bot fills every other seat, each bot
	// its own instance. When it is the classic opponent (two-player
	// NZSC), a seed is its generator's 32-bit starting state, as in the
	// original game; for any other bot it is the 64-bit game seed, and a
	// bot's random source is the one a match would give its seat.
	Seat int
	Bot  *agents.Bot
	// Seed is the first game's seed; later games (after "Play again?")
	// take seeds drawn from it, so a whole session replays from it.
	Seed uint64
	// Echo copies every line read into the transcript, as a terminal
	// shows what is typed; set it when the input is not a terminal.
	Echo bool
	// Record, when set, receives each game as a game record when it
	// ends. A game stopped early (quit, the end of the input) is not
	// recorded: a record's result must be one its moves give.
	Record func(*game.Record) error
}

// IsClassic reports whether bot is two-player NZSC's classic opponent,
// whose seeds are 32-bit generator states (the classic bot of 3 or 4
// players draws its state from the game seed, as every other bot does).
// A classic bot with noise is seeded as every other bot, from the game
// seed: its noise needs the seat's source.
func IsClassic(bot *agents.Bot) bool {
	return bot.Info.Name == "classic" && bot.Info.New != nil && bot.Noise == 0
}

// DefaultOpponent is the bot a person plays when none is named: the
// original game's classic computer in NZSC (at 3 or 4 players each seat
// draws its generator from the game seed; greedy, deterministic, would
// pick the same character as its twin every turn and the characters
// would never settle), greedy in NPZR.
func DefaultOpponent(gameName string, seats int) string {
	if gameName == nzsc.Info.Name {
		return "classic"
	}
	return "greedy"
}

// Session is a person's games against bots, any game of the lab at any
// number of seats, driven one answer at a time and tied to no terminal:
// the terminal (Run), the web server and the static web page all play
// through it. It is not safe for concurrent use.
type Session struct {
	opt   Options
	g     game.Game
	info  *game.Info
	me    int
	t     teller
	seeds *rand.Rand
	seed  uint64
	n     int // games started

	bots     []agents.Player // by seat, nil at the person's
	ctx      context.Context // given to the bots (SetContext); nil: none
	faulters []agents.Faulter
	st       game.State
	turns    [][]string // the game's steps by name, for its record
	asking   string     // AskChoice or AskAction, AskAgain, or "" when over
	over     bool
	last     *game.Record // the last finished game
	started  bool
	opened   int // the step at which the person's decision was last opened
	legal    []game.Action
	toAct    []int
	acts     []game.Action
}

// NewSession prepares a session; Start begins its first game. A game no
// teller knows, a seat out of range or a bot that does not play the game
// at its number of seats is an error.
func NewSession(o Options) (*Session, error) {
	if o.Bot == nil {
		return nil, fmt.Errorf("play: no opponent")
	}
	g := o.Game
	if g == nil {
		g = nzsc.NewContractGame(o.Rules)
	}
	n := g.Seats()
	if o.Seat < 0 || o.Seat >= n {
		return nil, fmt.Errorf("play: seat %d: %s at %d players has seats 0 to %d", o.Seat, g.Info().Name, n, n-1)
	}
	if o.Bot.Info.Game != g.Info().Name && o.Bot.Info.Game != agents.AnyGame || !o.Bot.Info.Supports(n) {
		return nil, fmt.Errorf("play: bot %s does not play %s at %d players", o.Bot.Spec, g.Info().Name, n)
	}
	names := make([]string, n)
	for s := range names {
		if s != o.Seat {
			names[s] = o.Bot.Name()
		}
	}
	t, err := newTeller(g, o.Seat, names)
	if err != nil {
		return nil, err
	}
	return &Session{opt: o, g: g, info: g.Info(), me: o.Seat, t: t, seed: o.Seed,
		seeds: rand.New(rand.NewPCG(o.Seed, 0x6e7a7363)), // "nzsc"
		bots:  make([]agents.Player, n), faulters: make([]agents.Faulter, n), acts: make([]game.Action, n)}, nil
}

// Start begins the first game and returns its opening lines and first
// question.
func (s *Session) Start() (Reply, error) {
	if s.started {
		return Reply{}, fmt.Errorf("play: session already started")
	}
	s.started = true
	var r Reply
	if err := s.newGame(&r); err != nil {
		s.end()
		return s.reply(r), err
	}
	s.ask(&r)
	return s.reply(r), nil
}

// Answer takes one line the person typed and returns what follows. A
// blank line is no answer (nothing happens); help, rules, score, legal
// and quit are commands that never cost a turn in any game; anything
// else answers the question. A name that is not a legal choice is
// penalized where the game's rules penalize it (NZSC), or explained and
// asked again where the game does not take it (NPZR). The error is a
// failing bot (or a failing Options.Record); the session is then over.
func (s *Session) Answer(line string) (Reply, error) {
	var r Reply
	if !s.started || s.over {
		return s.reply(r), fmt.Errorf("play: the session is over")
	}
	r.Lines = append(r.Lines, "")
	cmd := strings.ToLower(strings.TrimSpace(line))
	switch cmd {
	case "":
		r.Lines = nil
		s.ask(&r)
		return s.reply(r), nil
	case "help", "?":
		r.Lines = append(r.Lines, strings.Split(s.t.help(), "\n")...)
		r.Lines = append(r.Lines, "")
		s.ask(&r)
		return s.reply(r), nil
	case "rules":
		r.Lines = append(r.Lines, strings.Split(s.t.rules(), "\n")...) // ends with "\n": a blank line
		s.ask(&r)
		return s.reply(r), nil
	case "score":
		r.Lines = append(r.Lines, s.t.score(s.st)...)
		r.Lines = append(r.Lines, "")
		s.ask(&r)
		return s.reply(r), nil
	case "legal":
		r.Lines = append(r.Lines, s.legalLines()...)
		r.Lines = append(r.Lines, "")
		s.ask(&r)
		return s.reply(r), nil
	case "quit":
		return s.Stop(), nil
	}
	if lines, ok := s.t.command(cmd, s.st); ok && s.asking != AskAgain {
		r.Lines = append(r.Lines, lines...)
		r.Lines = append(r.Lines, "")
		s.ask(&r)
		return s.reply(r), nil
	}
	if s.asking == AskAgain {
		if !strings.HasPrefix(cmd, "y") {
			s.end()
			return s.reply(Reply{}), nil
		}
		if err := s.newGame(&r); err != nil {
			s.end()
			return s.reply(r), err
		}
		s.ask(&r)
		return s.reply(r), nil
	}
	s.legal = s.st.Legal(s.me, s.legal)
	a, why, ok := s.byNumber(line)
	if !ok {
		a, why = s.t.parse(s.st, line, s.legal)
	}
	if why != nil {
		r.Lines = append(r.Lines, why...)
		r.Lines = append(r.Lines, "")
		s.ask(&r)
		return s.reply(r), nil
	}
	if err := s.step(&r, a, line); err != nil {
		s.end()
		return s.reply(r), err
	}
	if err := s.advance(&r); err != nil {
		s.end()
		return s.reply(r), err
	}
	s.ask(&r)
	return s.reply(r), nil
}

// Stop ends the session where it stands (the input ended, or the person
// quit): a game in progress stops with the score so far, unrecorded.
func (s *Session) Stop() Reply {
	var r Reply
	if s.started && !s.over && s.asking != AskAgain && s.asking != "" {
		r.Lines = []string{"", s.t.stopped(s.st)}
	}
	s.end()
	return s.reply(r)
}

// SetContext ties the bots' searches to ctx (agents.SetContext) until the
// next call; nil unties them. A server gives each request's context, so
// that a bot thinking for a client that left stops at once: it answers
// from what it searched, and the game goes on from that answer.
func (s *Session) SetContext(ctx context.Context) {
	s.ctx = ctx
	for _, b := range s.bots {
		if b != nil {
			agents.SetContext(b, ctx)
		}
	}
}

// Close stops the session and releases its bots (external programs).
func (s *Session) Close() { s.end() }

// Over reports whether the session has ended.
func (s *Session) Over() bool { return s.over }

// Record returns the last finished game as a game record, or nil before
// any game has finished.
func (s *Session) Record() *game.Record { return s.last }

// Status returns the current game's state.
func (s *Session) Status() Status { return s.status() }

// end closes the session's bots and marks it over.
func (s *Session) end() {
	s.over = true
	s.asking = ""
	s.closeBots()
}

func (s *Session) closeBots() {
	for i, b := range s.bots {
		if b != nil {
			if c := agents.CloserOf(b); c != nil {
				c.Close()
			}
		}
		s.bots[i], s.faulters[i] = nil, nil
	}
}

// newGame starts the next game: the first takes Options.Seed, later ones
// seeds drawn from it, so a whole session replays from its seed. The bots
// move until the person decides.
func (s *Session) newGame(r *Reply) error {
	if s.n > 0 {
		seed := s.seeds.Uint64()
		if IsClassic(s.opt.Bot) {
			for uint32(seed) == 0 {
				seed = s.seeds.Uint64()
			}
			seed = uint64(uint32(seed))
		}
		s.seed = seed
	}
	s.n++
	s.closeBots()
	for seat := range s.bots {
		if seat == s.me {
			continue
		}
		p, err := newOpponent(s.opt.Bot, s.g, seat, s.seed)
		if err != nil {
			return err
		}
		if s.ctx != nil {
			agents.SetContext(p, s.ctx)
		}
		s.bots[seat], s.faulters[seat] = p, faulterOf(p)
	}
	s.st = s.g.NewState(s.seed)
	s.turns = s.turns[:0]
	s.opened = -1
	r.Lines = append(r.Lines, s.t.heading(s.opt.Bot.Spec, s.seed, s.replay())...)
	return s.advance(r)
}

// newOpponent builds the bot of seat for one game with the given seed.
func newOpponent(bot *agents.Bot, g game.Game, seat int, seed uint64) (agents.Player, error) {
	if IsClassic(bot) {
		p := agents.AsPlayer(nzscbots.NewClassic(uint32(seed)))
		p.NewGame(g, seat, nil)
		return p, nil
	}
	p, err := bot.NewPlayer()
	if err != nil {
		return nil, err
	}
	p.NewGame(g, seat, rand.New(agents.SeatSource(seed, seat)))
	return p, nil
}

// faulterOf returns p's Faulter, looking through agents.AsPlayer.
func faulterOf(p agents.Player) agents.Faulter {
	if u, ok := p.(interface{ Unwrap() agents.Agent }); ok {
		f, _ := u.Unwrap().(agents.Faulter)
		return f
	}
	f, _ := p.(agents.Faulter)
	return f
}

// decides reports whether the person decides now (and has a choice: a
// stuck NZSC player is not asked, it passes).
func (s *Session) decides() bool {
	s.toAct = s.st.ToAct(s.toAct)
	if !slices.Contains(s.toAct, s.me) {
		return false
	}
	s.legal = s.st.Legal(s.me, s.legal)
	return len(s.legal) > 0
}

// advance plays the steps the person takes no part in until the person
// decides or the game ends.
func (s *Session) advance(r *Reply) error {
	for !s.st.Over() {
		if s.decides() {
			return nil
		}
		if err := s.step(r, game.Pass, ""); err != nil {
			return err
		}
	}
	return s.finish(r)
}

// step plays one step with the person's action mine (used only when the
// person decides in it) and the bots' actions, and narrates it.
func (s *Session) step(r *Reply, mine game.Action, answer string) error {
	s.toAct = s.st.ToAct(s.toAct)
	for i := range s.acts {
		s.acts[i] = game.Pass
	}
	for _, seat := range s.toAct {
		if seat == s.me {
			s.acts[seat] = mine
			continue
		}
		s.legal = s.st.Legal(seat, s.legal)
		if len(s.legal) == 0 {
			continue
		}
		a := s.bots[seat].Act(s.st.Observe(seat), s.legal)
		if f := s.faulters[seat]; f != nil {
			if err := f.Fault(); err != nil {
				return fmt.Errorf("opponent %s failed: %w", s.opt.Bot.Spec, err)
			}
		}
		if s.info.IllegalForfeits && !slices.Contains(s.legal, a) {
			return fmt.Errorf("opponent %s played an illegal action %q", s.opt.Bot.Spec, s.st.Observe(seat).ActionString(a))
		}
		s.acts[seat] = a
	}
	names := make([]string, len(s.acts))
	for seat, a := range s.acts {
		if a != game.Pass {
			names[seat] = s.st.Observe(seat).ActionString(a)
		}
	}
	before := s.st.Clone()
	if err := s.st.Apply(s.acts); err != nil {
		return fmt.Errorf("play: %w", err)
	}
	s.turns = append(s.turns, names)
	r.Lines = append(r.Lines, s.t.step(before, s.st, s.acts, answer)...)
	return nil
}

// finish records a finished game and releases its bots.
func (s *Session) finish(r *Reply) error {
	r.Lines = append(r.Lines, s.t.end(s.st)...)
	bots := make([]string, len(s.bots))
	for i := range bots {
		bots[i] = s.opt.Bot.Spec
	}
	bots[s.me] = "person"
	rec := game.NewRecord(s.g, s.seed, bots)
	rec.Turns = slices.Clone(s.turns)
	rec.Result.SetOutcome(s.st.Outcome())
	rec.Result.Steps = s.st.Turn()
	s.last = rec
	s.closeBots()
	if s.opt.Record != nil {
		if err := s.opt.Record(rec); err != nil {
			return fmt.Errorf("--record: %w", err)
		}
	}
	return nil
}

// ask puts the question the session is at into r; a decision newly
// opened first shows what the game shows then (NPZR: the table).
func (s *Session) ask(r *Reply) {
	switch {
	case s.over:
		s.asking = ""
	case s.st.Over():
		s.asking = AskAgain
		r.Ask, r.Kind, r.Options = "Play again? y/N", AskAgain, []string{"y", "n"}
	default:
		if s.opened != s.st.Turn() {
			s.opened = s.st.Turn()
			r.Lines = append(r.Lines, s.t.opening(s.st)...)
		}
		s.legal = s.st.Legal(s.me, s.legal)
		obs := s.st.Observe(s.me)
		var list bool
		r.Ask, list = s.t.question(s.st)
		r.Kind = AskAction
		if list {
			r.Kind = AskChoice
		}
		for _, a := range s.legal {
			r.Options = append(r.Options, obs.ActionString(a))
		}
		s.asking = r.Kind
	}
}

// legalLines answers the legal command.
func (s *Session) legalLines() []string {
	if s.asking == AskAgain {
		return []string{"y (another game) or n (stop)"}
	}
	s.legal = s.st.Legal(s.me, s.legal)
	obs := s.st.Observe(s.me)
	out := []string{"You may choose:"}
	for i, a := range s.legal {
		if s.asking == AskAction {
			// Numbered: a long action may be answered by its number.
			out = append(out, fmt.Sprintf("  %2d  %s", i+1, obs.ActionString(a)))
			continue
		}
		out = append(out, "  "+obs.ActionString(a))
	}
	return out
}

// byNumber reads line as the number of one of the legal actions, as the
// legal command lists them when the options are not listed with the
// question (AskAction; NZSC's names are answered by name, and a number
// there is a name that does not exist, as in the original game). ok is
// whether line is a number there: then a is its action, or why says
// that none has that number and the numbers there are (no action is
// written as a number: "999" read as "an action starts with play, move
// or decline").
func (s *Session) byNumber(line string) (a game.Action, why []string, ok bool) {
	t := strings.TrimSpace(line)
	if s.asking != AskAction || strings.Trim(strings.TrimLeft(t, "+-"), "0123456789") != "" || strings.TrimLeft(t, "+-") == "" {
		return game.Pass, nil, false
	}
	k, err := strconv.Atoi(t)
	if err != nil || k < 1 || k > len(s.legal) {
		open := fmt.Sprintf("the %d actions open now from 1 to %d", len(s.legal), len(s.legal))
		if len(s.legal) == 1 {
			open = "the one action open now 1"
		}
		return game.Pass, []string{fmt.Sprintf("%q: no action has that number; legal numbers %s.", t, open)}, true
	}
	return s.legal[k-1], nil, true
}

func (s *Session) reply(r Reply) Reply {
	if r.Lines == nil {
		r.Lines = []string{}
	}
	r.Status = s.status()
	r.Over = s.over
	r.Wrap = s.t.wrap()
	return r
}

func (s *Session) status() Status {
	out := Status{Game: s.info.Name, Title: s.info.Title, Label: game.Label(s.info.Name, len(s.bots)), Seats: len(s.bots), Seat: s.me, Names: s.t.names(),
		Opponent: s.opt.Bot.Spec, Number: s.n, Seed: game.FormatSeed(s.seed), Replay: s.replay()}
	if s.st == nil {
		out.Phase = "over"
		return out
	}
	out.Turn, out.Phase = s.st.Turn(), s.t.phase(s.st)
	if s.st.Over() {
		out.Phase = "over"
		out.Result = s.t.result(s.st)
	}
	out.Board = s.t.board(s.st)
	return out
}

// replay returns the command line that replays the current game.
func (s *Session) replay() string {
	return ReplayHint(s.g, s.me, s.opt.Bot, s.seed)
}

// ReplayHint returns the command line that replays a game of g with the
// person in seat and bot in the others: the game and its seats where they
// are not two-player NZSC's, the opponent where it is not the default,
// and every rule option that differs from its default as --rule flags.
func ReplayHint(g game.Game, seat int, bot *agents.Bot, seed uint64) string {
	var b strings.Builder
	info := g.Info()
	b.WriteString("nzsc play")
	if info.Name != agents.DefaultGame {
		b.WriteString(" --game " + info.Name)
	}
	if g.Seats() != 2 {
		fmt.Fprintf(&b, " --players %d", g.Seats())
	}
	if seat != 0 {
		fmt.Fprintf(&b, " --seat %d", seat)
	}
	if bot.Spec != DefaultOpponent(info.Name, g.Seats()) {
		b.WriteString(" --opponent " + bot.Spec)
	}
	rules := g.Rules()
	for _, k := range slices.Sorted(maps.Keys(rules)) {
		if rules[k] != info.Value(nil, k) {
			b.WriteString(" --rule " + k + "=" + rules[k])
		}
	}
	fmt.Fprintf(&b, " --seed %#x", seed)
	return b.String()
}
