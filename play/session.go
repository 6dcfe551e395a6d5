package play

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/engine/game"
)

// Help says what a person types while playing; 'nzsc play --help', the
// help command and the web page show it.
const Help = `Type the name of your choice when asked: case and spaces do not matter
("big hairy deal" is Big Hairy Deal). A name that is not one of the choices
offered costs waits, as in the original game. These commands cost nothing:
  help   this text
  rules  the player's reference: characters, boosters, moves, penalties
  score  points, waits, destroyed moves and streaks
  quit   stop playing (the end of the input does too)`

// Question kinds: what a Reply asks.
const (
	// AskChoice asks for a character, booster or move; the options are
	// the legal choices, listed under the question.
	AskChoice = "choice"
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
	// its kind (AskChoice or AskAgain); both "" when Over.
	Ask  string `json:"ask,omitempty"`
	Kind string `json:"kind,omitempty"`
	// Options are the answers to offer: the legal choices in canonical
	// order, or "y" and "n".
	Options []string `json:"options,omitempty"`
	Status  Status   `json:"status"`
	// Over is set when the session has ended (no more games).
	Over bool `json:"over"`
}

// Status is the state of the session's current game, for a display that
// keeps it in view.
type Status struct {
	Opponent string `json:"opponent"`
	// Game is the game's number in the session, from 1; Seed its seed
	// (0x hex) and Replay the command line that replays it.
	Game   int    `json:"game"`
	Seed   string `json:"seed"`
	Replay string `json:"replay"`
	// Phase is what is chosen now: character, booster, move, or over.
	Phase string `json:"phase"`
	Turn  int    `json:"turn"`
	// You is seat 0 (the person), Computer seat 1 (the bot).
	You      Side `json:"you"`
	Computer Side `json:"computer"`
	// Result is the last line of a finished game ("You won 5-2
	// (Obliteration).").
	Result string `json:"result,omitempty"`
}

// Side is one player's standing.
type Side struct {
	Points int `json:"points"`
	Waits  int `json:"waits"`
	// Character and Booster once chosen ("" before).
	Character string `json:"character,omitempty"`
	Booster   string `json:"booster,omitempty"`
	// Destroyed lists the moves it can no longer play (destroyed, or
	// single-use and spent).
	Destroyed []string `json:"destroyed"`
	// Last is its last character pick (before the move phase) or move,
	// played InARow times running ("" and 0 before any).
	Last    string `json:"last,omitempty"`
	InARow  int    `json:"in_a_row"`
	Blocked string `json:"blocked,omitempty"` // the move or character it may not choose now (three in a row)
}

// Session is a person's games against a bot, driven one answer at a time
// and tied to no terminal: the terminal (Run), the web server and the
// static web page all play through it. It is not safe for concurrent use.
type Session struct {
	opt   Options
	seeds *rand.Rand
	seed  uint64
	n     int // games started

	bot     agents.Agent
	faulter agents.Faulter
	st      engine.State
	hist    []engine.Turn
	asking  string // AskChoice, AskAgain, or "" when over
	over    bool
	last    *game.Record // the last finished game
	buf     [engine.MaxChoices]engine.Choice
	started bool
}

// NewSession prepares a session; Start begins its first game.
func NewSession(o Options) (*Session, error) {
	if o.Bot == nil {
		return nil, fmt.Errorf("play: no opponent")
	}
	return &Session{opt: o, seed: o.Seed, seeds: rand.New(rand.NewPCG(o.Seed, 0x6e7a7363))}, nil // "nzsc"
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
		s.over = true
		return s.reply(r), err
	}
	s.ask(&r)
	return s.reply(r), nil
}

// Answer takes one line the person typed and returns what follows. A
// blank line is no answer (nothing happens); help, rules, score and quit
// are commands that never cost a turn; anything else answers the
// question, a name that is not a legal choice being penalized as the
// rules say. The error is a failing bot (or a failing Options.Record);
// the session is then over.
func (s *Session) Answer(line string) (Reply, error) {
	var r Reply
	if !s.started || s.over {
		return s.reply(r), fmt.Errorf("play: the session is over")
	}
	r.Lines = append(r.Lines, "")
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "":
		r.Lines = nil
		s.ask(&r)
		return s.reply(r), nil
	case "help":
		r.Lines = append(r.Lines, strings.Split(Help, "\n")...)
		r.Lines = append(r.Lines, "")
		s.ask(&r)
		return s.reply(r), nil
	case "rules":
		var b strings.Builder
		WriteReference(&b, s.opt.Rules)
		r.Lines = append(r.Lines, strings.Split(b.String(), "\n")...) // ends with "\n": a blank line
		s.ask(&r)
		return s.reply(r), nil
	case "score":
		r.Lines = append(r.Lines, scoreLines(&s.st)...)
		r.Lines = append(r.Lines, "")
		s.ask(&r)
		return s.reply(r), nil
	case "quit":
		return s.Stop(), nil
	}
	if s.asking == AskAgain {
		if !strings.HasPrefix(strings.ToLower(strings.TrimSpace(line)), "y") {
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
	if err := s.turn(&r, engine.ParseChoice(s.st.Phase, line), line); err != nil {
		s.end()
		return s.reply(r), err
	}
	// A person with no legal move is not asked: the bot plays on alone.
	for s.st.Phase != engine.GameOver && s.st.Legal(0, &s.buf) == 0 {
		if err := s.turn(&r, engine.Unknown, ""); err != nil {
			s.end()
			return s.reply(r), err
		}
	}
	if s.st.Phase == engine.GameOver {
		if err := s.finish(); err != nil {
			s.end()
			return s.reply(r), err
		}
		r.Lines = append(r.Lines, "") // two blank lines before the question, as in the handbook
	}
	s.ask(&r)
	return s.reply(r), nil
}

// Stop ends the session where it stands (the input ended, or the person
// quit): a game in progress stops with the score so far, unrecorded.
func (s *Session) Stop() Reply {
	var r Reply
	if s.started && !s.over && s.asking == AskChoice {
		r.Lines = []string{"", fmt.Sprintf("The game stops here with the score at %d-%d.", s.st.Points(0), s.st.Points(1))}
	}
	s.end()
	return s.reply(r)
}

// Close stops the session and releases its bot (an external program).
func (s *Session) Close() { s.end() }

// Over reports whether the session has ended.
func (s *Session) Over() bool { return s.over }

// Record returns the last finished game as a game record, or nil before
// any game has finished.
func (s *Session) Record() *game.Record { return s.last }

// Status returns the current game's state.
func (s *Session) Status() Status { return s.status() }

// end closes the session's bot and marks it over.
func (s *Session) end() {
	s.over = true
	s.asking = ""
	s.closeBot()
}

func (s *Session) closeBot() {
	if c, ok := s.bot.(agents.Closer); ok {
		c.Close()
	}
	s.bot, s.faulter = nil, nil
}

// newGame starts the next game: the first takes Options.Seed, later ones
// seeds drawn from it, so a whole session replays from its seed.
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
	s.closeBot()
	bot, err := newOpponent(s.opt.Bot, s.seed)
	if err != nil {
		return err
	}
	s.bot = bot
	s.faulter, _ = bot.(agents.Faulter)
	s.st = engine.NewGame(s.opt.Rules)
	s.hist = s.hist[:0]
	r.Lines = append(r.Lines, fmt.Sprintf("Playing against %s with seed %#x (replay: %s).", s.opt.Bot.Spec, s.seed, ReplayHint(s.opt.Bot, s.seed, s.opt.Rules)), "")
	return nil
}

// turn plays one turn with the person's choice (Unknown when stuck, or a
// name the rules do not read) and the bot's, and narrates it.
func (s *Session) turn(r *Reply, human engine.Choice, line string) error {
	comp := engine.Unknown
	if n := s.st.Legal(1, &s.buf); n > 0 {
		d := agents.Decision{Seat: 1, State: &s.st, History: s.hist, Legal: s.buf[:n]}
		comp = s.bot.Choose(&d)
		if s.faulter != nil {
			if err := s.faulter.Fault(); err != nil {
				return fmt.Errorf("opponent %s failed: %w", s.opt.Bot.Spec, err)
			}
		}
	}
	before := s.st
	t := s.st.Step(human, comp)
	s.hist = append(s.hist, t)
	r.Lines = append(r.Lines, Narrate(&before, &s.st, t, line)...)
	r.Lines = append(r.Lines, "")
	return nil
}

// finish records a finished game and releases its bot.
func (s *Session) finish() error {
	rec := &game.Record{Format: game.RecordFormat, Version: game.RecordVersion, Game: engine.Info.Name, Seats: 2,
		Rules: s.opt.Rules.Options(), Seed: game.FormatSeed(s.seed), Bots: []string{"person", s.opt.Bot.Spec},
		Turns: engine.TurnNames(s.hist)}
	rec.Result.SetOutcome(engine.OutcomeOf(&s.st))
	rec.Result.Steps = int(s.st.Turn)
	s.last = rec
	s.closeBot()
	if s.opt.Record != nil {
		if err := s.opt.Record(rec); err != nil {
			return fmt.Errorf("--record: %w", err)
		}
	}
	return nil
}

// ask puts the question the session is at into r.
func (s *Session) ask(r *Reply) {
	switch {
	case s.over:
		s.asking = ""
	case s.st.Phase == engine.GameOver:
		s.asking = AskAgain
		r.Ask, r.Kind, r.Options = "Play again? y/N", AskAgain, []string{"y", "n"}
	default:
		s.asking = AskChoice
		n := s.st.Legal(0, &s.buf)
		r.Ask, r.Kind = fmt.Sprintf("Choose a %s:", s.st.Phase), AskChoice
		for _, c := range s.buf[:n] {
			r.Options = append(r.Options, c.Name(s.st.Phase))
		}
	}
}

func (s *Session) reply(r Reply) Reply {
	if r.Lines == nil {
		r.Lines = []string{}
	}
	r.Status = s.status()
	r.Over = s.over
	return r
}

func (s *Session) status() Status {
	st := &s.st
	out := Status{Opponent: s.opt.Bot.Spec, Game: s.n, Seed: game.FormatSeed(s.seed), Replay: ReplayHint(s.opt.Bot, s.seed, s.opt.Rules),
		Turn: int(st.Turn), Phase: st.Phase.String()}
	if st.Phase == engine.GameOver {
		out.Phase = "over"
		if s.n > 0 {
			out.Result = resultLine(st)
		}
	}
	out.You, out.Computer = side(st, 0), side(st, 1)
	return out
}

func side(st *engine.State, seat int) Side {
	sd := Side{Points: st.Points(seat), Waits: st.Waits(seat), Destroyed: []string{}}
	if st.Settled() {
		l := st.Loadout(seat)
		sd.Character, sd.Booster = l.Character.String(), l.Booster.String()
		if m, n := st.MoveStreak(seat); n > 0 {
			sd.Last, sd.InARow = m.String(), n
			if n >= streakOf(st, engine.PickMove) {
				sd.Blocked = m.String()
			}
		}
		for m := engine.Move(0); m < engine.NumMoves; m++ {
			if st.Destroyed(seat)>>m&1 == 1 {
				sd.Destroyed = append(sd.Destroyed, m.String())
			}
		}
		return sd
	}
	if c, n := st.CharacterStreak(seat); n > 0 {
		sd.Last, sd.InARow = c.String(), n
		if n >= streakOf(st, engine.PickCharacter) {
			sd.Blocked = c.String()
		}
	}
	if c := st.Character(seat); c != engine.NoCharacter {
		sd.Character = c.String()
	}
	return sd
}

// scoreLines answers the score command.
func scoreLines(st *engine.State) []string {
	you, comp := side(st, 0), side(st, 1)
	out := []string{fmt.Sprintf("Score: you %d, computer %d (%d wins). Waits: you %d, computer %d.",
		you.Points, comp.Points, st.Rules().Normalized().Points, you.Waits, comp.Waits)}
	for i, sd := range []Side{you, comp} {
		who := [2]string{"You", "Computer"}[i]
		var parts []string
		switch {
		case sd.Character == "":
			parts = append(parts, "no character yet")
		case sd.Booster == "":
			parts = append(parts, sd.Character+", no booster yet")
		default:
			parts = append(parts, sd.Character+" with "+sd.Booster)
		}
		if st.Settled() {
			d := "nothing destroyed"
			if len(sd.Destroyed) > 0 {
				d = "destroyed: " + strings.Join(sd.Destroyed, ", ")
			}
			parts = append(parts, d)
		}
		what, phase := "pick", engine.PickCharacter
		if st.Settled() {
			what, phase = "move", engine.PickMove
		}
		if sd.InARow > 0 {
			l := fmt.Sprintf("last %s %s, %d in a row", what, sd.Last, sd.InARow)
			if sd.Blocked != "" && st.Phase != engine.GameOver {
				l += fmt.Sprintf(" (not allowed a %s time)", ordinal(streakOf(st, phase)+1))
			}
			parts = append(parts, l)
		}
		out = append(out, fmt.Sprintf("%s: %s.", who, strings.Join(parts, "; ")))
	}
	if st.Phase != engine.GameOver {
		out = append(out, fmt.Sprintf("Turn %d of at most %d.", st.Turn+1, st.TurnCap))
	}
	return out
}

// resultLine is the last line of a finished game.
func resultLine(st *engine.State) string {
	switch st.Result {
	case engine.FirstWins:
		return fmt.Sprintf("You won %d-%d%s.", st.Points(0), st.Points(1), marginNote(st))
	case engine.SecondWins:
		return fmt.Sprintf("You lost %d-%d%s.", st.Points(0), st.Points(1), marginNote(st))
	}
	return fmt.Sprintf("The game is a draw at %d-%d: it reached the limit of %d turns.", st.Points(0), st.Points(1), st.TurnCap)
}

// marginNote is a finished game's margin in parentheses (" (Clinch)"),
// or nothing for a game to other than five points, whose margins the
// rulebook does not name.
func marginNote(st *engine.State) string {
	if m := st.Margin(); m != "" {
		return " (" + m + ")"
	}
	return ""
}

// streakOf returns the most choices in a row of one character (phase
// PickCharacter) or one move (any other phase) that st's rules allow;
// a nil st has the shared rules.
func streakOf(st *engine.State, phase engine.Phase) int {
	r := engine.DefaultRules.Normalized()
	if st != nil {
		r = st.Rules().Normalized()
	}
	if phase == engine.PickCharacter {
		return int(r.CharacterStreak)
	}
	return int(r.MoveStreak)
}

// ordinal spells the small ordinals of the streak limits ("fourth").
func ordinal(n int) string {
	if n >= 1 && n <= 5 {
		return [...]string{"first", "second", "third", "fourth", "fifth"}[n-1]
	}
	return strconv.Itoa(n) + "th"
}
