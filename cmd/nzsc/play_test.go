package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/results"
)

// inOrder checks that every block occurs in out, each after the previous.
func inOrder(t *testing.T, out string, blocks ...string) {
	t.Helper()
	rest := out
	for i, b := range blocks {
		k := strings.Index(rest, b)
		if k < 0 {
			t.Fatalf("block %d not found (in order) in the transcript:\n%s\n--- transcript ---\n%s", i, b, out)
		}
		rest = rest[k+len(b):]
	}
}

func lines(s ...string) string { return strings.Join(s, "\n") + "\n" }

var handbookAnswers = []string{"Ninja", "Clown", "Moustachio", "Big Hairy Deal", "Juggling Knives",
	"Mustache Mash", "Nose", "Big Hairy Deal", "Acid Spray", "Juggling Knives",
	"Juggling Knives", "Juggling Knives", "Mustache Mash", "Juggling Knives"}

const allMoves = "\tJuggling Knives\n\tAcid Spray\n\tNose\n\tMustache Mash\n\tBig Hairy Deal\n"

// TestPlayHandbook plays the walkthrough of the original game's handbook
// (its web game pre-seeded with 0xbabecaf3) and expects every screen the
// handbook prints, in order, word for word.
func TestPlayHandbook(t *testing.T) {
	out, errs, code := runCmd(t, strings.Join(handbookAnswers, "\n")+"\n", "play", "--seed", "0xbabecaf3")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	screen := func(notes string, question string) string { return "\n\n" + notes + "\n" + question }
	chars := "Choose a character:\n\tNinja\n\tZombie\n\tSamurai\n\tClown\n"
	moves := "Choose a move:\n" + allMoves
	noBHD := "Choose a move:\n\tJuggling Knives\n\tAcid Spray\n\tNose\n\tMustache Mash\n"
	three := "Choose a move:\n\tJuggling Knives\n\tNose\n\tMustache Mash\n"
	inOrder(t, out,
		"Playing against classic with seed 0xbabecaf3 (replay: nzsc play --seed 0xbabecaf3).\n\n"+chars+"\n",
		screen(lines("Both of you chose Ninja, so you must repick.", "You have picked Ninja 1 time.", "Computer has picked Ninja 1 time."), chars),
		screen(lines("You chose Clown.", "Computer chose Zombie.", "As a result, neither of you gets a headstart.", "The score is now 0-0."),
			"Choose a booster:\n\tBackwards\n\tMoustachio\n\tNo Booster\n"),
		screen(lines("You chose Moustachio.", "Computer chose Regenerative.", "Let the battle begin!"), moves),
		screen(lines("You chose Big Hairy Deal. Computer chose Regenerate.", "As a result, the computer gets a point.", "The score is now 0-1."), moves),
		screen(lines("You chose Juggling Knives. Computer chose Rampage.", "As a result, you get a point.", "The score is now 1-1."), moves),
		screen(lines("You chose Mustache Mash. Computer chose Rampage.", "As a result, neither of you gets a point.", "The score is now 1-1."), moves),
		screen(lines("You chose Nose. Computer chose Rampage.", "As a result, the computer gets a point.", "The score is now 1-2."), moves),
		screen(lines("You chose Big Hairy Deal. Computer chose Zap.", "As a result, neither of you gets a point.", "The score is now 1-2."), noBHD),
		screen(lines("You chose Acid Spray. Computer chose Gravedigger.", "As a result, neither of you gets a point.", "The score is now 1-2."), three),
		screen(lines("You chose Juggling Knives. Computer chose Muscle.", "As a result, you get a point.", "The score is now 2-2."), three),
		screen(lines("You chose Juggling Knives. Computer chose Muscle.", "As a result, you get a point.", "The score is now 3-2."), three),
		screen(lines("You chose Juggling Knives. Computer chose Rampage.", "As a result, you get a point.", "The score is now 4-2."),
			"Choose a move:\n\tNose\n\tMustache Mash\n"),
		screen(lines("You chose Mustache Mash. Computer chose Rampage.", "As a result, neither of you gets a point.", "The score is now 4-2."), three),
		"\n\nYou chose Juggling Knives. Computer chose Rampage.\nAs a result, you get a point.\nThe score is now 5-2.\n\n"+
			"You won 5-2 (Obliteration).\n\n\nPlay again? y/N\n",
	)
	// Piped answers are echoed where a terminal would show them.
	if !strings.Contains(out, "\tClown\n\nNinja\n\nBoth of you") {
		t.Errorf("answer not echoed after the question")
	}
}

// TestPlayPenalties plays the handbook game with illegal answers slipped
// in. Each penalty names its offence and the waits the rules charge (4
// waits to start; past zero the computer gets a point), then the score.
// The computer's choices in the turns that count stay the handbook's.
func TestPlayPenalties(t *testing.T) {
	for i, c := range []struct {
		answers []string
		want    []string
	}{
		{[]string{"Pirate", "Ninja", "Clown", "Shadow", "Moustachio", "Kick", "Big Hairy Deal"},
			[]string{
				// The closest names: "pirate" is 5 edits from both "ninja" and
				// "zombie" (Ninja comes first), "none such" contains no name
				// and is 6 from "nobooster", "rock" 3 from "nose".
				lines(`"Pirate" is not a character (the closest name is Ninja). 4 wait penalty!`, "The score is now 0-0.", "Waits left: you 0, computer 4."),
				"Both of you chose Ninja, so you must repick.",
				lines("Shadow is from the wrong character. 3 wait penalty!", "The score is now 0-1.", "Waits left: you 0, computer 4.", "", "Choose a booster:"),
				"Computer chose Regenerative.",
				lines("Kick is from the wrong character. 3 wait penalty!", "The score is now 0-2.", "Waits left: you 0, computer 4.", "", "Choose a move:"),
				lines("You chose Big Hairy Deal. Computer chose Regenerate.", "As a result, the computer gets a point.", "The score is now 0-3."),
				"The game stops here with the score at 0-3.\n",
			}},
		{[]string{"Ninja", "Clown", "Moustachio", "Big Hairy Deal", "Juggling Knives", "Mustache Mash",
			"Nose", "Big Hairy Deal", "Big Hairy Deal", "Acid Spray", "acid spray", "Juggling Knives",
			"Juggling Knives", "Juggling Knives", "JugglingKnives", "Mustache Mash", "Juggling Knives"},
			[]string{
				"You chose Big Hairy Deal. Computer chose Zap.",
				lines("Big Hairy Deal has been destroyed. You cannot use it anymore. 4 wait penalty!", "The score is now 1-2."),
				"You chose Acid Spray. Computer chose Gravedigger.",
				lines("Acid Spray is single-use. You cannot use it again. 4 wait penalty!", "The score is now 1-3."),
				lines("You chose Juggling Knives. Computer chose Rampage.", "As a result, you get a point.", "The score is now 4-3."),
				lines("You have already chosen Juggling Knives 3 times in a row. You must choose something else before choosing it again. 3 wait penalty!",
					"The score is now 4-4."),
				lines("You chose Mustache Mash. Computer chose Rampage."),
				lines("You chose Juggling Knives. Computer chose Rampage.", "As a result, you get a point.", "The score is now 5-4.", "", "You won 5-4 (Clinch)."),
			}},
		{[]string{"Ninja", "Clown", "None Such", "Moustachio", "Nose of the Taunted", "Rock"},
			[]string{
				lines(`"None Such" is not a booster (the closest name is No Booster). 4 wait penalty!`, "The score is now 0-0."),
				lines("You chose Moustachio.", "Computer chose Regenerative."),
				lines("Nose of the Taunted is from the wrong booster. 2 wait penalty!", "The score is now 0-1."),
				// The hint is the closest of the moves on offer (Kick is
				// nearer but is not a Clown's move).
				lines(`"Rock" is not a move (the closest name is Nose). 4 wait penalty!`, "The score is now 0-2."),
			}},
	} {
		out, _, code := runCmd(t, strings.Join(c.answers, "\n")+"\n", "play", "--seed", "0xbabecaf3")
		if code != 0 {
			t.Fatalf("case %d: exit %d", i, code)
		}
		inOrder(t, out, c.want...)
	}
}

// firstDraws returns the first k indices among n that the original
// generator draws from state x, computed in floating point as the
// original did.
func firstDraws(x uint32, n, k int) []int {
	var out []int
	for range k {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		out = append(out, int(math.Floor(float64(x>>16)/65536*float64(n))))
	}
	return out
}

// TestPlayCharacterFourthInARow needs three clashes on Ninja: the test
// looks for a seed whose first three draws among four characters are all
// Ninja, then asks for Ninja a fourth time.
func TestPlayCharacterFourthInARow(t *testing.T) {
	seed := uint32(1)
	for ; fmt.Sprint(firstDraws(seed, 4, 3)) != "[0 0 0]"; seed++ {
	}
	out, _, code := runCmd(t, "ninja\nNINJA\n Ninja \nNinja\n", "play", "--seed", fmt.Sprint(seed))
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	inOrder(t, out,
		lines("Both of you chose Ninja, so you must repick.", "You have picked Ninja 1 time.", "Computer has picked Ninja 1 time."),
		lines("Both of you chose Ninja, so you must repick.", "You have picked Ninja 2 times.", "Computer has picked Ninja 2 times."),
		lines("Both of you chose Ninja, so you must repick.", "You have picked Ninja 3 times.", "Computer has picked Ninja 3 times.",
			"", "Choose a character:", "\tZombie", "\tSamurai", "\tClown"),
		lines("You have already chosen Ninja 3 times in a row. You must choose something else before choosing it again. 3 wait penalty!",
			"The score is now 0-0.", "Waits left: you 1, computer 4.", "", "Choose a character:", "\tZombie"),
		"The game stops here with the score at 0-0.\n",
	)
}

// TestPlaySetback: a game found to reach 4-4 and then have both score.
func TestPlaySetback(t *testing.T) {
	answers := "Ninja|Samurai|Atlas|Helmet|Earthquake|Smash|Earthquake|Samurai Sword|Lightning|Lightning|Smash|Smash|Lightning|Earthquake"
	out, _, code := runCmd(t, strings.ReplaceAll(answers, "|", "\n")+"\n", "play", "--seed", "0x199")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	inOrder(t, out,
		"The score is now 4-4.\n",
		lines("You chose Lightning. Computer chose Muscle.", "As a result, both of you get a point.", "The score is now 5-5.",
			"", "Since there is a tie, the score will be reset to 4-4.", "", "Choose a move:"),
		lines("You chose Earthquake. Computer chose Gravedigger.", "As a result, you get a point.", "The score is now 5-4.",
			"", "You won 5-4 (Clinch).", "", "", "Play again? y/N"),
	)
}

// TestPlayStuck: a Zombie with No Booster spends Zap, loses Rampage to
// the computer's Acid Spray and plays Muscle three times: it has no legal
// move left. From then on it is not asked; each turn it passes for 2
// waits (4, 2, 0), then each pass gives the computer a point.
func TestPlayStuck(t *testing.T) {
	answers := "Zombie|Zombie|No Booster|Zap|Rampage|Muscle|Muscle|Muscle"
	out, _, code := runCmd(t, strings.ReplaceAll(answers, "|", "\n")+"\n", "play", "--seed", "0x1014")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	pass := "You have no legal move left, so you must pass. 2 wait penalty!"
	w0 := "Waits left: you 0, computer 4."
	inOrder(t, out,
		"You chose Rampage. Computer chose Acid Spray.",
		"Choose a move:\n\tMuscle\n\nMuscle\n",
		"Choose a move:\n\tMuscle\n\nMuscle\n",
		"Choose a move:\n\tMuscle\n\nMuscle\n",
		lines("The score is now 1-0.", "", pass, "The score is now 1-0.", "Waits left: you 2, computer 4.",
			"", pass, "The score is now 1-0.", "Waits left: you 0, computer 4.",
			"", pass, "The score is now 1-1.", w0, "", pass, "The score is now 1-2.", w0, "", pass, "The score is now 1-3.", w0,
			"", pass, "The score is now 1-4.", w0, "", pass, "The score is now 1-5.", w0, "", "You lost 1-5 (Annihilation)."),
	)
	if strings.Count(out, "Choose a move:") != 5 {
		t.Errorf("the stuck player was asked for a move: %d questions", strings.Count(out, "Choose a move:"))
	}
}

func TestPlayEndOfInput(t *testing.T) {
	out, _, code := runCmd(t, "Ninja\n\n  \n", "play", "--seed", "0xbabecaf3")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	// Blank lines are not answers: the game waits for one, then stops.
	inOrder(t, out, "Both of you chose Ninja", "Choose a character:", "The game stops here with the score at 0-0.\n")
	if strings.Contains(out, "is not a character") {
		t.Errorf("a blank line was penalized")
	}
}

var seedLine = regexp.MustCompile(`^Playing against (\S+) with seed (0x[0-9a-f]+) \(replay: nzsc play (--opponent \S+ )?--seed (0x[0-9a-f]+)\)\.\n`)

// TestPlayPicksSeed: without --seed a seed is picked and printed; giving
// it back replays the same game.
func TestPlayPicksSeed(t *testing.T) {
	in := strings.Join(handbookAnswers, "\n") + "\n"
	for _, opp := range []string{"classic", "random"} {
		out, _, code := runCmd(t, in, "play", "--opponent", opp)
		m := seedLine.FindStringSubmatch(out)
		if code != 0 || m == nil || m[1] != opp || m[2] != m[4] {
			t.Fatalf("%s: exit %d, first line %q", opp, code, strings.SplitN(out, "\n", 2)[0])
		}
		again, _, _ := runCmd(t, in, "play", "--opponent", opp, "--seed", m[2])
		if again != out {
			t.Errorf("%s: replaying seed %s gave a different game", opp, m[2])
		}
	}
}

func TestPlayAgain(t *testing.T) {
	in := strings.Join(handbookAnswers, "\n") + "\ny\nZombie\n"
	out, _, code := runCmd(t, in, "play", "--seed", "0xbabecaf3")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	inOrder(t, out, "You won 5-2 (Obliteration).", "Play again? y/N\n\ny\n\nPlaying against classic with seed 0x", "Choose a character:",
		"The game stops here with the score at ")
	if strings.Count(out, "Playing against") != 2 {
		t.Errorf("want two games")
	}
	// The same session replays.
	if again, _, _ := runCmd(t, in, "play", "--seed", "0xbabecaf3"); again != out {
		t.Errorf("session does not replay")
	}
}

func TestPlayOtherBot(t *testing.T) {
	in := "Samurai\nSamurai\nStrong\nSmash\nSmash\nTwist\nBend\nHelmet\nTwist\nBend\nSmash\nTwist\nBend\nHelmet\n"
	out, _, code := runCmd(t, in, "play", "--opponent", "random", "--seed", "12345")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	inOrder(t, out, "Playing against random with seed 0x3039 (replay: nzsc play --opponent random --seed 0x3039).",
		"Both of you chose Samurai", "Computer chose ")
	if again, _, _ := runCmd(t, in, "play", "--opponent", "random", "--seed", "0x3039"); again != out {
		t.Errorf("the same seed gave a different game")
	}
}

func TestPlayUsageErrors(t *testing.T) {
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"play", "--seed", "0"}, "1..4294967295"},
		{[]string{"play", "--seed", "0x100000000"}, "1..4294967295"},
		{[]string{"play", "--seed", "4294967296"}, "1..4294967295"},
		{[]string{"play", "--seed", "-5"}, "not a decimal or 0x-hex"},
		{[]string{"play", "--seed", "babe"}, "not a decimal or 0x-hex"},
		{[]string{"play", "--opponent", "random", "--seed", "18446744073709551616"}, "not a decimal or 0x-hex"},
		{[]string{"play", "--opponent", "nosuchbot"}, `unknown bot "nosuchbot"`},
		{[]string{"play", "--opponent", "classic:seed=0"}, "1..4294967295"},
		{[]string{"play", "--opponent", "classic:seed=5", "--seed", "6"}, "disagree"},
		{[]string{"play", "extra"}, "no arguments"},
	} {
		_, stderr, code := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("case %d %v: exit %d, stderr %q; want exit 2, one line containing %q", i, c.args, code, stderr, c.msg)
		}
	}
	// Accepted edge values.
	for i, args := range [][]string{
		{"play", "--seed", "4294967295"},
		{"play", "--seed", "0xFFFFFFFF"},
		{"play", "--opponent", "random", "--seed", "0"},
		{"play", "--opponent", "classic:seed=5", "--seed", "0x5"},
		{"play", "--opponent", "classic:seed=5"},
	} {
		if out, stderr, code := runCmd(t, "", args...); code != 0 || !strings.Contains(out, "Choose a character:") {
			t.Errorf("case %d %v: exit %d, stderr %q", i, args, code, stderr)
		}
	}
}

// TestPlayRule: --rule plays a variant. With move_streak=2 a third Kick
// in a row is the streak offence, the score command gives the variant's
// points and streak; with points=3 the game ends at 3 points (no margin:
// the rulebook names none), the replay hint repeats the rules, and the
// saved record, replayed through the engine, gives the same result.
func TestPlayRule(t *testing.T) {
	in := "ninja\nshadow\nkick\nkick\nkick\nscore\n"
	out, stderr, code := runCmd(t, in, "play", "--rule", "move_streak=2", "--rule", "points=3", "--opponent", "random", "--seed", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	inOrder(t, out, "(replay: nzsc play --opponent random --rule move_streak=2 --rule points=3 --seed 0x5).",
		"You have already chosen Kick 2 times in a row.", "(3 wins)", "last move Kick, 2 in a row (not allowed a third time).")

	// A whole game: every move name in turn until the game ends.
	path := filepath.Join(t.TempDir(), "variant.jsonl")
	answers := []string{"samurai", "strong"}
	for range 100 {
		answers = append(answers, "smash", "helmet", "twist", "bend", "headbutt", "samurai sword", "zombie corps")
	}
	out, stderr, code = runCmd(t, strings.Join(answers, "\n")+"\n", "play", "--rule", "points=3", "--opponent", "random", "--seed", "7", "--record", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	end := regexp.MustCompile(`\nYou (won|lost) (\d)-(\d)\.\n`).FindStringSubmatch(out)
	if end == nil {
		t.Fatalf("no result line without a margin:\n%s", out)
	}
	if win := max(end[2], end[3]); win != "3" || (end[1] == "won") != (end[2] == "3") {
		t.Errorf("result %q: want the winner at 3 points", end[0])
	}
	var rec game.Record
	err := results.ReadRecords(path, func(r *game.Record) error { rec = *r; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if rec.Rules["points"] != "3" {
		t.Errorf("record's rules %v, want points=3", rec.Rules)
	}
	if replay, stderr, code := runCmd(t, "", "replay", path); code != 0 || !strings.Contains(replay, "The score is now") {
		t.Errorf("replay: exit %d %s", code, stderr)
	}
}

func TestPlayRuleBad(t *testing.T) {
	for i, args := range [][]string{
		{"play", "--rule", "points=11"},
		{"play", "--rule", "colour=red"},
		{"play", "--rule", "points"},
		{"play", "--players", "3", "--rule", "points=3"},
	} {
		_, stderr, code := runCmd(t, "", args...)
		if code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("case %d %v: exit %d, stderr %q; want exit 2 and one line", i, args, code, stderr)
		}
	}
}

// TestPlayEveryGame: nzsc play --game npzr, --players 3 and 4 take the
// same commands as two-player play (help, rules, score, legal and quit
// cost nothing and quit stops the game), an input line over 64 KiB is a
// one-line error with exit 2 in every game, and --record keeps each
// finished game, which nzsc replay reads.
func TestPlayEveryGame(t *testing.T) {
	long := strings.Repeat("x", 70000) + "\n"
	for _, args := range [][]string{
		{"play", "--seed", "5"},
		{"play", "--players", "3", "--seed", "5"},
		{"play", "--players", "4", "--opponent", "random", "--seed", "5"},
		{"play", "--game", "npzr", "--seed", "5"},
		{"play", "--game", "npzr", "--seat", "1", "--seed", "5"},
	} {
		out, stderr, code := runCmd(t, "help\nrules\nscore\nlegal\nquit\nNinja\n", args...)
		if code != 0 || strings.Contains(out, "penalty") || !strings.Contains(out, "These commands cost nothing:") ||
			!strings.Contains(out, "You may choose:") || !strings.Contains(out, "\nquit\n\nThe game stops here") || strings.Contains(out, "\nNinja\n") {
			t.Errorf("%v: exit %d %s\n%s", args, code, stderr, out)
		}
		if _, stderr, code := runCmd(t, long, args...); code != 2 || !strings.Contains(stderr, "longer than") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v, a long line: exit %d, stderr %q; want exit 2 and one line", args, code, stderr)
		}
	}
	for i, args := range [][]string{
		{"play", "--game", "npzr", "--seat", "2"},
		{"play", "--players", "3", "--seat", "1"},
		{"play", "--players", "3", "--opponent", "optimal"},
		{"play", "--game", "npzr", "--opponent", "nosuchbot"},
		{"play", "--game", "npzr", "--players", "3"},
	} {
		if _, stderr, code := runCmd(t, "", args...); code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("case %d %v: exit %d, stderr %q; want exit 2 and one line", i, args, code, stderr)
		}
	}
}

// TestPlayRecordNPZR: a whole NPZR game, always taking the first legal
// action, is recorded; nzsc replay replays it to its result.
func TestPlayRecordNPZR(t *testing.T) {
	path := filepath.Join(t.TempDir(), "npzr.jsonl")
	// "legal" lists the choices; the test answers with the first of each.
	var in strings.Builder
	s, err := newPlaySession(t, "npzr", 2, "random", 3)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := s.Start()
	for r.Kind != "again" {
		in.WriteString(r.Options[0] + "\n")
		r, _ = s.Answer(r.Options[0])
	}
	in.WriteString("n\n")
	out, stderr, code := runCmd(t, in.String(), "play", "--game", "npzr", "--opponent", "random", "--seed", "3", "--record", path)
	if code != 0 || !strings.Contains(out, r.Status.Result) {
		t.Fatalf("exit %d %s: want %q\n%s", code, stderr, r.Status.Result, out)
	}
	var rec game.Record
	if err := results.ReadRecords(path, func(r *game.Record) error { rec = *r; return nil }); err != nil {
		t.Fatal(err)
	}
	if rec.Game != "npzr" || rec.Bots[0] != "person" || rec.Bots[1] != "random" {
		t.Errorf("record %+v", rec)
	}
	if replay, stderr, code := runCmd(t, "", "replay", path); code != 0 || !strings.Contains(replay, "places: You ") ||
		!strings.Contains(replay, `Ninja Pirate Zombie Robot: person (seat 0, "you") vs random`) {
		t.Errorf("replay: exit %d %s\n%s", code, stderr, replay)
	}
}

func newPlaySession(t *testing.T, name string, seats int, spec string, seed uint64) (*play.Session, error) {
	t.Helper()
	g, err := game.Build(name, seats, nil)
	if err != nil {
		return nil, err
	}
	bot, err := agents.ParseForSeats(name, seats, spec)
	if err != nil {
		return nil, err
	}
	return play.NewSession(play.Options{Game: g, Bot: bot, Seed: seed})
}

// TestPlayRecordNothing: a session that finishes no game leaves no
// --record file behind (an empty log made replay fail and, gzipped, a
// second --record of the name refused), and says so; one that finishes
// a game keeps it.
func TestPlayRecordNothing(t *testing.T) {
	for _, name := range []string{"g.jsonl", "g.jsonl.gz"} {
		path := filepath.Join(t.TempDir(), name)
		_, stderr, code := runCmd(t, "quit\n", "play", "--game", "npzr", "--seed", "7", "--record", path)
		if _, err := os.Stat(path); code != 0 || !os.IsNotExist(err) || !strings.Contains(stderr, "No game finished: "+path+" was not written.") {
			t.Errorf("%s: exit %d, stat %v, stderr %q; want 0, no file, and the note", name, code, err, stderr)
		}
		_, _, code = runCmd(t, strings.Repeat("1\n", 300), "play", "--game", "npzr", "--seed", "7", "--record", path)
		if _, err := os.Stat(path); code != 0 || err != nil {
			t.Errorf("%s: a finished game: exit %d, stat %v", name, code, err)
		}
	}
}

// TestPlayNPZRNumberOutOfRange: in NPZR a number answers with the action
// legal lists under it; a number no action has says so and names the
// numbers there are, from 1 to as many as legal lists (counted here from
// its own listing), for 0, a negative, one past the end and one too big
// for an int. It read `"999": an action starts with play, move or
// decline`, a number taken for a misspelt action.
func TestPlayNPZRNumberOutOfRange(t *testing.T) {
	for _, n := range []string{"999", "0", "-1", "99999999999999999999", "past"} {
		in := "legal\n" + n + "\nquit\n"
		if n == "past" {
			out, _, _ := runCmd(t, "legal\nquit\n", "play", "--game", "npzr", "--seed", "7")
			in = fmt.Sprintf("legal\n%d\nquit\n", listed(out)+1)
			n = fmt.Sprint(listed(out) + 1)
		}
		out, stderr, code := runCmd(t, in, "play", "--game", "npzr", "--seed", "7")
		flat := strings.Join(strings.Fields(out), " ")
		want := fmt.Sprintf("%q: no action has that number; legal numbers the %d actions open now from 1 to %d.", n, listed(out), listed(out))
		if code != 0 || listed(out) < 2 || !strings.Contains(flat, want) {
			t.Errorf("%s: exit %d %q; want %q in:\n%s", n, code, stderr, want, out)
		}
	}
}

// listed is the number of actions legal numbered in a play's output.
func listed(out string) int {
	return len(regexp.MustCompile(`(?m)^ +\d+  (play|move|decline)`).FindAllString(out, -1))
}
