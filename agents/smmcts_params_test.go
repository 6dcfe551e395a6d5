package agents

import "testing"

// TestSMParamsHelp: SMParams writes each mcts bot's select and c help
// from its rules, word for word what the two bots wrote by hand (the
// two-player bot's three rules, the N-player bot's two), and the budget
// parameters first.
func TestSMParamsHelp(t *testing.T) {
	for _, c := range []struct {
		rules     []string
		sel, expl string
	}{
		{[]string{"rm", "exp3", "duct"},
			"selection rule: rm (regret matching), exp3, or duct (decoupled UCT)",
			"exploration: mixing rate γ in (0,1] for rm/exp3 (auto 0.1), UCB constant for duct (auto 1.4)"},
		{[]string{"rm", "duct"},
			"selection rule: rm (regret matching) or duct (decoupled UCT)",
			"exploration: mixing rate γ in (0,1] for rm (auto 0.1), UCB constant for duct (auto 1.4)"},
	} {
		ps := SMParams(c.rules...)
		if len(ps) != 4 || ps[0].Name != "iters" || ps[0].Default != "1000" || ps[1] != MSParam || ps[2].Name != "select" || ps[3].Name != "c" {
			t.Fatalf("%v: params %+v, want iters=1000, ms, select, c", c.rules, ps)
		}
		if ps[2].Default != "rm" || ps[2].Help != c.sel {
			t.Errorf("%v: select %q (default %q), want %q (default rm)", c.rules, ps[2].Help, ps[2].Default, c.sel)
		}
		if ps[3].Default != "auto" || ps[3].Help != c.expl {
			t.Errorf("%v: c %q (default %q), want %q (default auto)", c.rules, ps[3].Help, ps[3].Default, c.expl)
		}
	}
}

// TestSMSearchReadParams: ReadParams fills the budget and the rule, c
// auto taking each rule's constant, and refuses a rule the bot does not
// offer and a bad budget.
func TestSMSearchReadParams(t *testing.T) {
	var s SMSearch[int, SMGame[int]]
	var b Budget
	if err := s.ReadParams(Params{"iters": "70", "ms": "0", "select": "duct", "c": "auto"}, &b, "rm", "duct"); err != nil {
		t.Fatal(err)
	}
	if b.Iters != 70 || s.Rule != SelectDUCT || s.C != 1.4 {
		t.Errorf("iters %d, rule %d, c %v; want 70, duct, 1.4", b.Iters, s.Rule, s.C)
	}
	if err := s.ReadParams(Params{"iters": "70", "ms": "0", "select": "exp3", "c": "auto"}, &b, "rm", "duct"); err == nil {
		t.Error("select=exp3 accepted where only rm and duct are offered")
	}
	if err := s.ReadParams(Params{"iters": "0", "ms": "0", "select": "rm", "c": "auto"}, &b, "rm", "duct"); err == nil {
		t.Error("iters=0 accepted")
	}
}
