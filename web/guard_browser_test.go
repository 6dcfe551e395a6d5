package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/internal/browser"
)

// attackerPage is a page of another origin that tries, in a real
// browser, every way a page can send the lab a request without asking:
// fetch in no-cors mode with a text body (no preflight), fetch with a
// JSON body (preflight, never allowed), and a form posted as text/plain
// into a frame. Each asks the lab to run a program that leaves a file.
const attackerPage = `<!doctype html><title>elsewhere</title><body><script>
const lab = %q, exec = %q;
const sent = [];
async function attack() {
  const text = {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}};
  for (const [path, body] of [
    ["/api/play", {opponent: exec}],
    ["/runs/api/jobs", {kind: "match", bots: ["random", exec], games: 2}],
    ["/watch/api/play", {bots: ["random", exec]}],
  ]) {
    try { await fetch(lab + path, {...text, body: JSON.stringify(body)}); sent.push("no-cors " + path); }
    catch (e) { sent.push("no-cors failed " + path); }
    try { const r = await fetch(lab + path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)}); sent.push("cors read " + r.status); }
    catch (e) { sent.push("cors blocked " + path); }
  }
  const f = document.createElement("form");
  f.method = "POST"; f.enctype = "text/plain"; f.target = "sink"; f.action = lab + "/runs/api/jobs";
  const i = document.createElement("input");
  i.name = '{"kind":"match","bots":["random","' + exec + '"],"games":2,"x":"'; i.value = '"}';
  f.appendChild(i);
  const sink = document.createElement("iframe"); sink.name = "sink";
  document.body.append(sink, f);
  sink.onload = () => { window.done = sent.join("; "); };
  f.submit();
}
attack();
</script></body>`

// TestCrossOriginPageInBrowser: a real page of another origin, in
// headless Chromium, tries to make nzsc serve --allow-exec run a
// program and fails; then the lab's own page, opened through the link
// nzsc serve prints (#secret=...), runs one, and the secret leaves the
// address bar.
func TestCrossOriginPageInBrowser(t *testing.T) {
	ctx := browser.New(t, 0, 0, 2*time.Minute)
	runsDir := t.TempDir()
	base := labServer(t, runsDir, "0123abcd")
	touch := filepath.Join(t.TempDir(), "ran")
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, attackerPage, base, "exec:/usr/bin/touch "+touch)
	}))
	defer evil.Close()
	// The attacker's page is on another port of this machine (same site,
	// another origin) and, by name, on another site.
	for _, page := range []string{evil.URL, strings.Replace(evil.URL, "127.0.0.1", "localhost", 1)} {
		if err := chromedp.Do(ctx, chromedp.Navigate(page)); err != nil {
			t.Fatal(err)
		}
		sent, err := chromedp.Run(ctx, chromedp.Poll[string](`window.done`, chromedp.WithPollingTimeout(30*time.Second)))
		if err != nil {
			t.Fatalf("%s: the attack did not finish: %v", page, err)
		}
		t.Logf("%s: %s", page, sent)
		if strings.Contains(sent, "cors read") {
			t.Errorf("%s: the page read an answer of the lab across origins: %s", page, sent)
		}
	}
	time.Sleep(500 * time.Millisecond) // a program started would have run by now
	if _, err := os.Stat(touch); err == nil {
		t.Fatalf("a page of another origin ran a program through the lab")
	}
	if entries, _ := os.ReadDir(runsDir); len(entries) != 0 {
		t.Errorf("a page of another origin started a job: %v", entries)
	}

	// The lab's own page, through the printed link.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/watch/#secret=0123abcd"), chromedp.WaitReady("body")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`labReady`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	res, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(
		`api("POST", "play", {bots: ["random", %q]}).then(() => "ok", e => String(e))`, "exec:/usr/bin/touch "+touch+";handshake=2s"),
		chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(touch); err != nil {
		t.Errorf("the lab's page with the secret did not start the program (%s): %v", res, err)
	}
	loc, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`))
	if err != nil || strings.Contains(loc, "secret") {
		t.Errorf("the secret stays in the address bar: %q %v", loc, err)
	}
}

// TestLinkStartsNoProgram: the lab's own pages start a game from their
// address (/play?opponent=SPEC, /watch/?bots=A,B), and a browser that
// opened the printed link holds the server's secret, so a page of
// another site that sends such a browser to an address naming an exec:
// bot would make the lab's own page start that program: a link must
// not be enough. The page asks the person instead, and their Start
// runs it.
func TestLinkStartsNoProgram(t *testing.T) {
	ctx := browser.New(t, 0, 0, 2*time.Minute)
	base := labServer(t, t.TempDir(), "0123abcd")
	touch := filepath.Join(t.TempDir(), "ran")
	spec := "exec:/usr/bin/touch " + touch + ";handshake=2s"
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>elsewhere</title><script>location = %q;</script>`, base+r.URL.Query().Get("to"))
	}))
	defer evil.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/#secret=0123abcd"), chromedp.WaitReady("body")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`labReady`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ to, done string }{
		{"/play?opponent=" + url.QueryEscape(spec), `document.getElementById("question").textContent !== "Starting…" && document.getElementById("question").textContent`},
		{"/watch/?bots=random," + url.QueryEscape(spec), `document.getElementById("err").textContent || (!document.getElementById("viewer").hidden && "it played the game")`},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(evil.URL+"/?to="+url.QueryEscape(c.to))); err != nil {
			t.Fatal(err)
		}
		said, err := chromedp.Run(ctx, chromedp.Poll[string](c.done, chromedp.WithPollingTimeout(30*time.Second)))
		if err != nil {
			t.Fatalf("%s: the page did not answer: %v", c.to, err)
		}
		time.Sleep(500 * time.Millisecond) // a program started would have run by now
		if _, err := os.Stat(touch); err == nil {
			t.Fatalf("%s: a link from another site ran a program through the lab's own page (it said %q)", c.to, said)
		}
		if !strings.Contains(said, "a link alone may not") {
			t.Errorf("%s: the page does not tell the person how to run the program: %q", c.to, said)
		}
	}
	// The person's own Start, on the Play page showing the spec, runs it.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/play?opponent="+url.QueryEscape(spec))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("question").textContent.includes("a link alone may not")`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`#setup button[type=submit]`)); err != nil {
		t.Fatal(err)
	}
	// The bot's program starts at its first decision: answer the first
	// question.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(b => b ? (b.click(), true) : false)(document.querySelector("#options button"))`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := os.Stat(touch); err == nil {
			break
		}
		if time.Now().After(deadline) {
			q, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("question").textContent`))
			t.Fatalf("the person's Start did not run the program the address named (the page says %q)", q)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestRecordLinkHoldsNoSession: the Play page's "Download the game
// record" is a link people copy and share, and a session's id is all it
// takes to play on in it (and, in NPZR, to see the hand): the link holds
// the record itself, never the id.
func TestRecordLinkHoldsNoSession(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := newServer(t, Config{})
	ctx := browser.New(t, 1280, 900, 2*time.Minute)
	clickGame(t, ctx, ts.URL+"/play?seed=0xbabecaf3", handbook)
	link, err := chromedp.Run(ctx, chromedp.Poll[string](`(a => !a.hidden && a.getAttribute("href") !== "#" && a.getAttribute("href"))(document.getElementById("download"))`, chromedp.WithPollingTimeout(20*time.Second)))
	if err != nil {
		t.Fatal(err)
	}
	id, err := chromedp.Run(ctx, chromedp.Evaluate[string](`session`))
	if err != nil || id == "" {
		t.Fatalf("no session id in the page: %q %v", id, err)
	}
	if strings.Contains(link, id) {
		t.Errorf("the record's link %q holds the session's id", link)
	}
	// The page's policy (connect-src 'self') keeps a script from reading
	// the blob back: the link is checked to be one, named as the API
	// names the record.
	name, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("download").download`))
	if err != nil || !strings.HasPrefix(link, "blob:") || !strings.HasSuffix(name, "-0xbabecaf3.jsonl") {
		t.Errorf("the record's link %q, file name %q (%v): want a blob: of the record, named as the API names it", link, name, err)
	}
}

// TestSecretLinkKeepsSecret: any site can link to the lab with a
// #secret= of its own; the page keeps a secret from its address only when
// the server says it is its own, so such a link neither replaces the
// secret the person holds (which would take exec: bots away from them)
// nor stays in the address bar. The server's own link (after a restart,
// a new secret) does replace it.
func TestSecretLinkKeepsSecret(t *testing.T) {
	ctx := browser.New(t, 0, 0, time.Minute)
	base := labServer(t, t.TempDir(), "0123abcd")
	stored := func(link string) (string, string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(base+link), chromedp.WaitReady("body")); err != nil {
			t.Fatal(err)
		}
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](`labReady.then(() => localStorage.getItem("nzsc-secret") || "")`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		loc, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`))
		return v, loc
	}
	for _, c := range []struct{ link, want string }{
		{"/#secret=0123abcd", "0123abcd"},
		{"/#secret=deadbeef", "0123abcd"},            // another's link
		{"/play#secret=ffff", "0123abcd"},            // on any page
		{"/runs/#secret=0123abcd0", "0123abcd"},      // a longer one
		{"/watch/?bots=a,b#secret=1111", "0123abcd"}, // with a query
		{"/rooms/#x=1&secret=0123abcd", "0123abcd"},  // the server's own, again
	} {
		got, loc := stored(c.link)
		if got != c.want {
			t.Errorf("after %s the page holds secret %q, want %q", c.link, got, c.want)
		}
		if strings.Contains(loc, "secret") {
			t.Errorf("after %s the address bar keeps it: %s", c.link, loc)
		}
	}
}

// TestSecretLinkOffersPrograms: a page opened through a link carrying the
// server's secret lists the exec: bots on its first load: it asks for
// its lists once the secret is checked and kept (labReady), not before.
func TestSecretLinkOffersPrograms(t *testing.T) {
	ctx := browser.New(t, 0, 0, time.Minute)
	base := labServer(t, t.TempDir(), "0123abcd")
	for _, c := range []struct{ link, offered string }{
		{"/play#secret=0123abcd", `[...document.querySelectorAll("#bots option")].some(o => o.value.startsWith("exec"))`},
		{"/runs/#secret=0123abcd", `document.body.textContent.includes("exec:")`},
	} {
		// A fresh origin storage: nothing kept from before.
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/static/style.css")); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`localStorage.clear(); true`)); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(base+c.link)); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](c.offered, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			t.Errorf("%s: no exec: bot offered on the first load: %v", c.link, err)
		}
	}
}

// TestOpenerGetsNoHandle: a page of another site that opens the lab in
// a window of its own (window.open, after any click on it) keeps no
// handle on that window (Cross-Origin-Opener-Policy): without it the
// page could count the lab's frames (the Runs page frames a report)
// and, at any later time and without another click, send the window,
// which holds the secret, to any address of the lab, such as a Watch
// link of bots that think for minutes, again and again.
func TestOpenerGetsNoHandle(t *testing.T) {
	ctx := browser.New(t, 0, 0, time.Minute)
	base := labServer(t, t.TempDir(), "0123abcd")
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>elsewhere</title><script>
const w = window.open(%q);
setTimeout(() => { let n = "no access"; try { n = String(w.length); } catch (e) {} window.done = w ? "closed " + w.closed + ", frames " + n : "no window opened"; }, 3000);
</script>`, base+"/runs/")
	}))
	defer evil.Close()
	page := strings.Replace(evil.URL, "127.0.0.1", "localhost", 1) // another site
	if err := chromedp.Do(ctx, chromedp.Navigate(page)); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Poll[string](`window.done`, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second)))
	if err != nil {
		t.Fatalf("the opener did not finish: %v", err)
	}
	if !strings.HasPrefix(got, "closed true") {
		t.Errorf("the page that opened the lab sees its window: %s, want it closed to that page", got)
	}
}

// TestLinkStartsNoCostlyGame: a page of another site sends the browser
// to a Watch link of two long searches and to a Play link whose bot
// moves first with a long search: the lab's page starts neither (its own
// request, marked as a link's, is refused at once) and says how to
// start it; the person's Play, with the bots the link named offered in
// the form, starts it.
func TestLinkStartsNoCostlyGame(t *testing.T) {
	ctx := browser.New(t, 0, 0, 2*time.Minute)
	base := labServer(t, t.TempDir(), "")
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>elsewhere</title><script>location = %q;</script>`, base+r.URL.Query().Get("to"))
	}))
	defer evil.Close()
	for _, c := range []struct{ to, done string }{
		{"/watch/?bots=mcts:iters=10000000,mcts:iters=10000000", `document.getElementById("err").textContent || (!document.getElementById("viewer").hidden && "it played the game")`},
		{"/play?game=npzr&seat=1&opponent=" + url.QueryEscape("ismcts:iters=10000000"), `document.getElementById("question").textContent !== "Starting…" && document.getElementById("question").textContent`},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(evil.URL+"/?to="+url.QueryEscape(c.to))); err != nil {
			t.Fatal(err)
		}
		said, err := chromedp.Run(ctx, chromedp.Poll[string](c.done, chromedp.WithPollingTimeout(30*time.Second)))
		if err != nil {
			t.Fatalf("%s: the page did not answer (the game is being played): %v", c.to, err)
		}
		if !strings.Contains(said, "a link alone may not") {
			t.Errorf("%s: the page does not say a link may not start it: %q", c.to, said)
		}
	}
	// The person's Play starts what a link named (here a short search).
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/watch/?bots=mcts:iters=30,greedy")); err != nil {
		t.Fatal(err)
	}
	said, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById("err").textContent`, chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil || !strings.Contains(said, "a link alone may not") {
		t.Fatalf("the Watch page says %q (%v), want the link's refusal", said, err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`#play`)); err != nil {
		t.Fatal(err)
	}
	title, err := chromedp.Run(ctx, chromedp.Poll[string](`!document.getElementById("viewer").hidden && document.getElementById("title").textContent`, chromedp.WithPollingTimeout(60*time.Second)))
	if err != nil || !strings.Contains(title, "mcts:iters=30") {
		t.Errorf("the person's Play did not play the link's bots: %q %v", title, err)
	}
}
