package nzsc_test

// Rule tests with independent oracles. Every expected value below was read
// off the rulebook (the project's SPEC and the original reference) by hand
// and written as a literal; the test's own name lists and outcome table are
// copied from the reference, not from the engine, so an engine whose
// numbering, table or rules drifted from the rulebook fails here.

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// The rulebook's lists in its canonical order, written out independently of
// the engine's own tables.
var (
	refCharacterNames = [4]string{"Ninja", "Zombie", "Samurai", "Clown"}
	refBoosterNames   = [9]string{
		"Shadow", "Speedy", "Regenerative", "Zombie Corps", "Atlas", "Strong",
		"Backwards", "Moustachio", "No Booster",
	}
	refMoveNames = [28]string{
		"Kick", "Ninja Sword", "Nunchucks", "Shadow Fireball", "Shadow Slip",
		"Run in Circles", "Lightning Fast Karate Chop", "Rampage", "Muscle", "Zap",
		"Regenerate", "Gravedigger", "Zombie Corps", "Apocalypse", "Samurai Sword",
		"Helmet", "Smash", "Lightning", "Earthquake", "Twist", "Bend",
		"Juggling Knives", "Acid Spray", "Nose", "Backwards Moustachio",
		"Nose of the Taunted", "Mustache Mash", "Big Hairy Deal",
	}
	refCharacterMoves = map[string][]string{
		"Ninja":   {"Kick", "Ninja Sword", "Nunchucks"},
		"Zombie":  {"Rampage", "Muscle", "Zap"},
		"Samurai": {"Samurai Sword", "Helmet", "Smash"},
		"Clown":   {"Juggling Knives", "Acid Spray", "Nose"},
	}
	refBoosterMoves = map[string][]string{
		"Shadow":       {"Shadow Fireball", "Shadow Slip"},
		"Speedy":       {"Run in Circles", "Lightning Fast Karate Chop"},
		"Regenerative": {"Regenerate", "Gravedigger"},
		"Zombie Corps": {"Zombie Corps", "Apocalypse"},
		"Atlas":        {"Lightning", "Earthquake"},
		"Strong":       {"Twist", "Bend"},
		"Backwards":    {"Backwards Moustachio", "Nose of the Taunted"},
		"Moustachio":   {"Mustache Mash", "Big Hairy Deal"},
		"No Booster":   nil,
	}
	refCharacterBoosters = map[string][]string{
		"Ninja":   {"Shadow", "Speedy", "No Booster"},
		"Zombie":  {"Regenerative", "Zombie Corps", "No Booster"},
		"Samurai": {"Atlas", "Strong", "No Booster"},
		"Clown":   {"Backwards", "Moustachio", "No Booster"},
	}
	refSingleUse   = []string{"Zap", "Regenerate", "Acid Spray"}
	refDestructive = []string{"Zap", "Acid Spray"}
)

// refOutcome is the reference's outcome table, copied from the seed: row y
// (the opponent's move), column x (the scoring move), one digit per cell.
var refOutcome = [28]string{
	"0000000010101100110011000001", // Kick
	"0000000100101010001010010100", // Ninja Sword
	"0000000100100110101100010100", // Nunchucks
	"0000000000101100101000001100", // Shadow Fireball
	"0000000000100000001000001000", // Shadow Slip
	"0000000000100000001000001000", // Run in Circles
	"0000000010100110010011001001", // Lightning Fast Karate Chop
	"1001001000000000110011000000", // Rampage
	"0111000000000010011101000000", // Muscle
	"0000000000000000000000000000", // Zap
	"0000000000000000000000001000", // Regenerate
	"0000000000000000001000001000", // Gravedigger
	"0010001000000000010010001001", // Zombie Corps
	"0100000000000000001010001001", // Apocalypse
	"1011000100101100000000010100", // Samurai Sword
	"0000000000100000000000000000", // Helmet
	"0100001010101100000001000001", // Smash
	"0111000010100100000001001000", // Lightning
	"1000001100101000000000001001", // Earthquake
	"1101001100101100000001001001", // Twist
	"0011000010100000000001011001", // Bend
	"0111000000101111001000000000", // Juggling Knives
	"0000000000100000000000000000", // Acid Spray
	"1001001110101100111100000000", // Nose
	"1110000110100010100000000000", // Backwards Moustachio
	"1000001110101100111110000000", // Nose of the Taunted
	"0000000000100000000000000000", // Mustache Mash
	"0111000110100010010000000000", // Big Hairy Deal
}

// fold is the test's own reading of a name: case-insensitive, no spaces.
func fold(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), "")) }

func refIndex(list []string, name string) int {
	for i, n := range list {
		if fold(n) == fold(name) {
			return i
		}
	}
	return -1
}

func refMove(name string) int {
	i := refIndex(refMoveNames[:], name)
	if i < 0 {
		panic("test: unknown move " + name)
	}
	return i
}

// refMoveSet returns the bit set of the named moves.
func refMoveSet(names ...string) uint32 {
	var m uint32
	for _, n := range names {
		m |= 1 << refMove(n)
	}
	return m
}

// refLoadoutMoves returns the moves a loadout grants, from the name lists.
func refLoadoutMoves(character, booster string) uint32 {
	return refMoveSet(refCharacterMoves[character]...) | refMoveSet(refBoosterMoves[booster]...)
}

// refPoints is what move x scores against move y, with the Smash/Shadow
// Fireball special case: Smash wins only for a Strong player.
func refPoints(x, y int, xStrong, yStrong bool) int {
	smash, fireball := refSmash, refFireball
	switch {
	case x == smash && y == fireball:
		if xStrong {
			return 1
		}
		return 0
	case x == fireball && y == smash:
		if yStrong {
			return 0
		}
		return 1
	}
	return int(refOutcome[y][x] - '0')
}

// Indices and sets the hot loops of the perft enumeration need, looked up
// once.
var (
	refSmash, refFireball       = refMove("Smash"), refMove("Shadow Fireball")
	refSingleSet, refDestroySet = refMoveSet(refSingleUse...), refMoveSet(refDestructive...)
)

// refLoadoutSet[c][b] is refLoadoutMoves for character c and booster b
// (0 for a booster of another character), by index.
var refLoadoutSet = func() (t [4][9]uint32) {
	for c, cn := range refCharacterNames {
		for _, bn := range refCharacterBoosters[cn] {
			t[c][refIndex(refBoosterNames[:], bn)] = refLoadoutMoves(cn, bn)
		}
	}
	return t
}()

// loadout reads "Character/Booster" with the test's own lists.
func loadout(t testing.TB, s string) nzsc.Loadout {
	t.Helper()
	c, b, ok := strings.Cut(s, "/")
	ci, bi := refIndex(refCharacterNames[:], c), refIndex(refBoosterNames[:], b)
	if !ok || ci < 0 || bi < 0 {
		t.Fatalf("bad loadout %q", s)
	}
	return nzsc.Loadout{Character: nzsc.Character(ci), Booster: nzsc.Booster(bi)}
}

// choice reads one answer in phase p: a name from the test's lists, "?" for
// a nonexistent name (nzsc.Unknown), or "#n" for the raw value n.
func choice(t testing.TB, p nzsc.Phase, s string) nzsc.Choice {
	t.Helper()
	s = strings.TrimSpace(s)
	if s == "?" {
		return nzsc.Unknown
	}
	if v, ok := strings.CutPrefix(s, "#"); ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 255 {
			t.Fatalf("bad raw choice %q", s)
		}
		return nzsc.Choice(n)
	}
	var list []string
	switch p {
	case nzsc.PickCharacter:
		list = refCharacterNames[:]
	case nzsc.PickBooster:
		list = refBoosterNames[:]
	default:
		list = refMoveNames[:]
	}
	i := refIndex(list, s)
	if i < 0 {
		t.Fatalf("%q is not a %v name in the test's lists", s, p)
	}
	return nzsc.Choice(i)
}

// play runs a script of turns "A / B" (optionally "A / B -> x-y", which also
// checks the points each seat gained that turn) and returns the turns.
func play(t testing.TB, s *nzsc.State, script []string) []nzsc.Turn {
	t.Helper()
	var turns []nzsc.Turn
	for i, line := range script {
		body, gain, hasGain := strings.Cut(line, "->")
		a, b, ok := strings.Cut(body, "/")
		if !ok {
			t.Fatalf("bad script line %q", line)
		}
		p := s.Phase
		tr := s.Step(choice(t, p, a), choice(t, p, b))
		turns = append(turns, tr)
		if hasGain {
			want := strings.TrimSpace(gain)
			got := fmt.Sprintf("%d-%d", tr.Gained(0), tr.Gained(1))
			if got != want {
				t.Errorf("turn %d %q: gained %s, want %s", i+1, line, got, want)
			}
		}
		if tr.Phase() != p {
			t.Errorf("turn %d %q: Turn.Phase %v, want %v", i+1, line, tr.Phase(), p)
		}
	}
	return turns
}

// start returns a game from NewGame (loadouts "") or NewRound.
func start(t testing.TB, a, b string, turnCap int) nzsc.State {
	t.Helper()
	r := nzsc.Rules{TurnCap: 1000}
	if turnCap > 0 {
		r.TurnCap = turnCap
	}
	if a == "" {
		return nzsc.NewGame(r)
	}
	return nzsc.NewRound(r, loadout(t, a), loadout(t, b))
}

// startRules is start under rules r.
func startRules(t testing.TB, a, b string, r nzsc.Rules) nzsc.State {
	t.Helper()
	if a == "" {
		return nzsc.NewGame(r)
	}
	return nzsc.NewRound(r, loadout(t, a), loadout(t, b))
}

type turnWant struct {
	off                       [2]nzsc.Offence
	nullified, clash, setback bool
}

// scenario is one scripted game and what the rulebook says must follow.
type scenario struct {
	name string
	a, b string // loadouts for NewRound; "" starts from NewGame
	cap  int    // turn cap, 0 for 1000
	// rules, when its turn cap is set, replaces the shared rules (and
	// cap).
	rules  nzsc.Rules
	script []string
	points [2]int
	waits  [2]int
	phase  nzsc.Phase
	result nzsc.Result
	margin string
	last   *turnWant // the last turn's record, if given
	check  func(t *testing.T, s *nzsc.State, turns []nzsc.Turn)
}

func runScenarios(t *testing.T, cases []scenario) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := start(t, c.a, c.b, c.cap)
			if c.rules.TurnCap != 0 {
				s = startRules(t, c.a, c.b, c.rules)
			}
			turns := play(t, &s, c.script)
			if got := [2]int{s.Points(0), s.Points(1)}; got != c.points {
				t.Errorf("points %v, want %v", got, c.points)
			}
			if got := [2]int{s.Waits(0), s.Waits(1)}; got != c.waits {
				t.Errorf("waits %v, want %v", got, c.waits)
			}
			if s.Phase != c.phase || s.Result != c.result {
				t.Errorf("phase %v result %v, want %v %v", s.Phase, s.Result, c.phase, c.result)
			}
			if got := s.Margin(); got != c.margin {
				t.Errorf("margin %q, want %q", got, c.margin)
			}
			if int(s.Turn) != len(turns) {
				t.Errorf("Turn counter %d after %d turns", s.Turn, len(turns))
			}
			if c.last != nil && len(turns) > 0 {
				checkTurn(t, turns[len(turns)-1], *c.last)
			}
			if c.check != nil {
				c.check(t, &s, turns)
			}
		})
	}
}

func checkTurn(t *testing.T, tr nzsc.Turn, w turnWant) {
	t.Helper()
	for seat := range 2 {
		if got := tr.Offence(seat); got != w.off[seat] {
			t.Errorf("last turn: seat %d offence %v, want %v", seat, got, w.off[seat])
		}
	}
	if tr.Nullified() != w.nullified || tr.Clash() != w.clash || tr.Setback() != w.setback {
		t.Errorf("last turn: nullified %v clash %v setback %v, want %v %v %v",
			tr.Nullified(), tr.Clash(), tr.Setback(), w.nullified, w.clash, w.setback)
	}
}

func wantStreak(t *testing.T, s *nzsc.State, seat int, move string, n int) {
	t.Helper()
	m, k := s.MoveStreak(seat)
	if k != n || (n > 0 && int(m) != refMove(move)) {
		t.Errorf("seat %d move streak (%v, %d), want (%s, %d)", seat, m, k, move, n)
	}
}

func wantCharStreak(t *testing.T, s *nzsc.State, seat int, c string, n int) {
	t.Helper()
	got, k := s.CharacterStreak(seat)
	if k != n || (n > 0 && int(got) != refIndex(refCharacterNames[:], c)) {
		t.Errorf("seat %d character streak (%v, %d), want (%s, %d)", seat, got, k, c, n)
	}
}

func wantDestroyed(t *testing.T, s *nzsc.State, seat int, moves ...string) {
	t.Helper()
	if got, want := s.Destroyed(seat), refMoveSet(moves...); got != want {
		t.Errorf("seat %d destroyed %#x, want %#x (%v)", seat, got, want, moves)
	}
	if s.Available(seat)&s.Destroyed(seat) != 0 {
		t.Errorf("seat %d: destroyed moves %#x are available", seat, s.Available(seat)&s.Destroyed(seat))
	}
}

func wantLegal(t *testing.T, s *nzsc.State, seat int, want ...int) {
	t.Helper()
	var buf [nzsc.MaxChoices]nzsc.Choice
	n := s.Legal(seat, &buf)
	got := make([]int, n)
	for i := range n {
		got[i] = int(buf[i])
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("seat %d legal %v, want %v", seat, got, want)
	}
}

func rep(line string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = line
	}
	return out
}

func cat(parts ...[]string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

var noneOK = &turnWant{}

func offA(o nzsc.Offence) *turnWant {
	return &turnWant{off: [2]nzsc.Offence{o, 0}, nullified: true}
}
func offB(o nzsc.Offence) *turnWant {
	return &turnWant{off: [2]nzsc.Offence{0, o}, nullified: true}
}
func offAB(a, b nzsc.Offence) *turnWant {
	return &turnWant{off: [2]nzsc.Offence{a, b}, nullified: true}
}

// TestOffenceWaits pins what each penalty clause costs (SPEC "Illegal
// choices and penalties").
func TestOffenceWaits(t *testing.T) {
	cases := []struct {
		o    nzsc.Offence
		want uint8
	}{
		{nzsc.NoOffence, 0},
		{nzsc.WrongUniverse, 4},
		{nzsc.DestroyedMove, 4},
		{nzsc.FourthInARow, 3},
		{nzsc.WrongCharacter, 3},
		{nzsc.WrongBooster, 2},
		{nzsc.Stuck, 2},
	}
	for i, c := range cases {
		if got := c.o.Waits(); got != c.want {
			t.Errorf("case %d (%v): got %d waits, want %d", i, c.o, got, c.want)
		}
	}
}

func TestCharacterPhase(t *testing.T) {
	runScenarios(t, []scenario{
		{
			name:   "clash then settle",
			script: []string{"Ninja / Ninja -> 0-0", "Ninja / Samurai -> 1-0"},
			points: [2]int{1, 0}, waits: [2]int{4, 4}, phase: nzsc.PickBooster,
			last: noneOK,
			check: func(t *testing.T, s *nzsc.State, turns []nzsc.Turn) {
				checkTurn(t, turns[0], turnWant{clash: true})
				wantCharStreak(t, s, 0, "Ninja", 2)
				wantCharStreak(t, s, 1, "Samurai", 1)
				if s.Character(0) != nzsc.Ninja || s.Character(1) != nzsc.Samurai {
					t.Errorf("characters %v %v", s.Character(0), s.Character(1))
				}
			},
		},
		{
			name:   "a clash keeps both in the character phase",
			script: []string{"Clown / Clown"},
			points: [2]int{0, 0}, waits: [2]int{4, 4}, phase: nzsc.PickCharacter,
			last: &turnWant{clash: true},
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				if s.Character(0) != nzsc.NoCharacter || s.Character(1) != nzsc.NoCharacter {
					t.Errorf("characters settled on a clash: %v %v", s.Character(0), s.Character(1))
				}
				wantCharStreak(t, s, 0, "Clown", 1)
				wantCharStreak(t, s, 1, "Clown", 1)
			},
		},
		{
			name:   "three clashes, a fourth Ninja is refused with 3 waits",
			script: cat(rep("Ninja / Ninja", 3), []string{"Ninja / Samurai -> 0-0"}),
			points: [2]int{0, 0}, waits: [2]int{1, 4}, phase: nzsc.PickCharacter,
			last: offA(nzsc.FourthInARow),
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				// The refused turn counts for neither: B's Samurai is not picked.
				wantCharStreak(t, s, 0, "Ninja", 3)
				wantCharStreak(t, s, 1, "Ninja", 3)
				wantLegal(t, s, 0, 1, 2, 3)
				wantLegal(t, s, 1, 1, 2, 3)
				if s.Character(1) != nzsc.NoCharacter {
					t.Errorf("nullified pick settled B's character %v", s.Character(1))
				}
			},
		},
		{
			name: "both refused a fourth time, the penalty point, then settle",
			// A has 1 wait left after the first refusal; the second costs 3,
			// so A drops to 0 and B scores; B drops from 4 to 1.
			script: cat(rep("Ninja / Ninja", 3),
				[]string{"Ninja / Samurai", "Ninja / Ninja -> 0-1", "Zombie / Samurai -> 0-0"}),
			points: [2]int{0, 1}, waits: [2]int{0, 1}, phase: nzsc.PickBooster,
			last: noneOK,
			check: func(t *testing.T, s *nzsc.State, turns []nzsc.Turn) {
				checkTurn(t, turns[4], *offAB(nzsc.FourthInARow, nzsc.FourthInARow))
				wantCharStreak(t, s, 0, "Zombie", 1)
				wantCharStreak(t, s, 1, "Samurai", 1)
			},
		},
		{
			name: "three in a row counts consecutive picks only",
			// Ninja, Ninja, Zombie, Ninja, Ninja, Ninja: the last is only the
			// third Ninja in a row, so it is legal.
			script: cat(rep("Ninja / Ninja", 2), []string{"Zombie / Zombie"}, rep("Ninja / Ninja", 2),
				[]string{"Ninja / Clown -> 0-1"}),
			points: [2]int{0, 1}, waits: [2]int{4, 4}, phase: nzsc.PickBooster,
			last: noneOK,
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantCharStreak(t, s, 0, "Ninja", 3)
				wantCharStreak(t, s, 1, "Clown", 1)
			},
		},
		{
			name:   "nonexistent character costs 4 waits",
			script: []string{"? / Ninja"},
			points: [2]int{0, 0}, waits: [2]int{0, 4}, phase: nzsc.PickCharacter,
			last: offA(nzsc.WrongUniverse),
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantCharStreak(t, s, 1, "", 0)
			},
		},
		{
			name:   "out-of-range character value costs 4 waits",
			script: []string{"Ninja / #4", "Ninja / #200"},
			points: [2]int{1, 0}, waits: [2]int{4, 0}, phase: nzsc.PickCharacter,
			last: offB(nzsc.WrongUniverse),
		},
		{
			name:   "penalty points end the game in the character phase",
			script: cat([]string{"? / Ninja -> 0-0"}, rep("? / Ninja -> 0-1", 5)),
			points: [2]int{0, 5}, waits: [2]int{0, 4}, phase: nzsc.GameOver,
			result: nzsc.SecondWins, margin: "Wipeout",
			last: offA(nzsc.WrongUniverse),
		},
		{
			name:   "both penalized below zero score alike and 5-5 goes back to 4-4",
			script: cat([]string{"? / ?  -> 0-0"}, rep("? / ? -> 1-1", 5)),
			points: [2]int{4, 4}, waits: [2]int{0, 0}, phase: nzsc.PickCharacter,
			last: &turnWant{off: [2]nzsc.Offence{nzsc.WrongUniverse, nzsc.WrongUniverse},
				nullified: true, setback: true},
		},
	})
}

// TestHeadstarts covers all 12 ordered pairs of different characters, by
// playing the pick, by Headstart, and by NewRound.
func TestHeadstarts(t *testing.T) {
	cases := []struct {
		a, b string
		want [2]int
	}{
		{"Ninja", "Zombie", [2]int{0, 0}},
		{"Ninja", "Samurai", [2]int{1, 0}},
		{"Ninja", "Clown", [2]int{0, 1}},
		{"Zombie", "Ninja", [2]int{0, 0}},
		{"Zombie", "Samurai", [2]int{0, 0}},
		{"Zombie", "Clown", [2]int{0, 0}},
		{"Samurai", "Ninja", [2]int{0, 1}},
		{"Samurai", "Zombie", [2]int{0, 0}},
		{"Samurai", "Clown", [2]int{1, 0}},
		{"Clown", "Ninja", [2]int{1, 0}},
		{"Clown", "Zombie", [2]int{0, 0}},
		{"Clown", "Samurai", [2]int{0, 1}},
	}
	for i, c := range cases {
		s := nzsc.NewGame(nzsc.DefaultRules)
		tr := play(t, &s, []string{c.a + " / " + c.b})[0]
		if got := [2]int{s.Points(0), s.Points(1)}; got != c.want {
			t.Errorf("case %d %s v %s: points %v, want %v", i, c.a, c.b, got, c.want)
		}
		if got := [2]int{int(tr.Gained(0)), int(tr.Gained(1))}; got != c.want {
			t.Errorf("case %d %s v %s: Turn.Gained %v, want %v", i, c.a, c.b, got, c.want)
		}
		ca, cb := nzsc.Character(refIndex(refCharacterNames[:], c.a)), nzsc.Character(refIndex(refCharacterNames[:], c.b))
		if ga, gb := nzsc.Headstart(ca, cb); [2]int{int(ga), int(gb)} != c.want {
			t.Errorf("case %d: Headstart(%v, %v) = %d, %d, want %v", i, ca, cb, ga, gb, c.want)
		}
		r := nzsc.NewRound(nzsc.DefaultRules, nzsc.Loadout{Character: ca, Booster: nzsc.NoBooster},
			nzsc.Loadout{Character: cb, Booster: nzsc.NoBooster})
		if got := [2]int{r.Points(0), r.Points(1)}; got != c.want {
			t.Errorf("case %d: NewRound points %v, want %v", i, got, c.want)
		}
		if s.Phase != nzsc.PickBooster || tr.Nullified() || tr.Clash() {
			t.Errorf("case %d: phase %v nullified %v clash %v", i, s.Phase, tr.Nullified(), tr.Clash())
		}
	}
}

func TestBoosterPhase(t *testing.T) {
	runScenarios(t, []scenario{
		{
			name:   "own boosters",
			script: []string{"Ninja / Samurai", "Shadow / Strong -> 0-0"},
			points: [2]int{1, 0}, waits: [2]int{4, 4}, phase: nzsc.PickMove,
			last: noneOK,
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				if s.Booster(0) != nzsc.Shadow || s.Booster(1) != nzsc.Strong {
					t.Errorf("boosters %v %v", s.Booster(0), s.Booster(1))
				}
				wantLegal(t, s, 0, 0, 1, 2, 3, 4)
				wantLegal(t, s, 1, 14, 15, 16, 19, 20)
			},
		},
		{
			name:   "booster choices are the character's two and No Booster",
			script: []string{"Clown / Zombie"},
			points: [2]int{0, 0}, waits: [2]int{4, 4}, phase: nzsc.PickBooster,
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantLegal(t, s, 0, 6, 7, 8)
				wantLegal(t, s, 1, 2, 3, 8)
			},
		},
		{
			name:   "No Booster for both",
			script: []string{"Zombie / Clown", "No Booster / No Booster"},
			points: [2]int{0, 0}, waits: [2]int{4, 4}, phase: nzsc.PickMove,
			last: noneOK,
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantLegal(t, s, 0, 7, 8, 9)
				wantLegal(t, s, 1, 21, 22, 23)
			},
		},
		{
			name:   "nonexistent booster costs 4 waits",
			script: []string{"Ninja / Samurai", "? / Strong"},
			points: [2]int{1, 0}, waits: [2]int{0, 4}, phase: nzsc.PickBooster,
			last: offA(nzsc.WrongUniverse),
		},
		{
			name:   "out-of-range booster value costs 4 waits",
			script: []string{"Ninja / Samurai", "Shadow / #9"},
			points: [2]int{1, 0}, waits: [2]int{4, 0}, phase: nzsc.PickBooster,
			last: offB(nzsc.WrongUniverse),
		},
		{
			name: "another character's booster costs 3 waits, twice drops below zero",
			script: []string{"Ninja / Samurai", "Strong / Atlas -> 0-0",
				"Regenerative / Moustachio -> 0-1", "Speedy / Atlas"},
			points: [2]int{1, 1}, waits: [2]int{0, 1}, phase: nzsc.PickMove,
			last: noneOK,
			check: func(t *testing.T, s *nzsc.State, turns []nzsc.Turn) {
				checkTurn(t, turns[1], *offA(nzsc.WrongCharacter))
				checkTurn(t, turns[2], *offAB(nzsc.WrongCharacter, nzsc.WrongCharacter))
				if s.Booster(0) != nzsc.Speedy || s.Booster(1) != nzsc.Atlas {
					t.Errorf("boosters %v %v", s.Booster(0), s.Booster(1))
				}
			},
		},
	})
}

func TestMovePenalties(t *testing.T) {
	// Ninja/Speedy against Samurai/Atlas starts at 1-0 (Ninja's headstart).
	const ns, sa = "Ninja/Speedy", "Samurai/Atlas"
	unchanged := func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
		t.Helper()
		wantStreak(t, s, 0, "", 0)
		wantStreak(t, s, 1, "", 0)
		wantDestroyed(t, s, 0)
		wantDestroyed(t, s, 1)
	}
	runScenarios(t, []scenario{
		{
			name: "seed example: a Speedy Ninja plays Shadow Slip, 2 waits",
			a:    ns, b: sa, script: []string{"Shadow Slip / Helmet -> 0-0"},
			points: [2]int{1, 0}, waits: [2]int{2, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.WrongBooster), check: unchanged,
		},
		{
			name: "No Booster Ninja plays a Shadow move, 2 waits",
			a:    "Ninja/No Booster", b: sa, script: []string{"Shadow Fireball / Helmet"},
			points: [2]int{1, 0}, waits: [2]int{2, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.WrongBooster), check: unchanged,
		},
		{
			name: "No Booster Ninja plays a Speedy move, 2 waits",
			a:    "Ninja/No Booster", b: sa, script: []string{"Lightning Fast Karate Chop / Helmet"},
			points: [2]int{1, 0}, waits: [2]int{2, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.WrongBooster), check: unchanged,
		},
		{
			name: "another character's base move, 3 waits",
			a:    ns, b: sa, script: []string{"Rampage / Helmet"},
			points: [2]int{1, 0}, waits: [2]int{1, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.WrongCharacter), check: unchanged,
		},
		{
			name: "another character's booster move, 3 waits",
			a:    ns, b: sa, script: []string{"Twist / Helmet"},
			points: [2]int{1, 0}, waits: [2]int{1, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.WrongCharacter), check: unchanged,
		},
		{
			name: "the opponent's own move, 3 waits",
			a:    ns, b: sa, script: []string{"Kick / Kick"},
			points: [2]int{1, 0}, waits: [2]int{4, 1}, phase: nzsc.PickMove,
			last: offB(nzsc.WrongCharacter), check: unchanged,
		},
		{
			name: "nonexistent move, 4 waits",
			a:    ns, b: sa, script: []string{"? / Helmet"},
			points: [2]int{1, 0}, waits: [2]int{0, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.WrongUniverse), check: unchanged,
		},
		{
			name: "out-of-range move values, 4 waits each, then the penalty point",
			a:    ns, b: sa, script: []string{"#28 / Helmet -> 0-0", "#31 / Helmet -> 0-1"},
			points: [2]int{1, 1}, waits: [2]int{0, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.WrongUniverse), check: unchanged,
		},
		{
			name: "both penalized in the same turn",
			a:    ns, b: sa, script: []string{"Shadow Slip / Twist"},
			points: [2]int{1, 0}, waits: [2]int{2, 2}, phase: nzsc.PickMove,
			last: offAB(nzsc.WrongBooster, nzsc.WrongBooster), check: unchanged,
		},
		{
			name: "both drop below zero in the same turn: each scores a point",
			a:    ns, b: sa, script: []string{"? / ? -> 0-0", "? / ? -> 1-1"},
			points: [2]int{2, 1}, waits: [2]int{0, 0}, phase: nzsc.PickMove,
			last: offAB(nzsc.WrongUniverse, nzsc.WrongUniverse), check: unchanged,
		},
		{
			name: "waits run out gradually: 2, then 2 more, then the point",
			a:    ns, b: sa,
			script: []string{"Shadow Slip / Helmet -> 0-0", "Shadow Fireball / Helmet -> 0-0", "Shadow Slip / Helmet -> 0-1"},
			points: [2]int{1, 1}, waits: [2]int{0, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.WrongBooster), check: unchanged,
		},
		{
			name: "a penalty point ends the game",
			a:    ns, b: sa,
			// 1-0 from the headstart; B's waits go at once, then A gains a
			// point a turn up to 5.
			script: cat([]string{"Kick / ?"}, rep("Kick / ? -> 1-0", 4)),
			points: [2]int{5, 0}, waits: [2]int{4, 0}, phase: nzsc.GameOver,
			result: nzsc.FirstWins, margin: "Wipeout",
			last: offB(nzsc.WrongUniverse),
		},
		{
			name: "destroyed move and fourth in a row: the first clause (4 waits) applies",
			// Kick three times; B's Zap in the third round destroys Kick.
			a: "Ninja/Shadow", b: "Zombie/No Booster",
			script: []string{"Kick / Rampage -> 1-0", "Kick / Muscle -> 0-1", "Kick / Zap -> 0-0", "Kick / Rampage -> 0-0"},
			points: [2]int{1, 1}, waits: [2]int{0, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.DestroyedMove),
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantStreak(t, s, 0, "Kick", 3)
				wantStreak(t, s, 1, "Zap", 1)
				wantDestroyed(t, s, 0, "Kick")
				wantDestroyed(t, s, 1, "Zap")
				wantLegal(t, s, 0, 1, 2, 3, 4)
				wantLegal(t, s, 1, 7, 8)
			},
		},
		{
			name: "a nullified turn changes no streak, destroys nothing, scores nothing",
			// B's Acid Spray would destroy A's Rampage (and itself) and A's
			// Zap would destroy B's move: all of it is void when B offends.
			a: "Zombie/No Booster", b: "Clown/No Booster",
			script: []string{"Rampage / Mustache Mash -> 0-0", "Zap / Big Hairy Deal -> 0-0", "Kick / Acid Spray -> 0-0"},
			points: [2]int{0, 0}, waits: [2]int{1, 0}, phase: nzsc.PickMove,
			last: offA(nzsc.WrongCharacter),
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantStreak(t, s, 0, "", 0)
				wantStreak(t, s, 1, "", 0)
				wantDestroyed(t, s, 0)
				wantDestroyed(t, s, 1)
				wantLegal(t, s, 0, 7, 8, 9)
				wantLegal(t, s, 1, 21, 22, 23)
			},
		},
	})
}

func TestMoveStreaks(t *testing.T) {
	runScenarios(t, []scenario{
		{
			// The three-in-a-row example: the same move more than three
			// times is fine as long as not three times running.
			name: "seed example: Kick, Kick, Kick, Nunchucks, Kick is legal",
			a:    "Ninja/Shadow", b: "Samurai/Strong",
			script: []string{"Kick / Helmet -> 0-0", "Kick / Helmet -> 0-0", "Kick / Twist -> 1-0",
				"Nunchucks / Helmet -> 0-0", "Kick / Helmet -> 0-0"},
			points: [2]int{2, 0}, waits: [2]int{4, 4}, phase: nzsc.PickMove,
			last: noneOK,
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantStreak(t, s, 0, "Kick", 1)
				wantStreak(t, s, 1, "Helmet", 2)
			},
		},
		{
			name: "three times legal, the fourth refused with 3 waits",
			a:    "Ninja/Shadow", b: "Samurai/Atlas",
			script: []string{"Kick / Helmet", "Kick / Earthquake -> 1-0", "Kick / Helmet",
				"Kick / Earthquake -> 0-0"},
			points: [2]int{2, 0}, waits: [2]int{1, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.FourthInARow),
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantStreak(t, s, 0, "Kick", 3)
				wantStreak(t, s, 1, "Helmet", 1)
				wantLegal(t, s, 0, 1, 2, 3, 4)
			},
		},
		{
			name: "a nullified turn neither extends nor resets a streak",
			a:    "Ninja/Shadow", b: "Samurai/Strong",
			script: []string{
				"Kick / Helmet", "Kick / Helmet",
				"Kick / Lightning", // B offends (Atlas move, 2 waits): A's Kick stays at 2
				"Kick / Twist -> 1-0",
				"Nunchucks / Lightning", // nullified again: A's Kick streak stays at 3
				"Kick / Helmet",         // so this Kick is a fourth in a row
			},
			points: [2]int{2, 0}, waits: [2]int{1, 0}, phase: nzsc.PickMove,
			last: offA(nzsc.FourthInARow),
			check: func(t *testing.T, s *nzsc.State, turns []nzsc.Turn) {
				checkTurn(t, turns[2], *offB(nzsc.WrongBooster))
				checkTurn(t, turns[4], *offB(nzsc.WrongBooster))
				wantStreak(t, s, 0, "Kick", 3)
				wantStreak(t, s, 1, "Twist", 1)
			},
		},
	})
}

func TestSingleUseAndDestructive(t *testing.T) {
	runScenarios(t, []scenario{
		{
			name: "Zap, Regenerate and Acid Spray",
			a:    "Zombie/Regenerative", b: "Clown/Backwards",
			script: []string{
				"Zap / Juggling Knives -> 0-0", // Zap spends itself and destroys Juggling Knives
				"Regenerate / Nose -> 1-0",     // single-use, not destructive: Nose survives
				"Muscle / Acid Spray -> 0-0",   // Acid Spray spends itself and destroys Muscle
			},
			points: [2]int{1, 0}, waits: [2]int{4, 4}, phase: nzsc.PickMove,
			last: noneOK,
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantDestroyed(t, s, 0, "Zap", "Regenerate", "Muscle")
				wantDestroyed(t, s, 1, "Juggling Knives", "Acid Spray")
				wantLegal(t, s, 0, 7, 11)
				wantLegal(t, s, 1, 23, 24, 25)
				if got, want := s.Available(0), refMoveSet("Rampage", "Gravedigger"); got != want {
					t.Errorf("available %#x, want %#x", got, want)
				}
			},
		},
		{
			name: "a spent move costs 4 waits, a move the opponent destroyed too",
			a:    "Zombie/Regenerative", b: "Clown/Backwards",
			script: []string{"Zap / Juggling Knives", "Regenerate / Nose", "Muscle / Acid Spray",
				"Zap / Nose -> 0-0", "Muscle / Nose -> 0-1"},
			points: [2]int{1, 1}, waits: [2]int{0, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.DestroyedMove),
		},
		{
			name: "both destructive moves at once",
			a:    "Zombie/No Booster", b: "Clown/No Booster",
			script: []string{"Zap / Acid Spray -> 0-0"},
			points: [2]int{0, 0}, waits: [2]int{4, 4}, phase: nzsc.PickMove,
			last: noneOK,
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantDestroyed(t, s, 0, "Zap")
				wantDestroyed(t, s, 1, "Acid Spray")
				wantLegal(t, s, 0, 7, 8)
				wantLegal(t, s, 1, 21, 23)
			},
		},
	})
}

func TestScoringExamples(t *testing.T) {
	runScenarios(t, []scenario{
		{
			// The rulebook's Rock-against-Paper walk-through, told with
			// NZSC moves: Kick (x) against Muscle (y) is cell 0, Muscle
			// against Kick is cell 1, so the round ends 0 points to 1.
			name: "rulebook scoring example",
			a:    "Ninja/Shadow", b: "Zombie/No Booster",
			script: []string{"Kick / Muscle -> 0-1"},
			points: [2]int{0, 1}, waits: [2]int{4, 4}, phase: nzsc.PickMove, last: noneOK,
		},
		{
			name: "Smash with Strong beats Shadow Fireball",
			a:    "Samurai/Strong", b: "Ninja/Shadow",
			script: []string{"Smash / Shadow Fireball -> 1-0"},
			points: [2]int{1, 1}, waits: [2]int{4, 4}, phase: nzsc.PickMove, last: noneOK,
		},
		{
			name: "Smash with Atlas loses to Shadow Fireball",
			a:    "Samurai/Atlas", b: "Ninja/Shadow",
			script: []string{"Smash / Shadow Fireball -> 0-1"},
			points: [2]int{0, 2}, waits: [2]int{4, 4}, phase: nzsc.PickMove, last: noneOK,
		},
		{
			name: "Smash without a booster loses to Shadow Fireball",
			a:    "Samurai/No Booster", b: "Ninja/Shadow",
			script: []string{"Smash / Shadow Fireball -> 0-1"},
			points: [2]int{0, 2}, waits: [2]int{4, 4}, phase: nzsc.PickMove, last: noneOK,
		},
		{
			name: "Shadow Fireball against Strong Smash, other seat",
			a:    "Ninja/Shadow", b: "Samurai/Strong",
			script: []string{"Shadow Fireball / Smash -> 0-1"},
			points: [2]int{1, 1}, waits: [2]int{4, 4}, phase: nzsc.PickMove, last: noneOK,
		},
		{
			name: "Shadow Fireball against Atlas Smash, other seat",
			a:    "Ninja/Shadow", b: "Samurai/Atlas",
			script: []string{"Shadow Fireball / Smash -> 1-0"},
			points: [2]int{2, 0}, waits: [2]int{4, 4}, phase: nzsc.PickMove, last: noneOK,
		},
		{
			name: "both score: Nunchucks against Samurai Sword",
			a:    "Ninja/Shadow", b: "Samurai/Strong",
			script: []string{"Nunchucks / Samurai Sword -> 1-1"},
			points: [2]int{2, 1}, waits: [2]int{4, 4}, phase: nzsc.PickMove, last: noneOK,
		},
		{
			name: "5-5 goes back to 4-4, then a Clinch",
			a:    "Ninja/Shadow", b: "Samurai/Strong",
			script: []string{
				"Nunchucks / Samurai Sword -> 1-1", // 2-1
				"Nunchucks / Samurai Sword -> 1-1", // 3-2
				"Nunchucks / Samurai Sword -> 1-1", // 4-3
				"Kick / Smash -> 0-1",              // 4-4
				"Nunchucks / Samurai Sword -> 1-1", // 5-5, back to 4-4
				"Shadow Slip / Helmet -> 0-0",
				"Kick / Samurai Sword -> 1-0", // 5-4
			},
			points: [2]int{5, 4}, waits: [2]int{4, 4}, phase: nzsc.GameOver,
			result: nzsc.FirstWins, margin: "Clinch", last: noneOK,
			check: func(t *testing.T, s *nzsc.State, turns []nzsc.Turn) {
				checkTurn(t, turns[4], turnWant{setback: true})
				for i, tr := range turns {
					if tr.Setback() != (i == 4) {
						t.Errorf("turn %d: setback %v", i+1, tr.Setback())
					}
				}
			},
		},
	})
}

// TestMargins ends games at every margin, won by either seat, on penalty
// points: the winner first offends k+1 times (its first offence takes all
// 4 waits, each later one gives the loser a point), then the loser offends
// 6 times (the winner gains 5).
func TestMargins(t *testing.T) {
	names := [5]string{"Wipeout", "Annihilation", "Obliteration", "Hypnotization", "Clinch"}
	for k, name := range names {
		for winner := range 2 {
			// Zombie and Ninja give no headstarts.
			offend := [2]string{"? / Kick", "Rampage / ?"}
			if winner == 1 {
				offend = [2]string{"Rampage / ?", "? / Kick"}
			}
			script := cat(rep(offend[0], k+1), rep(offend[1], 6))
			want := [2]int{5, k}
			result := nzsc.FirstWins
			if winner == 1 {
				want, result = [2]int{k, 5}, nzsc.SecondWins
			}
			runScenarios(t, []scenario{{
				name: fmt.Sprintf("%s seat %d", name, winner),
				a:    "Zombie/No Booster", b: "Ninja/No Booster",
				script: script, points: want, waits: [2]int{0, 0},
				phase: nzsc.GameOver, result: result, margin: name,
			}})
		}
	}
}

func TestStuckPlayers(t *testing.T) {
	runScenarios(t, []scenario{
		{
			name: "Zombie without booster against Acid Spray is stuck and loses",
			a:    "Zombie/No Booster", b: "Clown/Moustachio",
			script: cat([]string{
				"Rampage / Acid Spray -> 0-0", // Rampage destroyed
				"Zap / Mustache Mash -> 0-0",  // Zap spent
				"Muscle / Juggling Knives -> 0-1",
				"Muscle / Big Hairy Deal -> 1-0",
				"Muscle / Nose -> 1-0", // Muscle three times: nothing left
				// Stuck: whatever A answers it passes at 2 waits; B's Nose is
				// legal every time because nullified turns extend no streak.
				"Muscle / Nose -> 0-0", "? / Nose -> 0-0",
			}, rep("Rampage / Nose -> 0-1", 4)),
			points: [2]int{2, 5}, waits: [2]int{0, 4}, phase: nzsc.GameOver,
			result: nzsc.SecondWins, margin: "Obliteration",
			last: offA(nzsc.Stuck),
			check: func(t *testing.T, s *nzsc.State, turns []nzsc.Turn) {
				for i := 5; i < len(turns); i++ {
					checkTurn(t, turns[i], *offA(nzsc.Stuck))
				}
				wantStreak(t, s, 0, "Muscle", 3)
				wantStreak(t, s, 1, "Nose", 1)
				wantDestroyed(t, s, 0, "Rampage", "Zap")
				wantDestroyed(t, s, 1, "Acid Spray", "Mustache Mash")
			},
		},
		{
			name: "the stuck state itself",
			a:    "Zombie/No Booster", b: "Clown/Moustachio",
			script: []string{"Rampage / Acid Spray", "Zap / Mustache Mash",
				"Muscle / Juggling Knives", "Muscle / Big Hairy Deal", "Muscle / Nose"},
			points: [2]int{2, 1}, waits: [2]int{4, 4}, phase: nzsc.PickMove, last: noneOK,
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				if !s.Stuck(0) || s.Stuck(1) {
					t.Errorf("stuck %v %v, want true false", s.Stuck(0), s.Stuck(1))
				}
				wantLegal(t, s, 0)
				if s.Available(0) != 0 || s.LegalMask(0) != 0 {
					t.Errorf("stuck seat has available %#x mask %#x", s.Available(0), s.LegalMask(0))
				}
				for c := range 256 {
					if o := s.Offence(0, nzsc.Choice(c)); o != nzsc.Stuck {
						t.Fatalf("stuck seat answering %d: offence %v, want stuck", c, o)
					}
				}
			},
		},
		{
			name: "Clown without booster against Zap is stuck and loses",
			a:    "Clown/No Booster", b: "Zombie/Zombie Corps",
			script: cat([]string{
				"Juggling Knives / Zap -> 0-0",     // Juggling Knives destroyed
				"Acid Spray / Zombie Corps -> 0-0", // Acid Spray spent
				"Nose / Apocalypse -> 0-1",
				"Nose / Rampage -> 0-1",
				"Nose / Muscle -> 0-1",
				"Nose / Rampage -> 0-0", "Kick / Rampage -> 0-0",
			}, rep("Nose / Rampage -> 0-1", 2)),
			points: [2]int{0, 5}, waits: [2]int{0, 4}, phase: nzsc.GameOver,
			result: nzsc.SecondWins, margin: "Wipeout",
			last: offA(nzsc.Stuck),
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantDestroyed(t, s, 0, "Juggling Knives", "Acid Spray")
				wantDestroyed(t, s, 1, "Zap", "Zombie Corps")
			},
		},
		{
			name: "both stuck at level scores: 5-5 setbacks until the turn cap draws",
			a:    "Zombie/No Booster", b: "Clown/No Booster", cap: 16,
			script: cat([]string{
				"Muscle / Juggling Knives -> 0-1",
				"Muscle / Juggling Knives -> 0-1",
				"Muscle / Juggling Knives -> 0-1",
				"Rampage / Acid Spray -> 0-0",  // Rampage destroyed, Acid Spray spent
				"Zap / Juggling Knives -> 0-0", // Juggling Knives destroyed, Zap spent
				"Muscle / Nose -> 1-0",
				"Muscle / Nose -> 1-0",
				"Muscle / Nose -> 1-0", // 3-3, both stuck
				"Muscle / Nose -> 0-0", // waits 2-2
				"Muscle / Nose -> 0-0", // waits 0-0
				"Muscle / Nose -> 1-1", // 4-4
				"Muscle / Nose -> 1-1", // 5-5: back to 4-4
			}, rep("? / ? -> 1-1", 4)),
			points: [2]int{4, 4}, waits: [2]int{0, 0}, phase: nzsc.GameOver,
			result: nzsc.Draw, margin: "",
			last: &turnWant{off: [2]nzsc.Offence{nzsc.Stuck, nzsc.Stuck}, nullified: true, setback: true},
			check: func(t *testing.T, s *nzsc.State, turns []nzsc.Turn) {
				checkTurn(t, turns[11], turnWant{off: [2]nzsc.Offence{nzsc.Stuck, nzsc.Stuck},
					nullified: true, setback: true})
				if s.Result.Winner() != -1 {
					t.Errorf("draw has winner %d", s.Result.Winner())
				}
			},
		},
		{
			name: "both stuck, unequal scores: the higher score wins",
			a:    "Zombie/No Booster", b: "Clown/No Booster",
			script: []string{
				"Rampage / Acid Spray", "Zap / Juggling Knives",
				"Muscle / Nose -> 1-0", "Muscle / Nose -> 1-0", "Muscle / Nose -> 1-0",
				"Muscle / Nose -> 0-0", "Muscle / Nose -> 0-0",
				"Muscle / Nose -> 1-1", "Muscle / Nose -> 1-1", // 5-2
			},
			points: [2]int{5, 2}, waits: [2]int{0, 0}, phase: nzsc.GameOver,
			result: nzsc.FirstWins, margin: "Obliteration",
			last: &turnWant{off: [2]nzsc.Offence{nzsc.Stuck, nzsc.Stuck}, nullified: true},
		},
	})
}

func TestTurnCapAndGameOver(t *testing.T) {
	runScenarios(t, []scenario{{
		name: "the turn cap counts every phase and draws even when one leads",
		cap:  6,
		script: []string{"Ninja / Samurai -> 1-0", "Shadow / Strong",
			"Shadow Slip / Samurai Sword -> 0-0", "Shadow Slip / Helmet -> 0-0",
			"Shadow Slip / Smash -> 0-0", "Kick / Helmet -> 0-0"},
		points: [2]int{1, 0}, waits: [2]int{4, 4}, phase: nzsc.GameOver,
		result: nzsc.Draw, margin: "", last: noneOK,
		check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
			before := *s
			for _, c := range [][2]nzsc.Choice{{0, 14}, {nzsc.Unknown, nzsc.Unknown}, {200, 3}} {
				tr := s.Step(c[0], c[1])
				if *s != before {
					t.Fatalf("Step %v after GameOver changed the state", c)
				}
				if tr.Gained(0) != 0 || tr.Gained(1) != 0 || tr.Nullified() || tr.Setback() || tr.Clash() {
					t.Errorf("Step after GameOver reported %#x", uint32(tr))
				}
			}
			wantLegal(t, s, 0)
			wantLegal(t, s, 1)
			if s.Available(0) != 0 {
				t.Errorf("available after GameOver %#x", s.Available(0))
			}
		},
	}})
}

// TestNewRoundMatchesPicks checks that NewRound is the state reached by
// picking the loadouts at the first try (Turn counter aside).
func TestNewRoundMatchesPicks(t *testing.T) {
	for _, la := range nzsc.Loadouts() {
		for _, lb := range nzsc.Loadouts() {
			if la.Character == lb.Character {
				continue
			}
			s := nzsc.NewGame(nzsc.DefaultRules)
			s.Step(nzsc.Choice(la.Character), nzsc.Choice(lb.Character))
			s.Step(nzsc.Choice(la.Booster), nzsc.Choice(lb.Booster))
			s.Turn = 0
			if r := nzsc.NewRound(nzsc.DefaultRules, la, lb); r != s {
				t.Errorf("%v v %v: NewRound differs from picking", la, lb)
			}
		}
	}
}

// TestFirstRoundAllPairings plays every legal first round of every pairing
// of different characters and checks points, destruction and streaks
// against the test's own lists and table.
func TestFirstRoundAllPairings(t *testing.T) {
	single, destructive := refMoveSet(refSingleUse...), refMoveSet(refDestructive...)
	n := 0
	for ca, cna := range refCharacterNames {
		for cb, cnb := range refCharacterNames {
			if ca == cb {
				continue
			}
			for _, bna := range refCharacterBoosters[cna] {
				for _, bnb := range refCharacterBoosters[cnb] {
					la, lb := loadout(t, cna+"/"+bna), loadout(t, cnb+"/"+bnb)
					s0 := nzsc.NewRound(nzsc.DefaultRules, la, lb)
					ma, mb := refLoadoutMoves(cna, bna), refLoadoutMoves(cnb, bnb)
					if s0.Available(0) != ma || s0.Available(1) != mb {
						t.Fatalf("%v v %v: available %#x %#x, want %#x %#x", la, lb,
							s0.Available(0), s0.Available(1), ma, mb)
					}
					h := [2]int{s0.Points(0), s0.Points(1)}
					for x := range 28 {
						for y := range 28 {
							if ma>>x&1 == 0 || mb>>y&1 == 0 {
								continue
							}
							s := s0
							tr := s.Step(nzsc.Choice(x), nzsc.Choice(y))
							ga := refPoints(x, y, bna == "Strong", bnb == "Strong")
							gb := refPoints(y, x, bnb == "Strong", bna == "Strong")
							if s.Points(0) != h[0]+ga || s.Points(1) != h[1]+gb ||
								int(tr.Gained(0)) != ga || int(tr.Gained(1)) != gb || tr.Nullified() {
								t.Errorf("%v v %v, %s v %s: points %d-%d gained %d-%d, want +%d +%d",
									la, lb, refMoveNames[x], refMoveNames[y], s.Points(0), s.Points(1),
									tr.Gained(0), tr.Gained(1), ga, gb)
							}
							wa := single & (1 << x)
							if destructive>>y&1 == 1 {
								wa |= 1 << x
							}
							wb := single & (1 << y)
							if destructive>>x&1 == 1 {
								wb |= 1 << y
							}
							if s.Destroyed(0) != wa || s.Destroyed(1) != wb {
								t.Errorf("%v v %v, %s v %s: destroyed %#x %#x, want %#x %#x", la, lb,
									refMoveNames[x], refMoveNames[y], s.Destroyed(0), s.Destroyed(1), wa, wb)
							}
							if m, k := s.MoveStreak(0); int(m) != x || k != 1 {
								t.Errorf("streak A (%v,%d)", m, k)
							}
							if m, k := s.MoveStreak(1); int(m) != y || k != 1 {
								t.Errorf("streak B (%v,%d)", m, k)
							}
							if int(tr.Choice(0)) != x || int(tr.Choice(1)) != y || tr.Phase() != nzsc.PickMove {
								t.Errorf("turn record %#x", uint32(tr))
							}
							n++
						}
					}
				}
			}
		}
	}
	// 12 ordered character pairs, 9 booster pairs each; move counts are 5
	// or 3 per side: 12 * (5+5+3)^2 = 12 * 169.
	if n != 12*169 {
		t.Errorf("played %d first rounds, want %d", n, 12*169)
	}
}

// TestOutcomeTable checks RoundPoints on all 784 cells and both Strong
// flags against the reference table, and spot-checks cells read by hand.
func TestOutcomeTable(t *testing.T) {
	for x := range 28 {
		for y := range 28 {
			for _, xs := range []bool{false, true} {
				for _, ys := range []bool{false, true} {
					want := refPoints(x, y, xs, ys)
					if got := nzsc.RoundPoints(nzsc.Move(x), nzsc.Move(y), xs, ys); int(got) != want {
						t.Errorf("RoundPoints(%s, %s, %v, %v) = %d, want %d",
							refMoveNames[x], refMoveNames[y], xs, ys, got, want)
					}
				}
			}
		}
	}
	// Cells read off the reference table by hand: x scores against y.
	spot := []struct {
		x, y string
		want uint8
	}{
		{"Kick", "Muscle", 0}, {"Muscle", "Kick", 1},
		{"Kick", "Rampage", 1}, {"Rampage", "Kick", 0},
		{"Nunchucks", "Samurai Sword", 1}, {"Samurai Sword", "Nunchucks", 1},
		{"Muscle", "Lightning", 1}, {"Lightning", "Muscle", 1},
		{"Regenerate", "Backwards Moustachio", 1}, {"Backwards Moustachio", "Regenerate", 1},
		{"Zap", "Kick", 0}, {"Kick", "Zap", 0},
		{"Regenerate", "Kick", 1}, {"Kick", "Regenerate", 0},
		{"Shadow Slip", "Helmet", 0}, {"Helmet", "Shadow Slip", 0},
		{"Big Hairy Deal", "Twist", 1}, {"Twist", "Big Hairy Deal", 0},
		{"Nose", "Juggling Knives", 0}, {"Juggling Knives", "Nose", 0},
		{"Juggling Knives", "Helmet", 0}, {"Helmet", "Juggling Knives", 1},
		{"Earthquake", "Gravedigger", 1}, {"Gravedigger", "Earthquake", 0},
		{"Lightning Fast Karate Chop", "Apocalypse", 0},
		{"Nose of the Taunted", "Kick", 0}, {"Kick", "Nose of the Taunted", 1},
		{"Zombie Corps", "Ninja Sword", 1}, {"Apocalypse", "Ninja Sword", 0},
		{"Mustache Mash", "Kick", 0}, {"Bend", "Nose", 0}, {"Nose", "Bend", 1},
		{"Acid Spray", "Acid Spray", 0}, {"Twist", "Twist", 0},
		{"Samurai Sword", "Kick", 0}, {"Kick", "Samurai Sword", 1},
		{"Run in Circles", "Kick", 0}, {"Gravedigger", "Shadow Slip", 0},
	}
	for i, c := range spot {
		x, y := nzsc.Move(refMove(c.x)), nzsc.Move(refMove(c.y))
		if got := nzsc.RoundPoints(x, y, false, false); got != c.want {
			t.Errorf("case %d: %s against %s scores %d, want %d", i, c.x, c.y, got, c.want)
		}
	}
	// Smash against Shadow Fireball: only a Strong Smash scores.
	sm, sf := nzsc.Smash, nzsc.ShadowFireball
	smash := []struct {
		mine, theirs       nzsc.Move
		mineStr, theirsStr bool
		want               uint8
	}{
		{sm, sf, true, false, 1}, {sf, sm, false, true, 0},
		{sm, sf, false, false, 0}, {sf, sm, false, false, 1},
	}
	for i, c := range smash {
		if got := nzsc.RoundPoints(c.mine, c.theirs, c.mineStr, c.theirsStr); got != c.want {
			t.Errorf("smash case %d: got %d, want %d", i, got, c.want)
		}
	}
}

func TestNames(t *testing.T) {
	moves := []struct {
		in   string
		want int
		ok   bool
	}{
		{"Kick", 0, true}, {"kick", 0, true}, {"  KICK\t", 0, true},
		{"big hairy deal", 27, true}, {"BigHairyDeal", 27, true}, {"B i g\tHairy\nDeal", 27, true},
		{"Run In Circles", 5, true}, {"lightningfastkaratechop", 6, true},
		{"Zombie Corps", 12, true}, {"Nose of the Taunted", 25, true}, {"nose", 23, true},
		{"Mustache Mash", 26, true}, {"Rock", 0, false}, {"", 0, false}, {"Ninja", 0, false},
	}
	for i, c := range moves {
		m, ok := nzsc.ParseMove(c.in)
		if ok != c.ok || (ok && int(m) != c.want) {
			t.Errorf("case %d ParseMove(%q) = %d, %v, want %d, %v", i, c.in, m, ok, c.want, c.ok)
		}
		wantChoice := nzsc.Unknown
		if c.ok {
			wantChoice = nzsc.Choice(c.want)
		}
		if got := nzsc.ParseChoice(nzsc.PickMove, c.in); got != wantChoice {
			t.Errorf("case %d ParseChoice(move, %q) = %d, want %d", i, c.in, got, wantChoice)
		}
	}
	boosters := []struct {
		in   string
		want int
		ok   bool
	}{
		{"none", 8, true}, {"NONE", 8, true}, {"No Booster", 8, true}, {"nobooster", 8, true},
		{" no  booster ", 8, true}, {"zombie corps", 3, true}, {"ZombieCorps", 3, true},
		{"Shadow", 0, true}, {"moustachio", 7, true}, {"strong", 5, true},
		{"Mustache", 0, false}, {"Kick", 0, false}, {"no", 0, false},
	}
	for i, c := range boosters {
		b, ok := nzsc.ParseBooster(c.in)
		if ok != c.ok || (ok && int(b) != c.want) {
			t.Errorf("case %d ParseBooster(%q) = %d, %v, want %d, %v", i, c.in, b, ok, c.want, c.ok)
		}
	}
	characters := []struct {
		in   string
		want int
		ok   bool
	}{
		{"Ninja", 0, true}, {"zombie", 1, true}, {" SAMURAI ", 2, true}, {"c l o w n", 3, true},
		{"Zombie Corps", 0, false}, {"none", 0, false},
	}
	for i, c := range characters {
		ch, ok := nzsc.ParseCharacter(c.in)
		if ok != c.ok || (ok && int(ch) != c.want) {
			t.Errorf("case %d ParseCharacter(%q) = %d, %v, want %d, %v", i, c.in, ch, ok, c.want, c.ok)
		}
	}
	choices := []struct {
		p    nzsc.Phase
		in   string
		want nzsc.Choice
	}{
		{nzsc.PickCharacter, "clown", 3}, {nzsc.PickCharacter, "Kick", nzsc.Unknown},
		{nzsc.PickBooster, "none", 8}, {nzsc.PickBooster, "Clown", nzsc.Unknown},
		{nzsc.PickMove, "zombie corps", 12}, {nzsc.PickMove, "Zombie", nzsc.Unknown},
		{nzsc.GameOver, "Kick", nzsc.Unknown},
	}
	for i, c := range choices {
		if got := nzsc.ParseChoice(c.p, c.in); got != c.want {
			t.Errorf("case %d ParseChoice(%v, %q) = %d, want %d", i, c.p, c.in, got, c.want)
		}
	}
	// Display names: every name round-trips, and the spelled names are
	// the rulebook's.
	for i, n := range refMoveNames {
		if got := nzsc.Move(i).String(); fold(got) != fold(n) {
			t.Errorf("Move(%d).String() = %q, want %q", i, got, n)
		}
	}
	for i, n := range refBoosterNames {
		if got := nzsc.Booster(i).String(); fold(got) != fold(n) {
			t.Errorf("Booster(%d).String() = %q, want %q", i, got, n)
		}
	}
	for i, n := range refCharacterNames {
		if got := nzsc.Character(i).String(); got != n {
			t.Errorf("Character(%d).String() = %q, want %q", i, got, n)
		}
	}
	if got := nzsc.Move(27).String(); got != "Big Hairy Deal" {
		t.Errorf("Move(27) = %q", got)
	}
	if got := (nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.Moustachio}).String(); got != "Clown/Moustachio" {
		t.Errorf("loadout name %q", got)
	}
}

// TestLoadouts checks the 12 loadouts in canonical order.
func TestLoadouts(t *testing.T) {
	var got []string
	for _, l := range nzsc.Loadouts() {
		got = append(got, l.String())
	}
	var want []string
	for _, c := range refCharacterNames {
		for _, b := range refCharacterBoosters[c] {
			want = append(want, c+"/"+b)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Loadouts() = %v, want %v", got, want)
	}
}
