package npzr

import (
	"flag"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	np "github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/rng"
)

// historyOracle is the likelihood of the opponent's turns given its hand
// now, computed from the definition: every way the cards it holds now and
// the cards it played could have arrived (before the turns kept, or as
// the card drawn at the start of one of the later turns, one card a
// draw) such that each card was in its hand when it played it is equally
// likely (the deck is shuffled uniformly), and each has likelihood eps
// to the number of turns at whose start its hand held a completer. It
// enumerates the arrivals; it shares nothing with the bot's walk back
// through the turns. turns are oldest first, every later turn beginning
// with a draw.
func historyOracle(hand []np.Kind, turns []oppTurn, eps float64) float64 {
	type card struct {
		kind   np.Kind
		played int // the turn it was played in; len(turns): held now
	}
	var cards []card
	for _, k := range hand {
		cards = append(cards, card{k, len(turns)})
	}
	for t := range turns {
		for k := range np.Kind(np.NumKinds) {
			for range turns[t].played[k] {
				cards = append(cards, card{k, t})
			}
		}
	}
	arrive := make([]int, len(cards)) // 0: before the turns kept; t: drawn at turn t's start
	var total, sum float64
	var rec func(slot int)
	rec = func(slot int) {
		if slot == len(turns) {
			for i, c := range cards {
				if arrive[i] > c.played {
					return // drawn after it was played
				}
			}
			v := 0
			for t := range turns {
				for i, c := range cards {
					if arrive[i] <= t && c.played >= t && turns[t].completers>>c.kind&1 == 1 {
						v++
						break
					}
				}
			}
			total++
			sum += math.Pow(eps, float64(v))
			return
		}
		for i := range cards {
			if arrive[i] == 0 {
				arrive[i] = slot
				rec(slot + 1)
				arrive[i] = 0
			}
		}
	}
	rec(1)
	return sum / total
}

// TestEvidenceWalk checks the bot's walk back through the opponent's
// turns against historyOracle on random histories of a few cards of four
// kinds: the mean of its estimates over many walks is the likelihood
// (within 4.5 standard errors), and with evidence=last it is the last
// turn's likelihood exactly, drawing nothing.
func TestEvidenceWalk(t *testing.T) {
	const eps = 0.1
	var r rng.Wyrand
	r.Seed(26, 1)
	walks := 40000
	if testing.Short() {
		walks = 10000
	}
	for c := range 40 {
		nTurns := 1 + int(r.Uint64()%4)
		var hand []np.Kind
		var h [np.NumKinds]uint8
		for range 1 + r.Uint64()%3 {
			k := np.Kind(r.Uint64() % 4)
			hand = append(hand, k)
			h[k]++
		}
		var e evidence
		turns := make([]oppTurn, nTurns)
		size := len(hand) // the hand's size after the newest turn
		for i := nTurns - 1; i >= 0; i-- {
			tu := &turns[i]
			tu.after = size
			tu.completers = uint32(r.Uint64() % 16)
			for range 1 + r.Uint64()%2 {
				k := r.Uint64() % 4
				tu.played[k]++
				tu.playedKinds |= 1 << k
				size++
			}
			size-- // the draw at its start
		}
		if size < 0 {
			continue
		}
		for i := range turns {
			e.last = (e.last + 1) % histLen
			e.turns[e.last] = turns[i]
			e.n++
		}
		want := historyOracle(hand, turns, eps)
		e.all = true
		sum, sq := 0.0, 0.0
		for range walks {
			w := e.handLikelihood(h, eps, &r)
			sum += w
			sq += w * w
		}
		mean := sum / float64(walks)
		se := math.Sqrt(max(sq/float64(walks)-mean*mean, 1e-12) / float64(walks))
		if math.Abs(mean-want) > 4.5*se+1e-12 {
			t.Errorf("case %d (hand %v, turns %+v): walks' mean %.4f ± %.4f, oracle %.4f", c, hand, turns, mean, se, want)
		}
		// The last turn alone: exact, and nothing drawn from r.
		e.all = false
		before := r
		lastWant := historyOracle(hand, turns[nTurns-1:], eps)
		if got := e.handLikelihood(h, eps, &r); got != lastWant || r != before {
			t.Errorf("case %d: evidence=last gives %v (drew: %v), want %v", c, got, r != before, lastWant)
		}
	}
}

// TestEvidenceReadsTurns plays the whole-turn bot (evidence=all) against
// greedy, which completes a stack for a missing character whenever its
// hand can, as the model says, and checks what it read at each of its
// plans against the game: the turns kept are contiguous and each one's
// sizes match the opponent's hand; and the opponent's true hand never
// contradicts the last turn (likelihood 1), nor holds more completers of
// an earlier turn than it drew since (a certain contradiction of an
// earlier turn: the oracle's likelihood of the true hand would be below 1
// on every arrival).
func TestEvidenceReadsTurns(t *testing.T) {
	games := 20
	if testing.Short() {
		games = 6
	}
	b := newBot(t, "turn:iters=20,evidence=all").(*Turn)
	opp := newBot(t, "greedy")
	read, deep := 0, 0
	playDecisions(t, b, opp, games, func(s *np.State) {
		e := &b.ev
		if e.n == 0 {
			return
		}
		read++
		h := s.Hand(e.opp)
		if got := (&evidence{n: 1, last: e.last, turns: e.turns}).handLikelihood(h, 0.1, &b.r); got != 1 {
			t.Fatalf("step %d: the true hand contradicts greedy's last turn (likelihood %v)", s.Steps(), got)
		}
		if e.turns[e.last].after != s.HandSize(e.opp) {
			t.Fatalf("step %d: the last turn left %d cards, the opponent holds %d", s.Steps(), e.turns[e.last].after, s.HandSize(e.opp))
		}
		// Walk back counting the cards played since each turn and the
		// draws since it: the completers held now or played since number
		// at most the draws since.
		var since [np.NumKinds]int
		draws := 0
		for i := range e.n {
			tu := &e.turns[(e.last-i+histLen)%histLen]
			if i > 0 {
				newer := &e.turns[(e.last-i+1+histLen)%histLen]
				n := newer.after
				for k := range np.NumKinds {
					n += int(newer.played[k])
				}
				draws += n - tu.after
				deep++
			}
			held := 0
			for ks := tu.completers; ks != 0; ks &= ks - 1 {
				k := bits.TrailingZeros32(ks)
				held += int(h[k]) + since[k]
				if tu.played[k] > 0 {
					t.Fatalf("step %d: greedy played a completer of its turn %d back", s.Steps(), i)
				}
			}
			if held > draws {
				t.Fatalf("step %d: the opponent holds %d completers of its turn %d back, drawn since: %d", s.Steps(), held, i, draws)
			}
			for k := range np.NumKinds {
				since[k] += int(tu.played[k])
			}
		}
	})
	if read == 0 || deep == 0 {
		t.Errorf("%d plans with turns read, %d earlier turns: the test checks nothing", read, deep)
	}
	t.Logf("%d plans with turns read, %d earlier turns checked", read, deep)
}

// playDecisions plays games of b against opp (seeds 0x7e570000+k, b in
// seat k&1) and calls check with the state after each of b's decisions
// is made, before it is applied.
func playDecisions(t *testing.T, b *Turn, opp agents.Player, games int, check func(s *np.State)) {
	t.Helper()
	g, _ := np.NewGame(np.DefaultRules)
	var o np.Observation
	var buf [np.MaxLegal]np.Action
	var legal []game.Action
	for k := range uint64(games) {
		s, _ := np.New(np.DefaultRules, 0x7e570000+k)
		seat := int(k & 1)
		b.NewGame(g, seat, rand.New(rand.NewPCG(k, 1)))
		opp.NewGame(g, 1-seat, rand.New(rand.NewPCG(k, 2)))
		for !s.Over() {
			legal = legal[:0]
			for _, a := range s.Legal(buf[:0]) {
				legal = append(legal, game.Action(a))
			}
			s.Observe(s.ToAct(), &o)
			if s.ToAct() != seat {
				s.Step(np.Action(opp.Act(&o, legal)))
				continue
			}
			a := np.Action(b.Act(&o, legal))
			check(&s)
			s.Step(a)
		}
	}
}

// fullEvidence returns evidence holding histLen turns of a six-card hand
// with a draw and a card played each turn, a completer kind in every
// other turn, and a hand to weigh.
func fullEvidence() (*evidence, [np.NumKinds]uint8) {
	e := &evidence{all: true}
	for i := range histLen {
		e.last = (e.last + 1) % histLen
		k := np.Kind(i % int(np.NumKinds))
		e.turns[e.last] = oppTurn{after: 6, playedKinds: 1 << k}
		e.turns[e.last].played[k] = 1
		if i%2 == 0 {
			e.turns[e.last].completers = 1 << ((i + 5) % int(np.NumKinds))
		}
	}
	e.n = histLen
	var h [np.NumKinds]uint8
	for k := range 6 {
		h[3*k%int(np.NumKinds)]++
	}
	return e, h
}

// TestEvidenceAllocs checks that weighing a deal allocates nothing.
func TestEvidenceAllocs(t *testing.T) {
	e, h := fullEvidence()
	var r rng.Wyrand
	if n := testing.AllocsPerRun(100, func() { e.handLikelihood(h, 0.1, &r) }); n != 0 {
		t.Errorf("handLikelihood allocates %v times", n)
	}
}

// BenchmarkEvidence weighs a hand against 32 turns read (all) or the
// last one (last).
func BenchmarkEvidence(b *testing.B) {
	for _, all := range []bool{false, true} {
		name := "last"
		if all {
			name = "all"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			e, h := fullEvidence()
			e.all = all
			var r rng.Wyrand
			sum := 0.0
			for b.Loop() {
				sum += e.handLikelihood(h, 0.1, &r)
			}
			_ = sum
		})
	}
}

// TestEvidenceAllDeterministic plays turn:evidence=all against greedy
// twice from the same seeds (its walks draw from its own seeded source):
// the same actions come out.
func TestEvidenceAllDeterministic(t *testing.T) {
	var runs [2][]np.Action
	for i := range runs {
		b := newBot(t, "turn:iters=20,evidence=all").(*Turn)
		read := 0
		playDecisions(t, b, newBot(t, "greedy"), 4, func(s *np.State) {
			runs[i] = append(runs[i], b.plan[b.next-1])
			read = max(read, b.ev.n)
		})
		if read < 2 {
			t.Fatalf("at most %d turns read: the walk is not exercised", read)
		}
	}
	if len(runs[0]) != len(runs[1]) {
		t.Fatalf("%d then %d decisions", len(runs[0]), len(runs[1]))
	}
	for j := range runs[0] {
		if runs[0][j] != runs[1][j] {
			t.Fatalf("decision %d differs", j)
		}
	}
}

var infoOpp = flag.String("evidence.opp", "greedy", "the opponent TestEvidenceInformation plays turn:evidence=all against")

// TestEvidenceInformation measures how much the opponent's turns say
// about its hand: at each plan of turn:iters=20,evidence=all against
// -evidence.opp (30 games, 10 with -short), the mean likelihood of the
// opponent's true hand and of a deal drawn from the observation, weighed
// by every turn read and by the last one alone. Against greedy, which
// plays as the model says, the true hand must come out more likely than
// a deal, and never contradict the last turn.
func TestEvidenceInformation(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 10
	}
	b := newBot(t, "turn:iters=20,evidence=all").(*Turn)
	plans, said := 0, 0
	var trueAll, trueLast, dealAll, dealLast float64
	n := 0
	playDecisions(t, b, newBot(t, *infoOpp), games, func(s *np.State) {
		e := &b.ev
		if e.n == 0 || s.Turns() != b.evTurn || b.next != 1 {
			return // not the first decision of a turn
		}
		plans++
		if e.turns[e.last].completers != 0 {
			said++
		}
		last := evidence{n: 1, last: e.last, turns: e.turns}
		h := s.Hand(e.opp)
		var o np.Observation
		s.Observe(1-e.opp, &o)
		for range 20 {
			d := b.deal(&o)
			trueAll += e.handLikelihood(h, 0.1, &b.r)
			trueLast += last.handLikelihood(h, 0.1, &b.r)
			dealAll += e.likelihood(&d, 0.1, &b.r)
			dealLast += last.likelihood(&d, 0.1, &b.r)
			n++
		}
	})
	f := float64(n)
	t.Logf("against %s, %d games: %d plans with turns read, %d whose last turn said something; mean likelihood of the true hand %.3f (last turn alone %.3f), of a deal %.3f (%.3f)",
		*infoOpp, games, plans, said, trueAll/f, trueLast/f, dealAll/f, dealLast/f)
	if *infoOpp == "greedy" && (trueAll <= dealAll || trueLast != f) {
		t.Errorf("against greedy the true hand should be more likely than a deal and never contradict the last turn")
	}
}
