package agents

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBotNames checks how a spec names its bot: name= first, else the
// spec without nzsc's own options; and that name= never reaches the
// bot's parameters.
func TestBotNames(t *testing.T) {
	for _, c := range []struct {
		spec, name string
		params     map[string]string
	}{
		{"random", "random", nil},
		{"random:", "random:", nil},
		{"random:name=R", "R", nil},
		{"mcts:iters=100", "mcts:iters=100", map[string]string{"iters": "100"}},
		{"mcts:iters=100,name=m100", "m100", map[string]string{"iters": "100"}},
		{"mcts:name= m 100 ,iters=50", "m 100", map[string]string{"iters": "50"}},
	} {
		b, err := Parse(c.spec)
		if err != nil {
			t.Errorf("%s: %v", c.spec, err)
			continue
		}
		if b.Name() != c.name {
			t.Errorf("%s: name %q, want %q", c.spec, b.Name(), c.name)
		}
		if _, ok := b.Params[NameOption]; ok {
			t.Errorf("%s: name= became a parameter: %v", c.spec, b.Params)
		}
		for k, v := range c.params {
			if b.Params[k] != v {
				t.Errorf("%s: parameter %s=%q, want %q", c.spec, k, b.Params[k], v)
			}
		}
		if b.Spec != c.spec {
			t.Errorf("%s: Spec %q, want the spec as given", c.spec, b.Spec)
		}
	}
	for _, bad := range []string{"random:name=", "random:name=a,name=b", "mcts:name=a;b", "random:name='x'",
		"random:name=\x1b[2Jr", "random:name=\u202er", "random:name=r\u200b"} {
		if b, err := Parse(bad); err == nil {
			t.Errorf("%s: no error (name %q)", bad, b.Name())
		}
	}
	// The refusal reads as a sentence ("has no a control character" did not).
	for spec, want := range map[string]string{
		"random:name=\x1b[2Jr": `name="\x1b[2Jr": a name may not hold a control character (U+001B)`,
		"random:name=\u202er":  `name="\u202er": a name may not hold an invisible formatting character (U+202E)`,
	} {
		if _, err := Parse(spec); err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%q: %v, want it to end %q", spec, err, want)
		}
	}
}

func TestExecNames(t *testing.T) {
	for _, c := range []struct {
		arg, alias, base string
	}{
		{"node bot.js", "", "node bot.js"},
		{"node bot.js;char=Samurai;timeout=100ms", "", "node bot.js;char=Samurai"},
		{"node bot.js ; timeout=1s ; handshake=2s", "", "node bot.js"},
		{"node bot.js;name=Sam;level=2", "Sam", "node bot.js;level=2"},
		{`sh -c 'echo a;b';timeout=1`, "", `sh -c 'echo a;b'`},
		{`prog "x\";y";name=Q`, "Q", `prog "x\";y"`},
		{`prog a\;b;timeout=1`, "", `prog a\;b`},
	} {
		alias, base, err := execNames(c.arg)
		if err != nil {
			t.Errorf("%s: %v", c.arg, err)
			continue
		}
		if alias != c.alias || base != c.base {
			t.Errorf("%s: alias %q base %q, want %q and %q", c.arg, alias, base, c.alias, c.base)
		}
	}
	sp, err := parseExecSpec("prog;name=Sam;level=2")
	if err != nil {
		t.Fatal(err)
	}
	if _, sent := sp.options[NameOption]; sent || sp.options["level"] != "2" {
		t.Errorf("options sent to the bot: %v; want level only (name= is nzsc's)", sp.options)
	}
}

// TestExecBotNamedByHello checks that an external bot without name= is
// named by its hello once probed, and by its alias when it has one.
func TestExecBotNamedByHello(t *testing.T) {
	gobot := filepath.Join(bins(t), "gobot")
	b, err := Parse("exec:" + gobot + ";timeout=5s")
	if err != nil {
		t.Fatal(err)
	}
	if want := "exec:" + gobot; b.Name() != want {
		t.Errorf("before the probe: name %q, want %q (no timeout)", b.Name(), want)
	}
	if err := Probe(b); err != nil {
		t.Fatal(err)
	}
	if b.Name() != "gobot" {
		t.Errorf("after the probe: name %q, want gobot (its hello)", b.Name())
	}
	a, err := Parse("exec:" + gobot + ";name=mine")
	if err != nil {
		t.Fatal(err)
	}
	if err := Probe(a); err != nil {
		t.Fatal(err)
	}
	if a.Name() != "mine" || a.Peer != "gobot" {
		t.Errorf("alias mine: name %q peer %q", a.Name(), a.Peer)
	}
	if peerName("  a\tlong\nname "+strings.Repeat("x", 60)) != ("a long name " + strings.Repeat("x", 28)) {
		t.Errorf("peerName does not clean: %q", peerName("  a\tlong\nname "+strings.Repeat("x", 60)))
	}
	// A program's name is shown in tables and pages: an escape sequence
	// would rewrite the terminal, an override turn the line around.
	if got := peerName("\x1b[2J\x1b]0;x\x07bot\u202e"); got != "[2J]0;xbot" {
		t.Errorf("peerName keeps what acts on a terminal: %q", got)
	}
}
