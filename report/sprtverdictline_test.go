package report

import (
	"bytes"
	"strings"
	"testing"
)

// TestSPRTHTMLWholeVerdict: the page of a sequential test states its
// verdict whole, where it was reached and the LLR against its bounds.
// It showed the first line of the text report's verdict wrapped at 80
// columns: "... stronger than mcts:iters=30 after 64" with the rest of
// the sentence (the games, the LLR, the bounds) cut.
func TestSPRTHTMLWholeVerdict(t *testing.T) {
	o, v := sprtFixture()
	o.New, o.Base = "mcts:iters=40,c=1.4", "mcts:iters=30,c=1.4"
	var b bytes.Buffer
	if err := SPRTHTML(&b, o, v); err != nil {
		t.Fatal(err)
	}
	want := "H1 accepted: mcts:iters=40,c=1.4 is at least 10 Elo (logistic) stronger than mcts:iters=30,c=1.4 after 300 games (LLR 3.100, bounds [-2.944, 2.944])"
	if !strings.Contains(b.String(), `<p class="info">`+want+`</p>`) {
		t.Errorf("the page does not state the verdict whole: %q", want)
	}
}
