package npzr

import (
	"bytes"
	"encoding/json"
	"math/bits"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/rng"
)

func seedSource(seed uint64) rng.Wyrand {
	var r rng.Wyrand
	r.Seed(seed, 1)
	return r
}

// playChecked plays a random game from seed, checking the invariants and
// Legal against NumLegal, LegalAt and IsLegal after every step, and
// returns the final state.
func playChecked(t *testing.T, rules Rules, seed uint64) State {
	t.Helper()
	s, err := New(rules, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := seedSource(seed)
	var buf [MaxLegal]Action
	checkInvariants(t, &s)
	for !s.Over() {
		legal := s.Legal(buf[:0])
		if len(legal) == 0 || len(legal) != s.NumLegal() {
			t.Fatalf("seed %d step %d: %d legal, NumLegal %d", seed, s.Steps(), len(legal), s.NumLegal())
		}
		i := int(r.Uint64() % uint64(len(legal)))
		if s.LegalAt(i) != legal[i] || !s.IsLegal(legal[i]) {
			t.Fatalf("seed %d step %d: LegalAt(%d) = %x, Legal %x", seed, s.Steps(), i, s.LegalAt(i), legal[i])
		}
		// A mutated action is legal exactly when Legal lists it.
		bad := legal[i] ^ Action(1)<<(r.Uint64()%32)
		listed := false
		for _, a := range legal {
			listed = listed || a == bad
		}
		if s.IsLegal(bad) != listed {
			t.Fatalf("seed %d step %d: IsLegal(%x) = %v, listed %v", seed, s.Steps(), bad, !listed, listed)
		}
		if err := s.Apply(legal[i]); err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, &s)
		if s.Steps() > 1_000_000 {
			t.Fatalf("seed %d: a game of a million steps", seed)
		}
	}
	return s
}

func TestRandomGamesKeepTheRules(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	for seed := range uint64(n) {
		playChecked(t, Rules{Copies: 1 + int(seed%4), TurnCap: 500}, seed)
	}
}

func FuzzGame(f *testing.F) {
	f.Add(uint64(1), uint8(4), uint16(500))
	f.Add(uint64(99), uint8(1), uint16(30))
	f.Fuzz(func(t *testing.T, seed uint64, copies uint8, cap uint16) {
		rules := Rules{Copies: 1 + int(copies%4), TurnCap: 1 + int(cap%1000)}
		s := playChecked(t, rules, seed)
		if s.Winner() < 0 && s.Turns() != rules.TurnCap {
			t.Fatalf("a draw after %d turns, cap %d", s.Turns(), rules.TurnCap)
		}
	})
}

func TestRandomGameAllocatesNothing(t *testing.T) {
	seed := uint64(0)
	var r rng.Wyrand
	allocs := testing.AllocsPerRun(200, func() {
		seed++
		r.Seed(seed, 1)
		s, _ := New(DefaultRules, seed)
		s.PlayRandom(&r)
	})
	if allocs != 0 {
		t.Errorf("a random game allocates %v times", allocs)
	}
}

// hiddenTwin returns s with the cards seat cannot see dealt differently:
// one card of the opponent's hand swapped with a deck card of another
// kind, and the deck reversed.
func hiddenTwin(s State, seat int) (State, bool) {
	opp := seat ^ 1
	for set := s.hand[opp]; set != 0; set &= set - 1 {
		id := uint8(bits.TrailingZeros64(set))
		for i := range int(s.deckN) {
			if kindOf[s.deck[i]] != kindOf[id] {
				s.hand[opp] = s.hand[opp]&^(1<<id) | 1<<s.deck[i]
				s.deck[i] = id
				for a, b := 0, int(s.deckN)-1; a < b; a, b = a+1, b-1 {
					s.deck[a], s.deck[b] = s.deck[b], s.deck[a]
				}
				return s, true
			}
		}
	}
	return s, false
}

func TestObservationHidesTheHiddenCards(t *testing.T) {
	tested := 0
	for seed := range uint64(40) {
		s, _ := New(DefaultRules, seed)
		r := seedSource(seed)
		for !s.Over() {
			seat := int(r.Uint64() & 1)
			twin, ok := hiddenTwin(s, seat)
			if ok {
				tested++
				var a, b, other Observation
				s.Observe(seat, &a)
				twin.Observe(seat, &b)
				if a != b {
					t.Fatalf("seed %d step %d: seat %d sees the opponent's hand or the deck order", seed, s.Steps(), seat)
				}
				ja, _ := json.Marshal(&a)
				jb, _ := json.Marshal(&b)
				if !bytes.Equal(ja, jb) {
					t.Fatalf("JSON differs:\n%s\n%s", ja, jb)
				}
				// The opponent sees its own hand, which did change.
				s.Observe(seat^1, &a)
				twin.Observe(seat^1, &other)
				if a == other {
					t.Fatalf("seed %d: the twin differs in nothing the opponent sees", seed)
				}
			}
			s.Step(s.RandomAction(&r))
		}
	}
	if tested < 100 {
		t.Errorf("only %d positions compared", tested)
	}
}

func TestDeterminizeIsConsistent(t *testing.T) {
	var src rng.Wyrand
	for seed := range uint64(60) {
		s, _ := New(Rules{Copies: 1 + int(seed%4), TurnCap: 500}, seed)
		r := seedSource(seed)
		for !s.Over() {
			seat := s.ToAct()
			if s.Steps()%3 == 0 {
				seat ^= 1
			}
			var o, back Observation
			s.Observe(seat, &o)
			d, err := o.Determinize(&src)
			if err != nil {
				t.Fatalf("seed %d step %d: %v", seed, s.Steps(), err)
			}
			checkInvariants(t, &d)
			d.Observe(seat, &back)
			if back != o {
				t.Fatalf("seed %d step %d: the determinized state looks different to seat %d", seed, s.Steps(), seat)
			}
			// The deck holds only cards its last reshuffle put in.
			var counts [NumKinds]uint8
			for _, id := range d.deck[:d.deckN] {
				counts[kindOf[id]]++
			}
			for k := range counts {
				if counts[k] > o.DeckFrom[k] {
					t.Fatalf("seed %d: the deck holds %d %v, its reshuffle put in %d", seed, counts[k], Kind(k), o.DeckFrom[k])
				}
			}
			s.Step(s.RandomAction(&r))
		}
	}
	var bad Observation
	bad.Copies, bad.TurnCap, bad.Hand[NH] = 4, 500, 5
	if _, err := bad.Determinize(&src); err == nil {
		t.Errorf("five Ninja Heads determinized")
	}
}

func TestActionNamesRoundTrip(t *testing.T) {
	g, err := Info.New(2, nil)
	if err != nil {
		t.Fatal(err)
	}
	var legal []game.Action
	names := map[string]bool{}
	for seed := range uint64(30) {
		st := g.NewState(seed)
		r := seedSource(seed)
		for !st.Over() {
			seat := st.(*GameState).State.ToAct()
			legal = st.Legal(seat, legal)
			if other := st.Legal(1-seat, nil); len(other) != 0 {
				t.Fatalf("seat %d has legal actions out of turn", 1-seat)
			}
			obs := st.Observe(seat)
			var ol [MaxLegal]Action
			if got := obs.(*Observation).Legal(ol[:0]); len(got) != len(legal) {
				t.Fatalf("the observation lists %d legal actions, the state %d", len(got), len(legal))
			}
			for _, a := range legal {
				name := obs.ActionString(a)
				back, err := obs.ParseAction(name)
				if err != nil || back != a {
					t.Fatalf("%q reads as %x (%v), want %x", name, back, err, a)
				}
				names[name[:4]] = true
			}
			acts := []game.Action{game.Pass, game.Pass}
			acts[seat] = legal[r.Uint64()%uint64(len(legal))]
			if err := st.Apply(acts); err != nil {
				t.Fatal(err)
			}
		}
		o := st.Outcome()
		if o.Winner >= 0 && (o.Place[o.Winner] != 1 || o.Place[1-o.Winner] != 2) {
			t.Errorf("outcome %v", o)
		}
	}
	for _, p := range []string{"play", "move", "decl"} {
		if !names[p] {
			t.Errorf("no %q action seen", p)
		}
	}
}

func TestParseErrors(t *testing.T) {
	s := build(t, setup{
		hands:  [2][]Kind{{NH, Wild}, {}},
		stacks: []stackSpec{{owner: 1, piles: [3]pile{{c(PH)}, {c(PT)}, {}}}},
		rest:   true,
	})
	var o Observation
	s.Observe(0, &o)
	for _, c := range []struct {
		in  string
		err bool
	}{
		{"", true}, {"dance", true}, {"play", true}, {"play Ninja Head", true},
		{"play Ninja Head on", true}, {"play Ninja Head on x", true}, {"play Wild on 1", true},
		{"play Ninja Head on 1.torso", true}, {"move 1", true}, {"move 1.neck to 2", true},
		{"decline now", true}, {"play Ninja Head on 99", true},
		{"play Ninja Head on 1", false}, {"PLAY   ninja head   NEW", false},
		{"play Ninja Head on 1.head", false}, {"play Wild as Robot Legs new", false},
		{"play Ninja Head on 9", false}, // spelled, not legal
		{"move 1.head to 1", false}, {"move 5.legs to 1", false}, {"decline", false},
	} {
		_, err := o.Parse(c.in)
		if (err != nil) != c.err {
			t.Errorf("%q: error %v, want error %v", c.in, err, c.err)
		}
	}
	a, _ := o.Parse("play Ninja Head on 9")
	if s.IsLegal(a) {
		t.Errorf("a play on stack 9 of 1 is legal")
	}
}

func TestRulesOptions(t *testing.T) {
	for i, c := range []struct {
		rules game.Rules
		want  Rules
		err   bool
	}{
		{nil, DefaultRules, false},
		{game.Rules{"copies": "2"}, Rules{2, 500}, false},
		{game.Rules{"turn_cap": "60", "copies": "1"}, Rules{1, 60}, false},
		{game.Rules{"copies": "0"}, Rules{}, true},
		{game.Rules{"copies": "five"}, Rules{}, true},
		{game.Rules{"turn_cap": "70000"}, Rules{}, true},
		{game.Rules{"deck": "1"}, Rules{}, true},
	} {
		g, err := Info.New(2, c.rules)
		if (err != nil) != c.err {
			t.Errorf("case %d: error %v, want error %v", i, err, c.err)
			continue
		}
		if err == nil && g.(*Game).GameRules() != c.want {
			t.Errorf("case %d: got %v, want %v", i, g.(*Game).GameRules(), c.want)
		}
	}
	if _, err := Info.New(3, nil); err == nil {
		t.Errorf("three seats accepted")
	}
}

// TestRecordReplays writes a random game as a game record (actions by
// name) and replays it through game.Replay, which checks the result.
func TestRecordReplays(t *testing.T) {
	g, _ := Info.New(2, game.Rules{"copies": "3", "turn_cap": "200"})
	for seed := range uint64(5) {
		st := g.NewState(seed)
		r := seedSource(seed)
		rec := game.NewRecord(g, seed, []string{"random", "random"})
		var legal []game.Action
		for !st.Over() {
			seat := st.(*GameState).State.ToAct()
			legal = st.Legal(seat, legal)
			acts := []game.Action{game.Pass, game.Pass}
			acts[seat] = legal[r.Uint64()%uint64(len(legal))]
			names := []string{"", ""}
			names[seat] = st.Observe(seat).ActionString(acts[seat])
			rec.Turns = append(rec.Turns, names)
			if err := st.Apply(acts); err != nil {
				t.Fatal(err)
			}
		}
		rec.Result.SetOutcome(st.Outcome())
		rec.Result.Steps = st.Turn()
		if _, err := game.Replay(g, rec, nil); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		// A changed result is caught.
		rec.Result.Winner = 1 - rec.Result.Winner
		if _, err := game.Replay(g, rec, nil); err == nil {
			t.Fatalf("seed %d: a wrong winner replays", seed)
		}
	}
}
