package nash

import (
	"bytes"
	"math/big"
	"slices"
	"strings"
	"testing"
)

// The prisoner's dilemma in both versions of the format: the outcome
// version names the strategies, the payoff version only counts them.
const (
	pdOutcome = `NFG 1 R "Prisoner's \"dilemma\"" { "Row" "Column" }
{ { "cooperate" "defect" } { "cooperate" "defect" } }
"a comment"
{
{ "both cooperate" 3, 3 }
{ "sucker" 0, 5 }
{ "temptation" 5, 0 }
{ "both defect" 1, 1 }
}
1 3 2 4
`
	pdPayoff = `NFG 1 R "PD" { "Row" "Column" } { 2 2 }

3 3 5 0 0 5 1 1
`
)

func TestReadNFGVersions(t *testing.T) {
	for _, src := range []string{pdOutcome, pdPayoff} {
		g, err := ReadNFG(strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		// Profile (row, column): the row's strategy changes fastest.
		want := map[[2]int][2]int64{{0, 0}: {3, 3}, {1, 0}: {5, 0}, {0, 1}: {0, 5}, {1, 1}: {1, 1}}
		for s, w := range want {
			got := g.Payoffs[g.Index(s[:])]
			if got[0].Cmp(big.NewRat(w[0], 1)) != 0 || got[1].Cmp(big.NewRat(w[1], 1)) != 0 {
				t.Errorf("%q: profile %v pays %v, want %v", g.Title, s, got, w)
			}
		}
		if got := PureEquilibria(g); !slices.Equal(got, []int{3}) {
			t.Errorf("%q: pure equilibria %v, want [3] (both defect)", g.Title, got)
		}
	}
	g, _ := ReadNFG(strings.NewReader(pdOutcome))
	if g.Title != `Prisoner's "dilemma"` || g.Comment != "a comment" || !slices.Equal(g.Players, []string{"Row", "Column"}) ||
		!slices.Equal(g.Strategies[1], []string{"cooperate", "defect"}) {
		t.Errorf("names: %q %q %q %q", g.Title, g.Comment, g.Players, g.Strategies)
	}
	g, _ = ReadNFG(strings.NewReader(pdPayoff))
	if !slices.Equal(g.Strategies[0], []string{"1", "2"}) {
		t.Errorf("unnamed strategies are %q, want Gambit's 1, 2", g.Strategies[0])
	}
}

func TestReadNFGNumbersAndOutcomeZero(t *testing.T) {
	g, err := ReadNFG(strings.NewReader(`NFG 1 R "" { "" "" "" } { 1 2 1 }
{ { "" 1/3, -0.25, 1e-3 } } 1 0`))
	if err != nil {
		t.Fatal(err)
	}
	if g.Players[2] != "Player 3" {
		t.Errorf("unnamed player 3 is %q", g.Players[2])
	}
	want := []string{"1/3", "-1/4", "1/1000"}
	for i, w := range want {
		if g.Payoffs[0][i].RatString() != w {
			t.Errorf("payoff %d is %s, want %s", i, g.Payoffs[0][i].RatString(), w)
		}
		if g.Payoffs[1][i].Sign() != 0 {
			t.Errorf("outcome 0 pays player %d %s, want 0", i, g.Payoffs[1][i].RatString())
		}
	}
}

func TestNFGRoundTrip(t *testing.T) {
	for _, src := range []string{pdOutcome, pdPayoff} {
		g, err := ReadNFG(strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := g.WriteNFG(&buf); err != nil {
			t.Fatal(err)
		}
		h, err := ReadNFG(&buf)
		if err != nil {
			t.Fatalf("reading back %q: %v", buf.String(), err)
		}
		sameGame(t, g, h)
	}
}

// sameGame fails unless g and h are the same game, names included.
func sameGame(t *testing.T, g, h *Game) {
	t.Helper()
	if g.Title != h.Title || g.Comment != h.Comment || !slices.Equal(g.Players, h.Players) ||
		!slices.EqualFunc(g.Strategies, h.Strategies, slices.Equal) || len(g.Payoffs) != len(h.Payoffs) {
		t.Fatalf("games differ: %q %q %q %q, %q %q %q %q", g.Title, g.Comment, g.Players, g.Strategies, h.Title, h.Comment, h.Players, h.Strategies)
	}
	for p := range g.Payoffs {
		for i := range g.Players {
			if g.Payoffs[p][i].Cmp(h.Payoffs[p][i]) != 0 {
				t.Fatalf("profile %d, player %d: %s, read back %s", p, i, g.Payoffs[p][i].RatString(), h.Payoffs[p][i].RatString())
			}
		}
	}
}

func TestReadNFGErrors(t *testing.T) {
	for k, c := range []struct{ src, want string }{
		{``, `line 1: expected the header "NFG 1 R"`},
		{"EFG 2 R", `line 1: expected the header "NFG 1 R" (a Gambit strategic-form game file), found "EFG"`},
		{`NFG 1 R "t" { "A" } { 2 }`, `line 1: 1 player: a game needs two or more`},
		{"NFG 1 R \"t\" { \"A\" \"B\" }\n{ 2 x }", `line 2: expected B's number of strategies (1 to 200) or { and their names, found "x"`},
		{`NFG 1 R "t" { "A" "B" } { 2 2 3 }`, `line 1: strategies for more than the game's 2 players`},
		{`NFG 1 R "t" { "A" "B" } { 2 }`, `line 1: strategies for 1 players, the game has 2`},
		{`NFG 1 R "t" { "A" "B" "C" } { 200 200 200 }`, `line 1: more than 65536 strategy profiles`},
		{"NFG 1 R \"t\" { \"A\" \"B\" } { 2 2 }\n1 2 3\n4 5 6", `line 3: the file ends after 6 payoffs; 4 profiles of 2 players take 8`},
		{"NFG 1 R \"t\" { \"A\" \"B\" } { 1 1 }\n1 x", `line 2: "x" is not a decimal number`},
		{"NFG 1 R \"t\" { \"A\" \"B\" } { 1 1 }\n1 1/0", `line 2: "1/0" is a fraction with a zero denominator`},
		{"NFG 1 R \"t\" { \"A\" \"B\" } { 1 1 }\n1 1e200", `line 2: "1e200" is beyond ±1e100`},
		{"NFG 1 R \"t\" { \"A\" \"B\" } { 1 1 }\n1 2 3", `line 2: "3" after the game's last profile`},
		{"NFG 1 R \"t\" { \"A\" \"B\" } { 1 2 }\n{ { \"o\" 1, 2 } }\n1 2", `line 3: expected profile 2's outcome number (0 to 1), found "2"`},
		{"NFG 1 R \"t\" { \"A\" \"B\" } { 1 1 }\n{ { \"o\" 1 } }\n1", `line 2: outcome 1 has 1 payoffs, the game has 2 players`},
		{"NFG 1 R \"t\" { \"A\" \"B\" } { 1 1 }\n{ { \"o\" 1 2 3 } }\n1", `line 2: outcome 1 has more payoffs than the game's 2 players`},
		{"NFG 1 R \"t\" { \"A\" \"B\" } { { \"x\" \"x\" } { \"y\" } }", `line 1: two A's strategies are named "x"`},
		{"NFG 1 R \"t\n", `line 1: a label's closing double quote is missing`},
		{`NFG 1 R "t" { "A" "B" } { 1 5 }` + " 1/" + strings.Repeat("9", 398) + "7 0 1/" + strings.Repeat("9", 397) + "89 0 1/" + strings.Repeat("9", 399) + " 0 1/" + strings.Repeat("9", 396) + "901 0 1/" + strings.Repeat("9", 398) + "1 0", `A's payoffs are fractions whose common denominator has more than 1228 digits`},
		{`NFG 1 R "t" { "A" 3 }`, `line 1: expected a player's quoted name or }, found "3"`},
		{`NFG 1 R "t" { "A" "B" } { { "x" 3 } }`, `line 1: expected a strategy's quoted name or }, found "3"`},
		{`NFG 1 R "t" {` + strings.Repeat(` ""`, MaxPlayers+1) + ` }`, `line 1: more than 16 players`},
		{`NFG 1 R "t" { "A" "B" } { {` + strings.Repeat(` ""`, MaxDim+1) + ` } }`, `line 1: A has more than 200 strategies`},
		{"NFG 1 R \"t\" { \"A\" \"B\u001b[2J\" }", `player 2's name "B\x1b[2J" holds`},
	} {
		_, err := ReadNFG(strings.NewReader(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("case %d: error %v, want one containing %q", k, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("case %d: error of more than one line: %q", k, err)
		}
	}
}

func TestReadNFGTooLarge(t *testing.T) {
	big := "NFG 1 R \"t\" { \"A\" \"B\" } { 1 1 }\n" + strings.Repeat(" ", MaxNFGBytes)
	if _, err := ReadNFG(strings.NewReader(big)); err == nil || !strings.Contains(err.Error(), "more than 32 MiB") {
		t.Errorf("error %v, want more than 32 MiB", err)
	}
}

// FuzzReadNFG: no input makes ReadNFG panic, every error is one line,
// and a game it reads is written and read back as the same game.
func FuzzReadNFG(f *testing.F) {
	f.Add(pdOutcome)
	f.Add(pdPayoff)
	f.Add(`NFG 1 R "" { "" "" "" } { 1 2 1 } { { "" 1/3, -0.25, 1e-3 } } 1 0`)
	f.Fuzz(func(t *testing.T, src string) {
		g, err := ReadNFG(strings.NewReader(src))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := g.WriteNFG(&buf); err != nil {
			t.Fatal(err)
		}
		h, err := ReadNFG(&buf)
		if err != nil {
			t.Fatalf("reading back: %v", err)
		}
		sameGame(t, g, h)
	})
}
