package analysis

import (
	"errors"
	"math"
	"reflect"
	"testing"
	"time"
)

// spreadTournament is n bots whose strengths are k nats apart in turn,
// 1000 games a pairing, no draws: a Bradley–Terry fit that converges
// slowly (n=100, k=2 took a million MM iterations, 105 s of CPU).
func spreadTournament(n int, k float64) *Tournament {
	names := make([]string, n)
	wins := make([][]int64, n)
	for i := range n {
		names[i] = string(rune('a'+i%26)) + string(rune('a'+i/26))
		wins[i] = make([]int64, n)
		for j := range n {
			if i != j {
				wins[i][j] = int64(math.Round(1000 / (1 + math.Exp(-k*float64(i-j)))))
			}
		}
	}
	return tournamentFromWins(names, wins)
}

// TestSummarizeUntilStops: a closed done stops a two-player summary in
// its Bradley–Terry fit with an error wrapping ErrStopped (and
// ErrFitStopped, which says which step), no summary; one never closed
// gives Summarize's. Before, the summary had no done channel: a report's
// tail went on for the fit's minutes after a Ctrl-C.
func TestSummarizeUntilStops(t *testing.T) {
	tt := spreadTournament(10, 2) // 4 139 iterations
	closed := make(chan struct{})
	close(closed)
	if s, err := SummarizeUntil(tt, closed); s != nil || !errors.Is(err, ErrStopped) || !errors.Is(err, ErrFitStopped) {
		t.Errorf("closed done: summary %v, err %v; want none and ErrFitStopped", s != nil, err)
	}
	open := make(chan struct{})
	s, err := SummarizeUntil(tt, open)
	if err != nil {
		t.Fatalf("open done: %v", err)
	}
	// (The cross-table's diagonal is NaN, which DeepEqual finds unequal.)
	want := Summarize(tt)
	if !reflect.DeepEqual(s.Ranking, want.Ranking) || !reflect.DeepEqual(s.Metagame, want.Metagame) || !reflect.DeepEqual(s.Faults, want.Faults) {
		t.Errorf("open done: a summary other than Summarize's")
	}
	if s.Ranking.Iterations < 1000 {
		t.Errorf("the fit took %d iterations; the test wants a slow one", s.Ranking.Iterations)
	}
}

// TestSummarizeUntilStopsMidFit: done closed while the fit runs (a
// slow one, 100 bots 2 nats apart: a million iterations of 10^4 terms)
// stops it before its next iteration. The 60 s are a net against a
// hang, not a time under test (the fit alone takes about 100 s).
func TestSummarizeUntilStopsMidFit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 100-bot tournament")
	}
	tt := spreadTournament(100, 2)
	done := make(chan struct{})
	got := make(chan error, 1)
	go func() {
		_, err := SummarizeUntil(tt, done)
		got <- err
	}()
	time.Sleep(100 * time.Millisecond) // the fit under way
	close(done)
	select {
	case err := <-got:
		if !errors.Is(err, ErrFitStopped) {
			t.Errorf("err %v, want ErrFitStopped", err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the fit went on 60 s after done was closed")
	}
}

// TestSummarizeFFAStopsFit: a closed done stops a free-for-all's summary
// in its Plackett–Luce fit (minutes for many bots far apart, as
// Bradley–Terry's), before the meta-game's bootstrap, with ErrFitStopped;
// one never closed gives the fit of PlackettLuce. The fit had no done
// channel.
func TestSummarizeFFAStopsFit(t *testing.T) {
	// Eight bots 2 nats apart in turn at tables of three, each finishing
	// order drawn in proportion to its Plackett–Luce probability.
	tt := seatTournament(8, 3, func(table, places []int) float64 {
		order := make([]int, len(places)) // the table's seats by place
		for s, p := range places {
			order[p-1] = table[s]
		}
		pr := 1.0
		for i := range order {
			den := 0.0
			for _, b := range order[i:] {
				den += math.Exp(2 * float64(b))
			}
			pr *= math.Exp(2*float64(order[i])) / den
		}
		return 1000 * pr
	})
	closed := make(chan struct{})
	close(closed)
	if s, err := SummarizeFFA(tt, closed); s != nil || !errors.Is(err, ErrFitStopped) {
		t.Errorf("closed done: summary %v, err %v; want none and ErrFitStopped", s != nil, err)
	}
	s, err := SummarizeFFA(tt, make(chan struct{}))
	if err != nil {
		t.Fatal(err)
	}
	want, err := PlackettLuce(tt.FinishingOrders())
	if err != nil || !reflect.DeepEqual(s.Ranking, want) {
		t.Errorf("open done: a fit other than PlackettLuce's (%v)", err)
	}
	if s.Ranking.Iterations < 1000 {
		t.Errorf("the fit took %d iterations; the test wants a slow one", s.Ranking.Iterations)
	}
}
