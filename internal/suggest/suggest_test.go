package suggest

import (
	"fmt"
	"testing"
)

func TestDistance(t *testing.T) {
	// Distances worked out by hand.
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"abc", "", 3}, {"kitten", "sitting", 3},
		{"mach", "match", 1}, {"flaw", "lawn", 2}, {"tournament", "tournamnet", 1}, {"ab", "ba", 1}, {"gmaes", "games", 1}, {"ca", "abc", 3},
	} {
		if got := distance([]rune(c.a), []rune(c.b)); got != c.want {
			t.Errorf("distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := distance([]rune(c.b), []rune(c.a)); got != c.want {
			t.Errorf("distance(%q, %q) = %d, want %d (symmetric)", c.b, c.a, got, c.want)
		}
	}
}

func TestNearest(t *testing.T) {
	cmds := []string{"bots", "exploit", "games", "match", "merge", "play", "replay", "report", "rules", "serve", "solve", "sprt", "tournament"}
	for _, c := range []struct{ name, want string }{
		{"mach", "match"}, {"tournamnet", "tournament"}, {"MATCH", "match"}, {"bot", "bots"},
		{"xyz", ""}, {"", ""}, {"rpeort", "report"}, {"sp", ""}, {"soolve", "solve"},
	} {
		if got := Nearest(c.name, cmds); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

func ExampleNearest() {
	fmt.Println(Nearest("mach", []string{"match", "merge"}))
	// Output: match
}

func BenchmarkNearest(b *testing.B) {
	cmds := []string{"bots", "exploit", "games", "match", "merge", "play", "replay", "report", "rules", "serve", "solve", "sprt", "tournament"}
	b.ReportAllocs()
	for b.Loop() {
		Nearest("tournamnet", cmds)
	}
}

func TestDistanceExported(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"gmaes", "games", 1},
		{"ninja", "ninja", 0}, {"ca", "abc", 3}, {"Ninja", "ninja", 1},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
