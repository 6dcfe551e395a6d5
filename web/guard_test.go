package web

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/internal/webtest"
	"github.com/nzsclab/nzsc/web/rooms"
	"github.com/nzsclab/nzsc/web/runs"
	"github.com/nzsclab/nzsc/web/watch"
	"github.com/nzsclab/nzsc/web/webapi"
)

// labServer is nzsc serve --allow-exec's server with every page mounted
// (cmd/nzsc/serve.go's mounts), its runs under dir.
func labServer(t *testing.T, dir, secret string) string {
	t.Helper()
	r := runs.New(runs.Options{Dir: dir, AllowExec: true})
	_, ts := newServer(t, Config{Runs: dir, AllowExec: true, Secret: secret, Mounts: map[string]http.Handler{
		"/rooms/": rooms.New(rooms.Options{}),
		"/watch/": watch.New(watch.Options{Runs: r.Root(), AllowExec: true}),
		"/runs/":  r,
	}})
	return ts.URL
}

// stateChanging are the lab's requests that start something, each
// naming a program that would leave a file behind if it ran.
func stateChanging(touch string) []struct{ path, body string } {
	exec := fmt.Sprintf("exec:/usr/bin/touch %s", touch)
	return []struct{ path, body string }{
		{"/api/play", fmt.Sprintf(`{"opponent":%q}`, exec)},
		{"/runs/api/jobs", fmt.Sprintf(`{"kind":"match","bots":["random",%q],"games":2}`, exec)},
		{"/runs/api/jobs", `{"kind":"match","bots":["random","greedy"],"games":1000000}`},
		{"/watch/api/play", fmt.Sprintf(`{"bots":["random",%q]}`, exec)},
		{"/rooms/api/rooms", `{"name":"x"}`},
	}
}

// TestCrossOriginRefused: what the audit did from a web page, and the
// other ways a page or a renamed host could call the server, never
// reach a handler: no program runs, no job starts, no room opens.
func TestCrossOriginRefused(t *testing.T) {
	dir := t.TempDir()
	touch := filepath.Join(t.TempDir(), "ran")
	base := labServer(t, dir, "the-secret")
	send := func(method, path, ctype, body string, header map[string]string) (int, string) {
		status, b, _ := webtest.Send(t, method, base+path, ctype, body, header)
		return status, b
	}
	for _, c := range stateChanging(touch) {
		for i, a := range []struct {
			ctype  string
			header map[string]string
			status int
		}{
			// A page's fetch(..., {mode: "no-cors", body: text}) or form.
			{"text/plain;charset=UTF-8", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "http://attacker.example"}, 403},
			{"text/plain", map[string]string{"Origin": "http://attacker.example"}, 403},
			{"application/x-www-form-urlencoded", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
			// The same without the browser's headers is no page's.
			{"text/plain", nil, 403},
			// From the page, still not JSON.
			{"text/plain", map[string]string{"Sec-Fetch-Site": "same-origin", webapi.TokenHeader: testToken}, 415},
			// JSON from no page: no Origin, no token (a program, or a
			// browser whose Origin was stripped).
			{"application/json", nil, 403},
			{"application/json", map[string]string{"Sec-Fetch-Site": "same-origin"}, 403},
			{"application/json", map[string]string{"Origin": base}, 403},
			// Another site's page on this machine (another port).
			{"application/json", map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "http://127.0.0.1:1"}, 403},
			// DNS rebinding: the attacker's name for 127.0.0.1.
			{"application/json", map[string]string{"Host": "attacker.example", "Sec-Fetch-Site": "same-origin"}, 421},
			{"application/json", map[string]string{"Host": "attacker.example:80"}, 421},
		} {
			code, b := send("POST", c.path, a.ctype, c.body, a.header)
			if code != a.status || strings.Count(b, "\n") != 1 || !strings.Contains(b, `"error"`) {
				t.Errorf("POST %s %s, case %d: %d %q, want %d with a one-line JSON error", c.path, c.body, i, code, b, a.status)
			}
		}
		// The lab's own page without the secret: exec refused by the page.
		if strings.Contains(c.body, "exec:") {
			code, b := send("POST", c.path, "application/json", c.body, map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": base, webapi.TokenHeader: testToken})
			// 403 on the pages that start a game from their address
			// (Play, Watch), so that they tell a program refused from a
			// mistake in the request and ask the person instead.
			want := code == http.StatusForbidden
			if strings.HasPrefix(c.path, "/runs/") {
				want = code/100 == 4
			}
			if !want || !strings.Contains(b, "secret") {
				t.Errorf("POST %s %s from the page without the secret: %d %q, want 403 (Runs: a 4xx) naming the secret", c.path, c.body, code, b)
			}
		}
	}
	// Reading through a rebound name is refused too.
	if code, _ := send("GET", "/runs/api/runs", "", "", map[string]string{"Host": "attacker.example"}); code != 421 {
		t.Errorf("GET through a rebound name: %d, want 421", code)
	}
	time.Sleep(100 * time.Millisecond) // a program started would have run by now
	if _, err := os.Stat(touch); err == nil {
		t.Errorf("a refused request ran its program (%s exists)", touch)
	}
	if code, b := send("GET", "/runs/api/jobs", "", "", nil); code != 200 || strings.TrimSpace(b) != "[]" {
		t.Errorf("jobs after refused requests: %d %s, want none", code, b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused requests left run directories: %v", entries)
	}
}

// TestSecretStartsPrograms: the positive control of the test above: the
// same exec request from the lab's page with the secret runs its
// program, so the refusals there are the guard's and not a broken bot.
func TestSecretStartsPrograms(t *testing.T) {
	touch := filepath.Join(t.TempDir(), "ran")
	base := labServer(t, t.TempDir(), "the-secret")
	code, _, _ := webtest.Send(t, "POST", base+"/watch/api/play", "application/json", fmt.Sprintf(`{"bots":["random","exec:/usr/bin/touch %s;handshake=2s"]}`, touch),
		map[string]string{"Sec-Fetch-Site": "same-origin", webapi.SecretHeader: "the-secret", webapi.TokenHeader: testToken})
	if _, err := os.Stat(touch); err != nil {
		t.Errorf("with the secret the program did not run (%d): %v", code, err)
	}
}
