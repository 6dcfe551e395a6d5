package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/nzsclab/nzsc/web"
	"github.com/nzsclab/nzsc/web/playapi"
	"github.com/nzsclab/nzsc/web/webapi"
)

// A new game against the classic computer through the play API. A
// request that changes state must come from the lab's page: a browser's
// Sec-Fetch-Site (or Origin) says so, and the page token (which the
// pages read from lab.js; Config.Token fixes it) proves it.
func ExampleNew() {
	srv, err := web.New(web.Config{Token: "example-token"})
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	req, _ := http.NewRequest("POST", ts.URL+"/api/play", strings.NewReader(`{"seed": "0xbabecaf3"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set(webapi.TokenHeader, "example-token")
	resp, err := http.DefaultClient.Do(req)
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
