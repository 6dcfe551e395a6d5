package watch

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestUploadedRecordOutOfRange: a record with a field out of range is a
// 400 naming the field, through the same validation as nzsc replay
// (game.Record.Check, game.Replay). A forfeit of seat 7 in a game its
// moves do not end once panicked the handler (the seat indexed the bots).
func TestUploadedRecordOutOfRange(t *testing.T) {
	srv := httptest.NewServer(New(Options{}))
	defer srv.Close()
	const head = `{"format":"nzsc-lab-game","version":1,"game":"nzsc","seats":2,"rules":{"turn_cap":"1000"},"seed":"0x1","bots":["a","b"],`
	for i, c := range []struct{ body, want string }{
		{head + `"turns":[["Ninja","Zombie"]],"result":{"places":[2,1],"winner":1,"score":[0,1],"steps":1,"forfeit":7,"fault":"x"}}`, "forfeit is seat 7"},
		{head + `"turns":[["Ninja","Zombie"]],"result":{"places":[2,1],"winner":1,"score":[0,1],"steps":99,"forfeit":0,"fault":"x"}}`, "99 steps"},
		{head + `"turns":[["","Zombie"]],"result":{"places":[2,1],"winner":1,"score":[0,1],"steps":1,"forfeit":0,"fault":"x"}}`, "no action"},
		{head + `"turns":[["Ninja","Zombie"]],"result":{"places":[2,1],"winner":5,"score":[0,1],"steps":1}}`, "winner is 5"},
	} {
		st, body := post(t, srv, "/api/record", []byte(c.body))
		if st != http.StatusBadRequest || !strings.Contains(string(body), c.want) {
			t.Errorf("case %d: %d %s, want 400 naming %q", i, st, body, c.want)
		}
	}
}
