package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/nzsclab/nzsc/web"
	"github.com/nzsclab/nzsc/web/playapi"
)

// A new game against the classic computer through the play API.
func ExampleNew() {
	srv, err := web.New(web.Config{})
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	resp, err := http.Post(ts.URL+"/api/play", "application/json", strings.NewReader(`{"seed": "0xbabecaf3"}`))
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var nr playapi.NewReply
	json.NewDecoder(resp.Body).Decode(&nr)
	fmt.Println(nr.Reply.Lines[0])
	fmt.Println(nr.Reply.Ask, nr.Reply.Options)
	// Output:
	// Playing against classic with seed 0xbabecaf3 (replay: nzsc play --seed 0xbabecaf3).
	// Choose a character: [Ninja Zombie Samurai Clown]
}
