package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestLinkStartsNoCostlyOpponent: the Play page starts the game its
// address names by itself (link), and any site can send a browser there:
// an opponent with a search's parameters, which in NPZR's seat 0 thinks
// at once, is refused for a link (403, before the bot is built) and
// started on the person's Start; an opponent at its defaults, with its
// seed, starts from a link.
func TestLinkStartsNoCostlyOpponent(t *testing.T) {
	_, ts := newServer(t, Config{})
	c := ts.Client()
	costly := `{"game":"npzr","seat":1,"opponent":"ismcts:iters=10000000","link":true}`
	if st, body := call(t, c, "POST", ts.URL+"/api/play", costly); st != http.StatusForbidden || !strings.Contains(string(body), "a link alone may not") {
		t.Errorf("a link to a costly opponent: %d %s, want 403 and the link's refusal", st, body)
	}
	for _, req := range []string{
		`{"game":"npzr","seat":1,"opponent":"ismcts:iters=50"}`,
		`{"game":"npzr","seat":1,"opponent":"ismcts","link":true}`,
		`{"opponent":"classic:seed=7","link":true}`,
	} {
		if st, body := call(t, c, "POST", ts.URL+"/api/play", req); st != http.StatusOK {
			t.Errorf("%s: %d %s, want a game", req, st, body)
		}
	}
}
