package nzsc

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

// maskRules are the rules the mask tests play: the shared ones, No
// Booster forbidden (a booster set of two), and short streaks (character
// sets of three more often).
var maskRules = []nz.Rules{
	nz.DefaultRules,
	{TurnCap: 200, BoosterRequired: true},
	{TurnCap: 200, MoveStreak: 2, CharacterStreak: 2},
}

// TestRandomChooseMaskIsChoose checks Random's fast path against its list
// path decision by decision: on the positions of random games in every
// phase, two Randoms with the same source answer ChooseMask(legal set) and
// Choose(legal list) alike, draw after draw (several per position, so
// that the six picks of a word and the next word are both crossed).
func TestRandomChooseMaskIsChoose(t *testing.T) {
	checkChooseMaskIsChoose(t, func() maskBot { return &Random{} })
}

// TestGreedyChooseMaskIsChoose is TestRandomChooseMaskIsChoose for
// greedy, whose draws break ties.
func TestGreedyChooseMaskIsChoose(t *testing.T) {
	checkChooseMaskIsChoose(t, func() maskBot { return &Greedy{} })
}

// maskBot is a bot with both paths.
type maskBot interface {
	agents.Agent
	agents.MaskChooser
}

// checkChooseMaskIsChoose compares the two paths of the bots newBot
// makes on the positions of random games (see
// TestRandomChooseMaskIsChoose).
func checkChooseMaskIsChoose(t *testing.T, newBot func() maskBot) {
	t.Helper()
	positions := 0
	for _, rules := range maskRules {
		var buf [nz.MaxChoices]nz.Choice
		src := rand.New(rand.NewPCG(3, 3))
		for game := range 200 {
			s := nz.NewGame(rules)
			for s.Phase != nz.GameOver {
				var c [2]nz.Choice
				for seat := range 2 {
					c[seat] = nz.Unknown
					m := s.LegalMask(seat)
					if m == 0 {
						continue
					}
					n := s.Legal(seat, &buf)
					st := s
					d := &agents.Decision{Seat: seat, State: &st, Legal: buf[:n]}
					list, mask := newBot(), newBot()
					list.NewGame(seat, rand.New(rng.NewWyrand(uint64(game), uint64(seat))))
					mask.NewGame(seat, rand.New(rng.NewWyrand(uint64(game), uint64(seat))))
					for draw := range 8 {
						want := list.Choose(d)
						if got := mask.ChooseMask(&agents.Decision{Seat: seat, State: &st}, m); got != want {
							t.Fatalf("rules %+v game %d turn %d seat %d draw %d: ChooseMask(%#x) = %d, Choose(%v) = %d",
								rules, game, s.Turn, seat, draw, m, got, buf[:n], want)
						}
					}
					positions++
					c[seat] = buf[src.IntN(n)]
				}
				s.Step(c[0], c[1])
			}
		}
	}
	if positions < 1000 {
		t.Fatalf("only %d positions", positions)
	}
}

// listOnly hides an agent's ChooseMask, so that Table lists its choices
// and calls Choose.
type listOnly struct{ agents.Agent }

// maskCounter wraps a MaskChooser and counts the calls Table makes to
// ChooseMask, checking that it lists nothing for them.
type maskCounter struct {
	*Random
	t     *testing.T
	calls int
	// Digits hides Random's: Table would make the picks itself and never
	// call ChooseMask.
	Digits struct{}
}

func (m *maskCounter) ChooseMask(d *agents.Decision, legal uint32) nz.Choice {
	if d.Legal != nil {
		m.t.Fatalf("ChooseMask called with a listed Legal %v", d.Legal)
	}
	if legal == 0 || legal != d.State.LegalMask(d.Seat) {
		m.t.Fatalf("ChooseMask called with set %#x, seat %d's legal set is %#x", legal, d.Seat, d.State.LegalMask(d.Seat))
	}
	m.calls++
	return m.Random.ChooseMask(d, legal)
}

// maskOpponents are the bots random plays in the path tests.
var maskOpponents = []string{"random", "greedy", "classic", "nash"}

// playBothPaths plays random, as the bot random (on the path named),
// against the bot of spec under rules through fast, seeds 0 to 149 in
// both seats, and the same games through slow with a random bot and the
// opponent both asked from lists (listOnly), and fails if a game's
// history or final state differs. It returns how many of the games
// lasted more than 12 turns.
func playBothPaths(t *testing.T, path string, fast, slow *agents.Table, rules nz.Rules, random agents.Agent, spec string) (long int) {
	t.Helper()
	opp := mustNew(t, spec)
	for seed := range uint64(150) {
		for swap := range 2 {
			a, b := random, opp
			la, lb := agents.Agent(listOnly{&Random{}}), agents.Agent(listOnly{opp})
			if swap == 1 {
				a, b, la, lb = b, a, lb, la
			}
			of := fast.Play(rules, seed, a, b)
			hf := slices.Clone(fast.History)
			os := slow.Play(rules, seed, la, lb)
			if of.State != os.State || !slices.Equal(hf, slow.History) {
				t.Fatalf("rules %+v, random against %s, seed %d, swap %d: the %s's game differs from the list path's:\n%s\n%s",
					rules, spec, seed, swap, path, fmt.Sprint(hf), fmt.Sprint(slow.History))
			}
			if len(hf) > 12 {
				long++
			}
		}
	}
	return long
}

// TestTableMaskPathIsListPath plays the same seeded games through
// agents.Table twice, once with the random bot taking its fast path
// (MaskChooser: the set, unlisted) and once made to take the list path,
// against random and against list-only bots: the games' histories and
// final states must be identical.
func TestTableMaskPathIsListPath(t *testing.T) {
	fast, slow := agents.NewTable(), agents.NewTable()
	for _, rules := range maskRules {
		for _, spec := range maskOpponents {
			counter := &maskCounter{Random: &Random{}, t: t}
			playBothPaths(t, "fast path", fast, slow, rules, counter, spec)
			if counter.calls == 0 {
				t.Fatalf("rules %+v, against %s: Table never took the fast path", rules, spec)
			}
		}
	}
}

// digitsOnly is the random bot that fails the test if Table asks it
// anything during a game: Table must make its picks (DigitPicker).
type digitsOnly struct {
	*Random
	t *testing.T
}

func (d digitsOnly) Choose(*agents.Decision) nz.Choice {
	d.t.Fatal("Table called Choose of a DigitPicker")
	return nz.Unknown
}

func (d digitsOnly) ChooseMask(*agents.Decision, uint32) nz.Choice {
	d.t.Fatal("Table called ChooseMask of a DigitPicker")
	return nz.Unknown
}

// TestTableDigitsPathIsListPath plays the same seeded games through
// agents.Table twice: once with the random bot's picks made by Table
// itself from the bot's Digits and the seat's source (DigitPicker, the
// bot never asked), and once with the bot asked for each choice from a
// list (Choose). Against random (on either path), greedy, classic and
// nash, in both seats, under three rule sets: the games' histories and
// final states must be identical, and a game must be long enough to
// cross words (six digits each).
func TestTableDigitsPathIsListPath(t *testing.T) {
	fast, slow := agents.NewTable(), agents.NewTable()
	if _, ok := agents.Agent(&Random{}).(agents.DigitPicker); !ok {
		t.Fatal("Random is no DigitPicker: the digits path goes untested")
	}
	long := 0
	for _, rules := range maskRules {
		for _, spec := range maskOpponents {
			long += playBothPaths(t, "digits path", fast, slow, rules, digitsOnly{&Random{}, t}, spec)
		}
	}
	if long < 100 {
		t.Fatalf("only %d games of more than 12 turns: words are not crossed", long)
	}
}

// TestTableSharedRandomIsAsked plays one random bot in both seats of a
// table: its one Digits, read from the source its last NewGame gave it,
// cannot be the table's picks from each seat's own source, so the table
// must ask it (ChooseMask), and the games must be those of one random
// bot asked from lists in both seats. The games cycle through the bot in
// both seats and with greedy in either, so that a seat's agent changes
// while the other keeps the shared one.
func TestTableSharedRandomIsAsked(t *testing.T) {
	fast, slow := agents.NewTable(), agents.NewTable()
	r, l := &Random{}, &Random{}
	g, h := &Greedy{}, &Greedy{}
	cycle := []struct{ fa, fb, sa, sb agents.Agent }{
		{r, r, listOnly{l}, listOnly{l}},
		{g, r, listOnly{h}, listOnly{l}},
		{r, r, listOnly{l}, listOnly{l}},
		{r, g, listOnly{l}, listOnly{h}},
		{r, r, listOnly{l}, listOnly{l}},
		{r, &Random{}, listOnly{l}, listOnly{&Random{}}},
	}
	for _, rules := range maskRules {
		for seed := range uint64(120) {
			c := cycle[seed%uint64(len(cycle))]
			of := fast.Play(rules, seed, c.fa, c.fb)
			os := slow.Play(rules, seed, c.sa, c.sb)
			if of.State != os.State || !slices.Equal(fast.History, slow.History) {
				t.Fatalf("rules %+v, seed %d (case %d): the table plays\n%v\nasked from lists the bots play\n%v",
					rules, seed, seed%uint64(len(cycle)), fast.History, slow.History)
			}
		}
	}
}
