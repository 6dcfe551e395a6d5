package analysis_test

import (
	"fmt"

	"github.com/nzsclab/nzsc/analysis"
)

func ExampleEstimateOf() {
	e := analysis.EstimateOf(analysis.Record{Wins: 60, Draws: 10, Losses: 30})
	fmt.Printf("score %.3f [%.3f, %.3f] significant %v\n", e.Score, e.Lo, e.Hi, e.Significant)
	// Output: score 0.650 [0.553, 0.736] significant true
}

func ExampleBradleyTerry() {
	// a beats b 30:10, b beats c 30:10, a beats c 36:4.
	t := &analysis.Tournament{Bots: []string{"a", "b", "c"}}
	for _, p := range []struct {
		a, b int
		r    analysis.Record
	}{{0, 1, analysis.Record{Wins: 30, Losses: 10}}, {1, 2, analysis.Record{Wins: 30, Losses: 10}}, {0, 2, analysis.Record{Wins: 36, Losses: 4}}} {
		pr := analysis.Pairing{A: p.a, B: p.b}
		pr.Seat[0] = p.r
		t.Pairings = append(t.Pairings, pr)
	}
	// The Elo values agree with an independent Newton–Raphson fit.
	rk := analysis.BradleyTerry(t)
	for _, i := range rk.Order {
		r := rk.Ratings[i]
		fmt.Printf("%s %+.0f ± %.0f\n", r.Bot, r.Elo, 1.96*r.SE)
	}
	// Output:
	// a +191 ± 69
	// b +0 ± 59
	// c -191 ± 69
}

func ExampleSPRT_LLR() {
	s := analysis.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	lo, hi := s.Bounds()
	llr := s.LLR([5]int64{80, 150, 400, 200, 120})
	fmt.Printf("LLR %.3f in [%.3f, %.3f]: %v\n", llr, lo, hi, s.Decide(llr))
	// Output: LLR 4.889 in [-2.944, 2.944]: H1 accepted
}

func ExamplePlackettLuce() {
	// Three bots at 3-seat tables: a finishes first most often.
	f := &analysis.FinishingOrders{Bots: []string{"a", "b", "c"}, Finishes: []analysis.Finish{
		{Bots: []int{0, 1, 2}, Place: []int{1, 2, 3}, Count: 40},
		{Bots: []int{0, 1, 2}, Place: []int{2, 1, 3}, Count: 20},
		{Bots: []int{0, 1, 2}, Place: []int{3, 1, 2}, Count: 10},
		{Bots: []int{0, 1, 2}, Place: []int{1, 3, 1}, Count: 10},
	}}
	rk, err := analysis.PlackettLuce(f)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, i := range rk.Order {
		r := rk.Ratings[i]
		fmt.Printf("%s %+.0f [%+.0f, %+.0f]\n", r.Bot, r.Elo, r.Lo, r.Hi)
	}
	// Output:
	// a +118 [+71, +165]
	// b +69 [+24, +113]
	// c -187 [-242, -132]
}
