package agents

import (
	"reflect"
	"strings"
	"testing"
)

func TestSplitSpecs(t *testing.T) {
	for i, c := range []struct {
		in   string
		want []string
	}{
		{"random,greedy", []string{"random", "greedy"}},
		{"mcts:iters=100,c=2,random", []string{"mcts:iters=100,c=2", "random"}},
		{"random; mcts:iters=5 ;nash", []string{"random", "mcts:iters=5", "nash"}},
		{"random;greedy;exec:/tmp/bad;mode=junk;game=3;exec:/tmp/bad;mode=illegal", []string{"random", "greedy", "exec:/tmp/bad;mode=junk;game=3", "exec:/tmp/bad;mode=illegal"}},
		{"exec:python3 examples/python/bot.py,random", []string{"exec:python3 examples/python/bot.py", "random"}},
		{"exec:prog a,b;timeout=1s,nash", []string{"exec:prog a,b;timeout=1s", "nash"}},
		{"randm,greedy", []string{"randm", "greedy"}},
		// Empty pieces are kept for the parser to refuse, not dropped.
		{"random,,greedy", []string{"random", "", "greedy"}},
		{"random,greedy,", []string{"random", "greedy", ""}},
		{";random", []string{"", "random"}},
		{"mcts:iters=5,,c=2", []string{"mcts:iters=5", "", "c=2"}},
		{"exec:prog a,,b", []string{"exec:prog a", "", "b"}},
		{"", nil},
	} {
		if got := SplitSpecs(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("case %d: SplitSpecs(%q) = %q, want %q", i, c.in, got, c.want)
		}
	}
}

func TestCheckNames(t *testing.T) {
	parse := func(specs ...string) []*Bot {
		var out []*Bot
		for _, s := range specs {
			b, err := Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, b)
		}
		return out
	}
	for i, c := range []struct {
		specs  []string
		mirror bool
		ok     bool
	}{
		{[]string{"random", "greedy"}, false, true},
		{[]string{"random", "random"}, true, true},
		{[]string{"random", "random"}, false, false},
		{[]string{"random", "greedy:name=random"}, true, false},
		{[]string{"mcts:iters=5,name=m", "mcts:iters=6,name=m2"}, false, true},
	} {
		if err := CheckNames(parse(c.specs...), c.mirror); (err == nil) != c.ok {
			t.Errorf("case %d %v mirror %v: error %v, want ok %v", i, c.specs, c.mirror, err, c.ok)
		}
	}
}

// TestCheckTyped: a typed spec ending in ':' is refused (options lost);
// the parser still reads it, as runs stored it.
func TestCheckTyped(t *testing.T) {
	for i, c := range []struct {
		spec string
		ok   bool
	}{
		{"mcts", true},
		{"mcts:iters=5", true},
		{"exec:./bot", true},
		{"mcts:", false},
		{"mcts: ", false},
		{" greedy :", false},
		{" random", false},
		{"random\t", false},
		{"exec:./bot --depth 3", true},
		{"exec:", false},
		{"exec:./bot;", false},
		{"exec:./bot;timeout=1s", true},
		{"mcts:iters=5; ", false},
	} {
		if err := CheckTyped(c.spec); (err == nil) != c.ok {
			t.Errorf("case %d: CheckTyped(%q) = %v, want ok %v", i, c.spec, err, c.ok)
		}
	}
	if err := CheckTyped("exec:"); err == nil || !strings.Contains(err.Error(), "such as exec:ARG") {
		t.Errorf("CheckTyped(exec:) = %v, want the example exec:ARG (exec takes a program, not options)", err)
	}
	if _, err := Parse("random:"); err != nil {
		t.Errorf("Parse(random:) = %v: a stored spec must stay readable", err)
	}
}
