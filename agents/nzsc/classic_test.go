package nzsc

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

// script is a seat-0 agent that answers from a list of names, whatever
// the state (so its answers may be illegal).
type script struct {
	answers []string
	i       int
}

func (s *script) NewGame(int, *rand.Rand) { s.i = 0 }

func (s *script) Choose(d *agents.Decision) nz.Choice {
	if s.i >= len(s.answers) {
		return d.Legal[0]
	}
	a := s.answers[s.i]
	s.i++
	return nz.ParseChoice(d.State.Phase, a)
}

// choicesOf returns the names seat chose in every turn of h.
func choicesOf(h []nz.Turn, seat int) []string {
	var out []string
	for _, t := range h {
		out = append(out, t.Choice(seat).Name(t.Phase()))
	}
	return out
}

// TestClassicHandbook replays the walkthrough of the original game's
// handbook ("Learn by doing: Play NZSC"), played against the web version
// pre-seeded with 0xbabecaf3: the computer's choices printed there are
// the oracle.
func TestClassicHandbook(t *testing.T) {
	human := []string{"Ninja", "Clown", "Moustachio", "Big Hairy Deal", "Juggling Knives",
		"Mustache Mash", "Nose", "Big Hairy Deal", "Acid Spray", "Juggling Knives",
		"Juggling Knives", "Juggling Knives", "Mustache Mash", "Juggling Knives"}
	computer := []string{"Ninja", "Zombie", "Regenerative", "Regenerate", "Rampage",
		"Rampage", "Rampage", "Zap", "Gravedigger", "Muscle",
		"Muscle", "Rampage", "Rampage", "Rampage"}
	tab := agents.NewTable()
	out := tab.Play(nz.DefaultRules, 1, &script{answers: human}, NewClassic(0xbabecaf3))
	got := choicesOf(tab.History, 1)
	if strings.Join(got, ",") != strings.Join(computer, ",") {
		t.Fatalf("computer chose\n%v\nwant\n%v", got, computer)
	}
	if out.State.Result != nz.FirstWins || out.State.Points(0) != 5 || out.State.Points(1) != 2 {
		t.Errorf("result %v %d-%d, want the person winning 5-2", out.State.Result, out.State.Points(0), out.State.Points(1))
	}
}

// TestClassicPenaltiesDrawNothing inserts illegal answers (marked "!")
// into the handbook game, covering every kind of penalty. The computer's
// choices in the turns that counted must still be the handbook's, because
// a penalized answer consumes no draw.
func TestClassicPenaltiesDrawNothing(t *testing.T) {
	handbook := []string{"Ninja", "Zombie", "Regenerative", "Regenerate", "Rampage",
		"Rampage", "Rampage", "Zap", "Gravedigger", "Muscle",
		"Muscle", "Rampage", "Rampage", "Rampage"}
	for i, c := range []struct {
		human      []string
		score      [2]int // final points: person, computer
		waitsAfter int
	}{
		// Waits 4: Pirate -4 leaves 0; Shadow and Kick each give the
		// computer a penalty point on top of its 2.
		{[]string{"!Pirate", "Ninja", "Clown", "!Shadow", "Moustachio", "!Kick", "Big Hairy Deal",
			"Juggling Knives", "Mustache Mash", "Nose", "Big Hairy Deal", "Acid Spray", "Juggling Knives",
			"Juggling Knives", "Juggling Knives", "Mustache Mash", "Juggling Knives"}, [2]int{5, 4}, 0},
		// A destroyed move (-4, 0 left), a spent single-use move (+1)
		// and a fourth Juggling Knives in a row (+1).
		{[]string{"Ninja", "Clown", "Moustachio", "Big Hairy Deal", "Juggling Knives", "Mustache Mash",
			"Nose", "Big Hairy Deal", "!Big Hairy Deal", "Acid Spray", "!acid spray", "Juggling Knives",
			"Juggling Knives", "Juggling Knives", "!JugglingKnives", "Mustache Mash", "Juggling Knives"}, [2]int{5, 4}, 0},
		// A nonexistent booster (-4, 0 left), then the other booster's
		// move (+1) and a nonexistent move (+1).
		{[]string{"Ninja", "Clown", "!None Such", "Moustachio", "Big Hairy Deal",
			"!Backwards Moustachio", "Juggling Knives", "Mustache Mash", "!Rock", "Nose", "Big Hairy Deal",
			"Acid Spray", "Juggling Knives", "Juggling Knives", "Juggling Knives", "Mustache Mash",
			"Juggling Knives"}, [2]int{5, 4}, 0},
		// The other booster's move twice costs 2+2 waits and no point.
		{[]string{"Ninja", "Clown", "Moustachio", "!Nose of the Taunted", "Big Hairy Deal",
			"!Backwards Moustachio", "Juggling Knives", "Mustache Mash", "Nose", "Big Hairy Deal",
			"Acid Spray", "Juggling Knives", "Juggling Knives", "Juggling Knives", "Mustache Mash",
			"Juggling Knives"}, [2]int{5, 2}, 0},
	} {
		var answers []string
		var penalized []bool
		for _, a := range c.human {
			answers = append(answers, strings.TrimPrefix(a, "!"))
			penalized = append(penalized, strings.HasPrefix(a, "!"))
		}
		tab := agents.NewTable()
		out := tab.Play(nz.DefaultRules, 1, &script{answers: answers}, NewClassic(0xbabecaf3))
		if len(tab.History) != len(answers) {
			t.Errorf("case %d: game lasted %d turns, want %d", i, len(tab.History), len(answers))
			continue
		}
		var counted []string
		for k, tn := range tab.History {
			if pen := tn.Offence(0) != nz.NoOffence; pen != penalized[k] {
				t.Errorf("case %d turn %d (%s): penalized %v (%v), want %v", i, k, answers[k], pen, tn.Offence(0), penalized[k])
			}
			if !penalized[k] {
				counted = append(counted, tn.Choice(1).Name(tn.Phase()))
			}
		}
		if strings.Join(counted, ",") != strings.Join(handbook, ",") {
			t.Errorf("case %d: computer chose\n%v\nwant\n%v", i, counted, handbook)
		}
		if got := [2]int{out.State.Points(0), out.State.Points(1)}; got != c.score || out.State.Waits(0) != c.waitsAfter {
			t.Errorf("case %d: final %v with %d waits, want %v with %d", i, got, out.State.Waits(0), c.score, c.waitsAfter)
		}
	}
}

// xorshiftFloat is an independent model of the original generator, in
// floating point as the original wrote it.
type xorshiftFloat struct{ x uint32 }

func (g *xorshiftFloat) index(n int) int {
	g.x ^= g.x << 13
	g.x ^= g.x >> 17
	g.x ^= g.x << 5
	draw := float64(g.x>>16) / 65536
	return int(math.Floor(draw * float64(n)))
}

func TestXorshiftKnownValues(t *testing.T) {
	// From state 1 by hand: 1^1<<13 = 8193; 8193>>17 = 0; 8193^8193<<5 =
	// 8193^262176 = 270369.
	c := NewClassic(1)
	c.NewGame(1, nil)
	c.index(2)
	if c.State() != 270369 {
		t.Errorf("state after one draw from 1: %d, want 270369", c.State())
	}
	// Zero is the fixed point the seed range excludes.
	g := xorshiftFloat{0}
	if g.index(4); g.x != 0 {
		t.Errorf("xorshift left 0")
	}
}

// randomScript answers uniformly from the phase's whole universe of names
// plus one nonexistent name, so most answers early on are illegal.
type randomScript struct{ rng *rand.Rand }

func (r *randomScript) NewGame(_ int, rng *rand.Rand) { r.rng = rng }

func (r *randomScript) Choose(d *agents.Decision) nz.Choice {
	if r.rng.IntN(3) > 0 {
		return d.Legal[r.rng.IntN(len(d.Legal))]
	}
	switch d.State.Phase {
	case nz.PickCharacter:
		return nz.Choice(r.rng.IntN(nz.NumCharacters + 1))
	case nz.PickBooster:
		return nz.Choice(r.rng.IntN(nz.NumBoosters + 1))
	}
	return nz.Choice(r.rng.IntN(nz.NumMoves + 1))
}

// TestClassicMatchesSequentialModel plays many games of the classic
// against a careless opponent through the simultaneous API, then replays
// each game turn by turn with the original's sequential order: the
// person answers, and only a legal answer makes the computer draw, in
// floating point, among options listed independently from the rules.
func TestClassicMatchesSequentialModel(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 300
	}
	tab := agents.NewTable()
	for g := range games {
		seed := uint32(g*2654435761 + 1)
		if seed == 0 {
			continue
		}
		out := tab.Play(nz.DefaultRules, uint64(g), &randomScript{}, NewClassic(seed))
		if out.Forfeit >= 0 {
			t.Fatalf("game %d: forfeit", g)
		}
		model := xorshiftFloat{seed}
		s := nz.NewGame(nz.DefaultRules)
		for i, tn := range tab.History {
			opts := classicOptions(&s)
			legal := s.Offence(0, tn.Choice(0)) == nz.NoOffence
			if legal && len(opts) > 0 {
				want := opts[model.index(len(opts))]
				if got := tn.Choice(1); got != want {
					t.Fatalf("game %d (seed %#x) turn %d (%v): classic chose %s, model %s",
						g, seed, i, s.Phase, got.Name(s.Phase), want.Name(s.Phase))
				}
			}
			s.Step(tn.Choice(0), tn.Choice(1))
		}
	}
}

// classicOptions lists what the original computer chose among, written
// from the rulebook rather than from the engine's Legal: characters but
// a fourth in a row; its character's two boosters; its character's base
// moves and its booster's, less destroyed ones and a fourth in a row.
func classicOptions(s *nz.State) []nz.Choice {
	var out []nz.Choice
	switch s.Phase {
	case nz.PickCharacter:
		last, n := s.CharacterStreak(1)
		for c := nz.Character(0); c < nz.NumCharacters; c++ {
			if !(n >= 3 && c == last) {
				out = append(out, nz.Choice(c))
			}
		}
	case nz.PickBooster:
		b := s.Character(1).Boosters()
		out = append(out, nz.Choice(b[0]), nz.Choice(b[1]))
	case nz.PickMove:
		last, n := s.MoveStreak(1)
		for m := nz.Move(0); m < nz.NumMoves; m++ {
			own := m.Owner() == s.Character(1) && (m.Booster() == nz.NoBooster || m.Booster() == s.Booster(1))
			if own && s.Destroyed(1)>>m&1 == 0 && !(n >= 3 && m == last) {
				out = append(out, nz.Choice(m))
			}
		}
	}
	return out
}

func TestClassicSeedFromGame(t *testing.T) {
	// Without a fixed seed the state comes from the game's rng: the same
	// game seed gives the same state, never zero.
	a, b := NewClassic(0), NewClassic(0)
	a.NewGame(1, rand.New(agents.SeatSource(7, 1)))
	b.NewGame(1, rand.New(agents.SeatSource(7, 1)))
	if a.State() == 0 || a.State() != b.State() {
		t.Errorf("states %#x %#x", a.State(), b.State())
	}
}

func TestClassicSpec(t *testing.T) {
	for i, c := range []struct {
		spec string
		ok   bool
	}{
		{"classic", true},
		{"classic:seed=0xbabecaf3", true},
		{"classic:seed=4294967295", true},
		{"classic:seed=0", false},
		{"classic:seed=4294967296", false},
		{"classic:seed=0x1ffffffff", false},
		{"classic:seed=-1", false},
		{"classic:seed=babe", false},
		{"classic:depth=3", false},
	} {
		_, err := agents.Parse(c.spec)
		if (err == nil) != c.ok {
			t.Errorf("case %d %q: err %v, want ok=%v", i, c.spec, err, c.ok)
		}
	}
}

func TestParseSeed(t *testing.T) {
	for i, c := range []struct {
		in   string
		want uint64
		ok   bool
	}{
		{"42", 42, true},
		{"0x2A", 42, true},
		{"0X2a", 42, true},
		{"010", 10, true}, // decimal, not octal
		{"18446744073709551615", 1<<64 - 1, true},
		{"18446744073709551616", 0, false},
		{"", 0, false},
		{"0x", 0, false},
		{"1e3", 0, false},
	} {
		got, err := game.ParseSeed(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("case %d %q: got %d, %v; want %d ok=%v", i, c.in, got, err, c.want, c.ok)
		}
	}
}

func BenchmarkClassicGame(b *testing.B) {
	tab := agents.NewTable()
	a, c := &Random{}, NewClassic(0)
	var seed uint64
	b.ReportAllocs()
	for b.Loop() {
		seed++
		tab.Play(nz.DefaultRules, seed, a, c)
	}
}
