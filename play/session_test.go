package play

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	_ "github.com/nzsclab/nzsc/engine/games"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// The handbook's game (the original web game pre-seeded with 0xbabecaf3),
// as cmd/nzsc's TestPlayHandbook checks it word for word.
var handbook = []string{"Ninja", "Clown", "Moustachio", "Big Hairy Deal", "Juggling Knives",
	"Mustache Mash", "Nose", "Big Hairy Deal", "Acid Spray", "Juggling Knives",
	"Juggling Knives", "Juggling Knives", "Mustache Mash", "Juggling Knives"}

func classic(t testing.TB) *agents.Bot {
	t.Helper()
	b, err := agents.Parse("classic")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// transcript plays answers through Run (as a terminal with piped input).
func transcript(t testing.TB, seed uint64, answers ...string) string {
	t.Helper()
	var out strings.Builder
	in := strings.NewReader(strings.Join(answers, "\n") + "\n")
	if err := Run(context.Background(), in, &out, Options{Rules: nzsc.DefaultRules, Bot: classic(t), Seed: seed, Echo: true}); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestCommandsCostNothing: help, rules and score slipped in before every
// answer change nothing in the game: with their own output (from the
// echoed command to the repeated question) cut out, the transcript is the
// plain game's, and no wait is charged.
func TestCommandsCostNothing(t *testing.T) {
	plain := transcript(t, 0xbabecaf3, handbook...)
	var with []string
	for i, a := range handbook {
		with = append(with, []string{"help", "SCORE", " rules "}[i%3], a)
	}
	got := transcript(t, 0xbabecaf3, with...)
	if strings.Contains(got, "wait penalty") {
		t.Errorf("a command was penalized")
	}
	// Each command's block runs from its echo to just before the next
	// echoed answer, which follows the repeated question.
	cut := got
	for i, a := range handbook {
		cmd := strings.TrimSpace([]string{"help", "SCORE", " rules "}[i%3])
		k := strings.Index(cut, "\n"+cmd+"\n")
		if k < 0 {
			k = strings.Index(cut, "\n "+cmd+" \n")
		}
		if k < 0 {
			t.Fatalf("command %d (%s) not echoed", i, cmd)
		}
		e := strings.Index(cut[k+1:], "\n\n"+a+"\n")
		if e < 0 {
			t.Fatalf("answer %d not found after command %d", i, i)
		}
		// Keep the question once: drop from the command's echo to the
		// end of the repeated question.
		block := cut[k+1 : k+1+e+2]
		q := strings.LastIndex(block, "\nChoose a ")
		if q < 0 {
			t.Fatalf("question not repeated after %s:\n%s", cmd, block)
		}
		cut = cut[:k+1] + cut[k+1+e+2:]
	}
	if cut != plain {
		t.Errorf("with the commands cut out, the transcript differs:\n%s\n--- plain ---\n%s", cut, plain)
	}
}

// TestScoreCommand: the score after the handbook's eighth answer, worked
// out from the handbook's transcript: 1-2; the person's Big Hairy Deal
// destroyed by the computer's Zap; the computer's single-use Regenerate
// and Zap spent; nobody penalized.
func TestScoreCommand(t *testing.T) {
	s, err := NewSession(Options{Rules: nzsc.DefaultRules, Bot: classic(t), Seed: 0xbabecaf3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Start(); err != nil {
		t.Fatal(err)
	}
	for _, a := range handbook[:8] {
		if _, err := s.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	r, err := s.Answer("score")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"",
		"Score: you 1, computer 2 (5 wins). Waits: you 4, computer 4.",
		"You: Clown with Moustachio; destroyed: Big Hairy Deal; last move Big Hairy Deal, 1 in a row.",
		"Computer: Zombie with Regenerative; destroyed: Zap, Regenerate; last move Zap, 1 in a row.",
		"Turn 9 of at most 1000.", ""}
	if !slices.Equal(r.Lines, want) {
		t.Errorf("score:\n%s\nwant\n%s", strings.Join(r.Lines, "\n"), strings.Join(want, "\n"))
	}
	if r.Ask != "Choose a move:" || !slices.Equal(r.Options, []string{"Juggling Knives", "Acid Spray", "Nose", "Mustache Mash"}) {
		t.Errorf("after score: asked %q %v", r.Ask, r.Options)
	}
	st := r.Status
	b := st.Board.(NZSCBoard)
	you, comp := b.Players[0], b.Players[1]
	if you.Points != 1 || comp.Points != 2 || you.Waits != 4 || st.Phase != "move" ||
		!slices.Equal(you.Destroyed, []string{"Big Hairy Deal"}) || !slices.Equal(comp.Destroyed, []string{"Zap", "Regenerate"}) {
		t.Errorf("status %+v", st)
	}
}

// TestQuit: quit ends the session where it stands, unpenalized; at the
// "Play again?" question it just ends.
func TestQuit(t *testing.T) {
	out := transcript(t, 0xbabecaf3, "Ninja", "quit", "Clown")
	if !strings.HasSuffix(out, "quit\n\nThe game stops here with the score at 0-0.\n") || strings.Contains(out, "penalty") {
		t.Errorf("transcript:\n%s", out)
	}
	out = transcript(t, 0xbabecaf3, append(slices.Clone(handbook), "quit", "y")...)
	if !strings.HasSuffix(out, "Play again? y/N\n\nquit\n") {
		t.Errorf("quit at the last question:\n%s", out)
	}
}

func TestClosest(t *testing.T) {
	for i, c := range []struct {
		phase  nzsc.Phase
		answer string
		want   string
	}{
		{nzsc.PickCharacter, "ninjja", "Ninja"},
		{nzsc.PickCharacter, "Zombi", "Zombie"},
		{nzsc.PickCharacter, "pirate", "Ninja"}, // 5 edits from ninja and zombie: the first wins
		{nzsc.PickBooster, "moustachioo", "Moustachio"},
		{nzsc.PickBooster, "Strogn", "Strong"},
		{nzsc.PickBooster, "booster", "No Booster"},
		{nzsc.PickMove, "knives", "Juggling Knives"},
		{nzsc.PickMove, "mash", "Smash"}, // in "smash" and "mustachemash": the shorter
		{nzsc.PickMove, "mustache", "Mustache Mash"},
		{nzsc.PickMove, "NOSE of", "Nose of the Taunted"},
		{nzsc.PickMove, "Juggling Knifes", "Juggling Knives"},
		{nzsc.PickMove, "rock", "Kick"},
		{nzsc.GameOver, "x", ""},
	} {
		if got := Closest(c.phase, c.answer); got != c.want {
			t.Errorf("case %d: Closest(%v, %q) = %q, want %q", i, c.phase, c.answer, got, c.want)
		}
	}
}

// TestSessionErrors: answers outside a session's life are errors.
func TestSessionErrors(t *testing.T) {
	if _, err := NewSession(Options{}); err == nil {
		t.Errorf("no bot: no error")
	}
	s, _ := NewSession(Options{Rules: nzsc.DefaultRules, Bot: classic(t), Seed: 1})
	if _, err := s.Answer("Ninja"); err == nil {
		t.Errorf("answer before Start: no error")
	}
	s.Start()
	if _, err := s.Start(); err == nil {
		t.Errorf("second Start: no error")
	}
	if r := s.Stop(); !r.Over || len(r.Lines) != 2 {
		t.Errorf("Stop: %+v", r)
	}
	if _, err := s.Answer("Ninja"); err == nil {
		t.Errorf("answer after Stop: no error")
	}
}

// FuzzSession: any lines, answered in turn, keep the game within its
// rules' bounds, and every question offers the legal choices.
func FuzzSession(f *testing.F) {
	f.Add(uint64(0xbabecaf3), "Ninja\nClown\nMoustachio\nhelp\nNose\nscore\nzzz\nquit")
	f.Add(uint64(7), "y\nsamurai\nnone\nkick\n\n  \nrules")
	bot := classic(f)
	f.Fuzz(func(t *testing.T, seed uint64, in string) {
		s, _ := NewSession(Options{Rules: nzsc.Rules{TurnCap: 40}, Bot: bot, Seed: seed | 1})
		r, err := s.Start()
		for _, l := range strings.Split(in, "\n") {
			if err != nil || r.Over {
				break
			}
			r, err = s.Answer(l)
			for _, sd := range r.Status.Board.(NZSCBoard).Players {
				if sd.Points < 0 || sd.Points > nzsc.WinningPoints || sd.Waits < 0 || sd.Waits > 4 {
					t.Fatalf("side out of bounds: %+v", sd)
				}
			}
			if r.Kind == AskChoice && len(r.Options) == 0 {
				t.Fatalf("a question with no options: %+v", r)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	})
}

func ExampleSession() {
	bot, _ := agents.Parse("classic")
	s, _ := NewSession(Options{Rules: nzsc.DefaultRules, Bot: bot, Seed: 0xbabecaf3})
	r, _ := s.Start()
	fmt.Println(r.Ask, r.Options)
	r, _ = s.Answer("Ninja")
	fmt.Println(strings.Join(r.Lines[1:4], "\n"))
	r, _ = s.Answer("help me")
	fmt.Println(r.Lines[1])
	fmt.Println(r.Status.Board.(NZSCBoard).Players[0].Waits, "waits left")
	// Output:
	// Choose a character: [Ninja Zombie Samurai Clown]
	// Both of you chose Ninja, so you must repick.
	// You have picked Ninja 1 time.
	// Computer has picked Ninja 1 time.
	// "help me" is not a character (the closest name is Zombie). 4 wait penalty!
	// 0 waits left
}

// sessionOf starts a session of game name at seats with bot spec.
func sessionOf(t *testing.T, name string, seats int, spec string, seed uint64, record func(*game.Record) error) (*Session, Reply) {
	t.Helper()
	g, err := game.Build(name, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	bot, err := agents.ParseForSeats(name, seats, spec)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(Options{Game: g, Bot: bot, Seed: seed, Record: record})
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Start()
	if err != nil {
		t.Fatal(err)
	}
	return s, r
}

// TestCommandsEveryGame: in every game and at every number of seats,
// help, rules, score and legal answer without a step being played or a
// wait charged, and repeat the question; legal lists exactly the
// options; quit stops the game with its score.
func TestCommandsEveryGame(t *testing.T) {
	for _, c := range []struct {
		game  string
		seats int
		spec  string
		stop  string
	}{
		{"nzsc", 2, "classic", "The game stops here with the score at 0-0."},
		{"nzsc", 2, "random", "The game stops here with the score at 0-0."},
		{"nzsc", 3, "greedy", "The game stops here with the score at 0 (4 waits) - 0 (4 waits) - 0 (4 waits)."},
		{"nzsc", 4, "random", "The game stops here with the score at 0 (4 waits) - 0 (4 waits) - 0 (4 waits) - 0 (4 waits)."},
		{"npzr", 2, "greedy", "The game stops here: you scored nothing, greedy nothing."},
	} {
		s, first := sessionOf(t, c.game, c.seats, c.spec, 9, nil)
		for _, cmd := range []string{"help", "RULES", " score ", "legal", "Legal"} {
			r, err := s.Answer(cmd)
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Join(r.Lines, "\n")
			if r.Status.Turn != first.Status.Turn || r.Ask != first.Ask || !slices.Equal(r.Options, first.Options) || strings.Contains(text, "penalty") {
				t.Errorf("%s/%d %q: turn %d (was %d), asked %q %v:\n%s", c.game, c.seats, cmd, r.Status.Turn, first.Status.Turn, r.Ask, r.Options, text)
			}
			if strings.EqualFold(strings.TrimSpace(cmd), "legal") {
				want := []string{"", "You may choose:"}
				for i, o := range first.Options {
					if first.Kind == AskAction {
						o = fmt.Sprintf("%2d  %s", i+1, o)
					}
					want = append(want, "  "+o)
				}
				if !slices.Equal(r.Lines, append(want, "")) {
					t.Errorf("%s/%d legal: %q, want %q", c.game, c.seats, r.Lines, want)
				}
			}
		}
		r, err := s.Answer("quit")
		if err != nil || !r.Over || !slices.Equal(r.Lines, []string{"", c.stop}) {
			t.Errorf("%s/%d quit: %v %v %q", c.game, c.seats, err, r.Over, r.Lines)
		}
	}
}

// TestHintFromOffered: the closest name a penalty suggests is one of the
// options on offer: "1" at a Samurai's move prompt used to suggest Zap, a
// Zombie's move (the shortest name in the game).
func TestHintFromOffered(t *testing.T) {
	s, err := NewSession(Options{Rules: nzsc.DefaultRules, Bot: classic(t), Seed: 0xbabecaf3})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := s.Start()
	for _, a := range []string{"Samurai", "Strong"} {
		if r, err = s.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	if r.Ask != "Choose a move:" {
		t.Fatalf("asked %q", r.Ask)
	}
	offered := r.Options
	r, _ = s.Answer("1")
	m := regexp.MustCompile(`^"1" is not a move \(the closest name is (.+)\)\. 4 wait penalty!$`).FindStringSubmatch(r.Lines[1])
	if m == nil || !slices.Contains(offered, m[1]) {
		t.Errorf("hint %q; want one of %v", r.Lines[1], offered)
	}
	// In 3-player NZSC too.
	s, r = sessionOf(t, "nzsc", 3, "random", 4, nil)
	offered = r.Options
	r, _ = s.Answer("zzz")
	m = regexp.MustCompile(`"zzz" is not a character \(the closest name is (.+)\)`).FindStringSubmatch(strings.Join(r.Lines, "\n"))
	if m == nil || !slices.Contains(offered, m[1]) {
		t.Errorf("3 players: %q; want a hint among %v", r.Lines, offered)
	}
}

// TestRecordEveryGame: a game played to its end by always taking the
// first option is recorded, and the record replays through the game to
// its result; at 3 and 4 seats and in NPZR as in two-player NZSC.
func TestRecordEveryGame(t *testing.T) {
	for _, c := range []struct {
		game  string
		seats int
		spec  string
	}{{"nzsc", 2, "classic"}, {"nzsc", 3, "random"}, {"nzsc", 4, "greedy"}, {"npzr", 2, "random"}} {
		var recs []*game.Record
		s, r := sessionOf(t, c.game, c.seats, c.spec, 21, func(r *game.Record) error { recs = append(recs, r); return nil })
		for steps := 0; r.Kind != AskAgain && steps < 5000; steps++ {
			var err error
			if r, err = s.Answer(r.Options[0]); err != nil {
				t.Fatal(err)
			}
		}
		if len(recs) != 1 || r.Status.Result == "" {
			t.Fatalf("%s/%d: %d records, result %q", c.game, c.seats, len(recs), r.Status.Result)
		}
		g, _ := game.Build(c.game, c.seats, recs[0].Rules)
		if _, err := game.Replay(g, recs[0], nil); err != nil || recs[0].Bots[0] != "person" || recs[0].Seats != c.seats {
			t.Errorf("%s/%d: replay: %v; record %+v", c.game, c.seats, err, recs[0])
		}
		if r, _ := s.Answer("n"); !r.Over {
			t.Errorf("%s/%d: n did not end the session", c.game, c.seats)
		}
	}
}

// TestDefaultOpponentsFinish: against the default bots, a person who
// always takes the first option finishes a game well before the turn cap
// at every number of seats (two greedy bots at one NZSC table picked the
// same character every turn, so the characters never settled).
func TestDefaultOpponentsFinish(t *testing.T) {
	for _, c := range []struct {
		game  string
		seats int
	}{{"nzsc", 2}, {"nzsc", 3}, {"nzsc", 4}, {"npzr", 2}} {
		for seed := uint64(1); seed <= 5; seed++ {
			s, r := sessionOf(t, c.game, c.seats, DefaultOpponent(c.game, c.seats), seed, nil)
			for n := 0; r.Kind != AskAgain && n < 300; n++ {
				r, _ = s.Answer(r.Options[0])
			}
			if r.Kind != AskAgain || r.Status.Turn >= 1000 {
				t.Errorf("%s/%d seed %d: not over after 300 answers (step %d)", c.game, c.seats, seed, r.Status.Turn)
			}
		}
	}
}

// FuzzEveryGame: any lines, answered in turn, in any game and at any
// number of seats, never panic; every question offers options, each of
// them legal (answered, it is taken without an explanation); the turn
// never goes back.
func FuzzEveryGame(f *testing.F) {
	f.Add(uint8(0), uint64(5), "help\nlegal\nplay Ninja Head new\nmove 1.head to 9\nquit")
	f.Add(uint8(1), uint64(6), "ninja\nzzz\nscore\n\nrules\nclown")
	f.Add(uint8(2), uint64(7), "samurai\n1\nlegal\ny\nn")
	f.Add(uint8(3), uint64(8), "table\nplay Wild as Robot Legs new\ndecline\n?")
	f.Fuzz(func(t *testing.T, which uint8, seed uint64, in string) {
		c := []struct {
			game  string
			seats int
			spec  string
		}{{"npzr", 2, "random"}, {"nzsc", 3, "random"}, {"nzsc", 4, "classic"}, {"npzr", 2, "greedy"}}[which%4]
		s, r := sessionOf(t, c.game, c.seats, c.spec, seed, nil)
		turn := r.Status.Turn
		for _, l := range strings.Split(in, "\n") {
			if r.Over {
				break
			}
			var err error
			if r, err = s.Answer(l); err != nil {
				t.Fatal(err)
			}
			if !r.Over && len(r.Options) == 0 {
				t.Fatalf("a question with no options: %+v", r)
			}
			if r.Status.Turn < turn && r.Status.Number == 1 {
				t.Fatalf("turn went back from %d to %d", turn, r.Status.Turn)
			}
			turn = r.Status.Turn
			if r.Kind == AskAction || r.Kind == AskChoice {
				// Every option reads as one of the person's legal actions.
				legal := s.st.Legal(s.me, nil)
				for _, o := range r.Options {
					if a, why := s.t.parse(s.st, o, legal); why != nil || !slices.Contains(legal, a) {
						t.Fatalf("option %q is not taken: %q", o, why)
					}
				}
			}
		}
	})
}
