package report

import (
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
)

// TestBotsLongDefault: a parameter whose default is a long list (the
// exploiter's models) is told in its description, so the table keeps
// to its width and every description stays readable; it squeezed the
// descriptions of every bot into a column of words before.
func TestBotsLongDefault(t *testing.T) {
	long := "greedy+nash+random+classic"
	bots := []agents.Info{{
		Name: "b", Help: "a bot", MinSeats: 2, MaxSeats: 2,
		Params: []agents.Param{{Name: "models", Default: long, Help: "the bots it may recognise"}, {Name: "k", Default: "3", Help: "a number"}},
	}}
	var b strings.Builder
	if err := Bots(&b, "table", 80, "nzsc", bots); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 80 {
			t.Errorf("line of %d columns: %q", len(line), line)
		}
	}
	words := strings.Join(strings.Fields(out), " ")
	if !strings.Contains(words, "default: "+long) || !strings.Contains(words, "k 3 a number") {
		t.Errorf("the defaults are not told:\n%s", out)
	}
}
