package npzr_test

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/engine/npzr"
)

// This file is a second implementation of NPZR's chance, written from
// docs/npzr.md ("The shuffle, exactly") and not from the engine: its own
// generator, deck list, shuffle, deal and reshuffle. The test plays games
// through the engine and checks that every card dealt or drawn is the one
// the docs' procedure gives, so that the docs are enough to reproduce
// every deal from a record's seed.

// docGen is the generator as the docs describe it.
type docGen struct{ state uint64 }

func newDocGen(seed uint64) *docGen {
	stream, mul, spread := uint64(0x6e707a72), uint64(0xd1b54a32d192ed03), uint64(0xbf58476d1ce4e5b9)
	return &docGen{state: (seed ^ stream*mul) * spread}
}

func (g *docGen) next() uint64 {
	g.state += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(g.state, g.state^0xe7037ed1a0b428db)
	return hi ^ lo
}

// docKinds are the kinds in the docs' order, by name.
var docKinds = []string{
	"Ninja Head", "Ninja Torso", "Ninja Legs", "Pirate Head", "Pirate Torso", "Pirate Legs",
	"Zombie Head", "Zombie Torso", "Zombie Legs", "Robot Head", "Robot Torso", "Robot Legs",
	"Wild Ninja", "Wild Pirate", "Wild Zombie", "Wild Robot", "Wild Head", "Wild Torso", "Wild Legs", "Wild",
}

// docShuffle is step 3: Fisher–Yates from the end, j the high word of
// x·(i+1).
func docShuffle(g *docGen, deck []string) {
	for i := len(deck) - 1; i > 0; i-- {
		j, _ := bits.Mul64(g.next(), uint64(i+1))
		deck[i], deck[j] = deck[j], deck[i]
	}
}

// docList lays out count[k] cards of each kind k in the docs' order.
func docList(count func(k int) int) []string {
	var out []string
	for k, name := range docKinds {
		for range count(k) {
			out = append(out, name)
		}
	}
	return out
}

// hand names a hand of the engine's by kind counts.
func hand(h [npzr.NumKinds]uint8) map[string]int {
	out := map[string]int{}
	for k, n := range h {
		if n > 0 {
			out[npzr.Kind(k).String()] = int(n)
		}
	}
	return out
}

func TestShuffleFromTheDocs(t *testing.T) {
	if npzr.Kind(19).String() != docKinds[19] || npzr.Kind(0).String() != docKinds[0] {
		t.Fatal("the docs' kind names are not the engine's")
	}
	seeds := 3000
	if testing.Short() {
		seeds = 400
	}
	draws, reshuffles := 0, 0
	for seed := range uint64(seeds) {
		copies := 1 + int(seed%4)
		st, err := npzr.New(npzr.Rules{Copies: copies, TurnCap: 500}, seed*0x9e3779b97f4a7c15)
		if err != nil {
			t.Fatal(err)
		}
		g := newDocGen(seed * 0x9e3779b97f4a7c15)
		deck := docList(func(k int) int {
			if k < 12 {
				return copies
			}
			return 1
		})
		docShuffle(g, deck)
		pop := func() string {
			c := deck[len(deck)-1]
			deck = deck[:len(deck)-1]
			return c
		}
		var want [2]map[string]int
		want[0], want[1] = map[string]int{}, map[string]int{}
		for i := range 10 {
			want[i%2][pop()]++
		}
		want[0][pop()]++
		for s := range 2 {
			if got := hand(st.Hand(s)); !equal(got, want[s]) {
				t.Fatalf("seed %d: seat %d is dealt %v, the docs deal %v", seed, s, got, want[s])
			}
		}
		// Play on: every card that enters a hand must be the docs' next.
		rng := rand.New(rand.NewPCG(seed, 7))
		var buf []npzr.Action
		for !st.Over() {
			before := [2][npzr.NumKinds]uint8{st.Hand(0), st.Hand(1)}
			r0 := st.Reshuffles()
			p := st.ToAct()
			a := choose(&st, rng, buf)
			if a.IsPlay() {
				before[p][a.Card()]--
			}
			st.Step(a)
			if st.Reshuffles() != r0 {
				if len(deck) != 0 {
					t.Fatalf("seed %d: a reshuffle with %d cards in the docs' deck", seed, len(deck))
				}
				var o npzr.Observation
				st.Observe(0, &o)
				deck = docList(func(k int) int { return int(o.DeckFrom[k]) })
				docShuffle(g, deck)
				reshuffles++
			}
			for s := range 2 {
				after := st.Hand(s)
				for k := range after {
					for after[k] > before[s][k] {
						if len(deck) == 0 {
							t.Fatalf("seed %d: seat %d draws %v from what the docs say is an empty deck", seed, s, npzr.Kind(k))
						}
						if c := pop(); c != npzr.Kind(k).String() {
							t.Fatalf("seed %d: seat %d draws %v, the docs' deck gives %s", seed, s, npzr.Kind(k), c)
						}
						before[s][k]++
						draws++
					}
				}
			}
			if st.DeckSize() != len(deck) {
				t.Fatalf("seed %d: the engine's deck holds %d cards, the docs' %d", seed, st.DeckSize(), len(deck))
			}
		}
	}
	if reshuffles < seeds/20 {
		t.Errorf("only %d reshuffles in %d games: the test does not reach them", reshuffles, seeds)
	}
	t.Logf("%d games, %d draws after the deal, %d reshuffles", seeds, draws, reshuffles)
}

// choose picks an action that completes a stack when one does (so that
// scored cards pile up and reshuffles happen), else a random one.
func choose(st *npzr.State, rng *rand.Rand, buf []npzr.Action) npzr.Action {
	buf = st.Legal(buf[:0])
	for _, i := range rng.Perm(len(buf)) {
		c := *st
		c.Step(buf[i])
		if c.Reshuffles() > st.Reshuffles() || scored(&c) > scored(st) {
			return buf[i]
		}
	}
	return buf[rng.IntN(len(buf))]
}

func scored(st *npzr.State) int {
	n := 0
	for s := range 2 {
		for _, k := range st.Scores(s) {
			n += int(k)
		}
	}
	return n
}

func equal(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
