package rooms

import (
	"context"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/web/webapi"
)

// person opens a browser context of its own (its own sessionStorage and
// cookies, as another person's browser) of the given width.
func person(t *testing.T, first context.Context, width int64) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(first, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 800)); err != nil {
		t.Fatalf("a browser context: %v", err)
	}
	return ctx
}

// spy keeps every JSON answer the page receives from the server, to look
// at what each person is sent and not only what the page shows.
const spy = `(() => {
  window.__resp = [];
  const f = window.fetch;
  window.fetch = async (...a) => {
    const r = await f(...a);
    r.clone().json().then(j => {
      window.__resp.push(j);
      if (j.version !== undefined) window.__last = j;
    }).catch(() => {});
    return r;
  };
  return true;
})()`

// enter navigates ctx to the rooms page, names the person and opens a
// room of kind ("nzsc/3") or joins room; it returns the room's name.
func enter(t *testing.T, ctx context.Context, url, name, kind, room string) string {
	t.Helper()
	if room != "" {
		url += "?room=" + room
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](spy)); err != nil {
		t.Fatal(err)
	}
	steps := []chromedp.Action[chromedp.Void]{chromedp.SetValue(chromedp.ID("name"), name)}
	if room == "" {
		steps = append(steps, chromedp.SetValue(chromedp.ID("kind"), kind), chromedp.Click(chromedp.ID("create")))
	} else {
		steps = append(steps, chromedp.Click(chromedp.ID("join")))
	}
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById("roomname").textContent`))
	if err != nil {
		t.Fatalf("%s is not in a room: %v", name, err)
	}
	return got
}

// logInView checks that the log's newest line is on screen: the log
// scrolled to its end, and its end inside the window.
func logInView(t *testing.T, ctx context.Context, who string, step int) {
	t.Helper()
	geo, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`(() => {
		const log = document.getElementById("log"), box = log.getBoundingClientRect();
		return {scrolled: log.scrollHeight - log.scrollTop - log.clientHeight, bottom: box.bottom, top: box.top,
			viewH: innerHeight, lineH: parseFloat(getComputedStyle(log).lineHeight) || 20,
			pageW: document.documentElement.scrollWidth, viewW: innerWidth};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if geo["scrolled"] > 2 || geo["bottom"] > geo["viewH"] || geo["bottom"] < geo["lineH"] {
		t.Errorf("step %d: %s's newest line is not in view: %v", step, who, geo)
	}
	if geo["pageW"] > geo["viewW"] {
		t.Errorf("step %d: %s's page is %v px wide in a %v px window", step, who, geo["pageW"], geo["viewW"])
	}
}

const clickable = `#options button:not(:disabled)`

// Three people, each in a browser context of their own (one at phone
// width), play NZSC to the end by clicking. At every step they choose one
// after another; until the last is in, nothing any of them was sent
// (every JSON answer, polls and their own choices') holds another's
// choice or a line of the step, and each page says who has chosen. After
// every step each page has its newest line in view; the share link keeps
// the room's name on one line.
func TestThreePeopleInBrowsers(t *testing.T) {
	h := New(Options{MaxWait: 2 * time.Second})
	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(h)) // as nzsc serve: the page proves itself
	t.Cleanup(srv.Close)
	first := browser.New(t, 1280, 800, 4*time.Minute)
	people := []context.Context{person(t, first, 1280), person(t, first, 390), person(t, first, 1280)}
	who := []string{"Ann", "Bob", "Cy"}
	room := enter(t, people[0], srv.URL+"/", "Ann", "nzsc/3", "")
	browser.Screenshot(t, people[0], "rooms3-waiting-1280.png", 1280)
	// The link's room name on one line, at phone width too.
	if err := chromedp.Do(people[0], chromedp.EmulateViewport(390, 800)); err != nil {
		t.Fatal(err)
	}
	if n, _ := chromedp.Run(people[0], chromedp.Evaluate[int](`document.querySelector("#sharelink .nowrap").getClientRects().length`)); n != 1 {
		t.Errorf("the share link breaks inside the room's name (%d pieces)", n)
	}
	browser.Screenshot(t, people[0], "rooms3-waiting-390.png", 0)
	if err := chromedp.Do(people[0], chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < 3; i++ {
		if got := enter(t, people[i], srv.URL+"/", who[i], "", room); got != room {
			t.Fatalf("%s is in room %q, not %q", who[i], got, room)
		}
	}
	lines := func(ctx context.Context) int {
		n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.getElementById("log").hidden ? 0 : document.getElementById("log").textContent.split("\n").length`))
		return n
	}
	for step := 0; ; step++ {
		if step > 400 {
			t.Fatal("the game did not end")
		}
		// Wait until every page either offers choices or waits for
		// nobody (a stuck person's step passes by itself) or is over.
		over, err := chromedp.Run(people[0], chromedp.Poll[string](`(() => {
			if (!document.getElementById("end").hidden) return "over";
			const s = document.getElementById("status").textContent;
			return (document.querySelectorAll("`+clickable+`").length > 0 || /^Waiting for (?!.* to join)/.test(s)) && "play";
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if over == "over" {
			break
		}
		var choosers []int
		for i, ctx := range people {
			ok, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll("`+clickable+`").length > 0 || /^Waiting for (?!.* to join)/.test(document.getElementById("status").textContent) || !document.getElementById("end").hidden`))
			if err != nil || !ok {
				t.Fatalf("step %d: %s's page is not ready: %v", step, who[i], err)
			}
			if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("`+clickable+`").length`)); n > 0 {
				choosers = append(choosers, i)
			}
		}
		if len(choosers) == 0 {
			t.Fatalf("step %d: nobody is asked", step)
		}
		before := make([]int, 3)
		for i, ctx := range people {
			before[i] = lines(ctx)
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(window.__resp = [], window.__L = window.__last.lines.length, true)`)); err != nil {
				t.Fatalf("step %d: %s's page has had no view: %v", step, who[i], err)
			}
		}
		picks := make([]string, 3)
		for k, i := range choosers {
			pick, err := chromedp.Run(people[i], chromedp.Evaluate[string](fmt.Sprintf(
				`(b => (b[(%d) %% b.length].click(), b[(%d) %% b.length].dataset.answer))(document.querySelectorAll("%s"))`, step+i, step+i, clickable)))
			if err != nil {
				t.Fatal(err)
			}
			picks[i] = pick
			if k == len(choosers)-1 {
				break
			}
			if _, err := chromedp.Run(people[i], chromedp.Poll[bool](`document.getElementById("status").textContent.startsWith("You chose ")`)); err != nil {
				t.Fatalf("step %d: %s is not told the choice is in: %v", step, who[i], err)
			}
			// Every other page learns that i chose, not what.
			for o, ctx := range people {
				if o == i {
					continue
				}
				if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.getElementById("side%d").textContent.includes("✓")`, i))); err != nil {
					t.Fatalf("step %d: %s is not shown that %s chose: %v", step, who[o], who[i], err)
				}
			}
			for o, ctx := range people {
				bad, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(`window.__resp.filter(j => j.version !== undefined &&
					((j.chosen && j.chosen !== %q) || j.lines.length > window.__L)).map(j => JSON.stringify(j))`, picks[o])))
				if err != nil {
					t.Fatal(err)
				}
				if len(bad) > 0 {
					t.Fatalf("step %d: after %s chose, %s was sent more than its own: %s", step, who[i], who[o], bad[0])
				}
				status, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("status")))
				for p := range who {
					if p != o && picks[p] != "" && picks[p] != picks[o] && strings.Contains(status, picks[p]) || lines(ctx) != before[o] {
						t.Fatalf("step %d: %s's page tells %s's choice before all are in: %q", step, who[o], who[p], status)
					}
				}
			}
		}
		// The step is told on every page, its newest line in view.
		for i, ctx := range people {
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`!document.getElementById("log").hidden && document.getElementById("log").textContent.split("\n").length > %d`, before[i]))); err != nil {
				t.Fatalf("step %d: %s's page does not tell the step: %v", step, who[i], err)
			}
			logInView(t, ctx, who[i], step)
		}
		if step == 4 {
			browser.Screenshot(t, people[0], "rooms3-game-1280.png", 0)
			browser.Screenshot(t, people[1], "rooms3-game-390.png", 0)
		}
	}
	texts := make([]string, 3)
	for i, ctx := range people {
		texts[i], _ = chromedp.Run(ctx, chromedp.Text(chromedp.ID("log")))
		logInView(t, ctx, who[i], -1)
	}
	if texts[0] != texts[1] || texts[1] != texts[2] {
		t.Errorf("the three pages read different games")
	}
	if !strings.Contains(texts[0], "Final places: Ann ") {
		t.Errorf("no finishing order in the log:\n%s", texts[0])
	}
	browser.Screenshot(t, people[0], "rooms3-end-1280.png", 0)
	browser.Screenshot(t, people[1], "rooms3-end-390.png", 0)
}

// Two people play NPZR in browser contexts of their own for some turns:
// each page shows its own hand (the server's own observation of that
// seat), every answer it was sent holds only that hand, and the seed
// shows nowhere before the end.
func TestNPZRInBrowsers(t *testing.T) {
	h := New(Options{MaxWait: 2 * time.Second})
	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(h)) // as nzsc serve: the page proves itself
	t.Cleanup(srv.Close)
	first := browser.New(t, 1280, 800, 4*time.Minute)
	people := []context.Context{person(t, first, 1280), person(t, first, 390)}
	who := []string{"Ann", "Bob"}
	room := enter(t, people[0], srv.URL+"/", "Ann", "npzr/2", "")
	enter(t, people[1], srv.URL+"/", "Bob", "", room)
	rm, _ := h.rooms.Get(room)
	for step := 0; step < 40; step++ {
		rm.mu.Lock()
		over := rm.st.Over()
		var hands [2][]string
		toAct := -1
		if !over {
			toAct = rm.st.ToAct(nil)[0]
		}
		for s := range 2 {
			o := rm.st.Observe(s).(*npzr.Observation)
			for k, n := range o.Hand {
				if n > 0 {
					hands[s] = append(hands[s], fmt.Sprintf("%s×%d", npzr.Kind(k), n))
				}
			}
		}
		version := rm.version
		rm.mu.Unlock()
		if over {
			break
		}
		for s, ctx := range people {
			// The page has caught up with the room.
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`version === %d`, version))); err != nil {
				t.Fatalf("step %d: %s's page does not catch up: %v", step, who[s], err)
			}
			shown, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#hand .chip")].map(c => c.textContent.includes(" ×") ? c.textContent.replace(" ×", "×") : c.textContent + "×1")`))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(shown, hands[s]) {
				t.Fatalf("step %d: %s's page shows the hand %v, the seat holds %v", step, who[s], shown, hands[s])
			}
			bad, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.__resp.filter(j => j.version !== undefined &&
				(j.seed || j.board.seat !== j.seat || j.state.seat !== j.seat)).map(j => JSON.stringify(j).slice(0, 300))`))
			if len(bad) > 0 {
				t.Fatalf("step %d: %s was sent %s", step, who[s], bad[0])
			}
			text, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("game")))
			if other := hands[1-s]; !slices.Equal(other, hands[s]) && strings.Contains(text, "Your hand: "+strings.Join(other, "")) {
				t.Fatalf("step %d: %s's page shows the other hand", step, who[s])
			}
			if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("`+clickable+`").length`)); (n > 0) != (s == toAct) {
				t.Fatalf("step %d: %s is offered %d actions, the seat to act is %d", step, who[s], n, toAct)
			}
		}
		if step == 10 {
			browser.Screenshot(t, people[0], "rooms-npzr-1280.png", 0)
			browser.Screenshot(t, people[1], "rooms-npzr-390.png", 0)
		}
		logInViewIfAny(t, people[toAct], who[toAct], step)
		if _, err := chromedp.Run(people[toAct], chromedp.Evaluate[bool](`(b => (b[b.length - 1].click(), true))(document.querySelectorAll("`+clickable+`"))`)); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(people[toAct], chromedp.Poll[bool](fmt.Sprintf(`version > %d`, version))); err != nil {
			t.Fatal(err)
		}
	}
}

// logInViewIfAny is logInView once the game has a line.
func logInViewIfAny(t *testing.T, ctx context.Context, who string, step int) {
	t.Helper()
	if hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("log").hidden`)); !hidden {
		logInView(t, ctx, who, step)
	}
}
