package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/results"
)

// TestRunsPageNamesCopiesAsMatch: the Runs page starts a match of a bot
// listed twice or more as nzsc match plays it: the same bots under the
// same names and specs (random, random2 at 3 or 4 seats: one naming,
// agents.NameCopies), and the same report. The page used to refuse
// such a list ("listed twice"). A tournament numbers its copies on both
// paths alike (both refused them).
func TestRunsPageNamesCopiesAsMatch(t *testing.T) {
	runsDir := t.TempDir()
	base, _, stop := serve(t, "--addr", "127.0.0.1:0", "--runs", runsDir)
	defer stop()
	for i, c := range []struct {
		players int
		bots    []string
	}{
		{3, []string{"random", "random", "greedy"}},
		{4, []string{"greedy", "random", "random", "random:name=random2"}},
		{2, []string{"random", "random"}},
	} {
		games := map[int]int{2: 2, 3: 6, 4: 24}[c.players] // a seed's seat orders
		cliDir := filepath.Join(t.TempDir(), "m")
		args := append([]string{"match", "--players", fmt.Sprint(c.players), "--games", fmt.Sprint(games), "--seed", "7", "--quiet", "--out", cliDir}, c.bots...)
		if _, stderr, code := runCmd(t, "", args...); code != 0 {
			t.Fatalf("case %d: nzsc %s: exit %d: %s", i, strings.Join(args, " "), code, stderr)
		}
		body, _ := json.Marshal(map[string]any{"kind": "match", "players": c.players, "bots": c.bots, "games": games, "seed": "7"})
		resp := pagePost(t, base, "runs/api/jobs", string(body))
		var job pageJob
		json.NewDecoder(resp.Body).Decode(&job)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("case %d: the page refused %q: %d %s", i, c.bots, resp.StatusCode, job.Error)
		}
		awaitJob(t, base, &job)
		if job.State != "finished" {
			t.Fatalf("case %d: job %s: %s", i, job.State, job.Error)
		}
		_, cli, _, err := results.Load(cliDir)
		if err != nil {
			t.Fatal(err)
		}
		_, page, _, err := results.Load(filepath.Join(runsDir, job.Run))
		if err != nil {
			t.Fatal(err)
		}
		names := func(m *results.Manifest) (out []string) {
			for _, b := range m.Bots {
				out = append(out, b.Name+" = "+b.Spec)
			}
			return out
		}
		if !slices.Equal(names(page), names(cli)) {
			t.Errorf("case %d %q: the page's bots %q, nzsc match's %q", i, c.bots, names(page), names(cli))
		}
		cliReport, stderr, code := runCmd(t, "", "report", cliDir)
		r, err := http.Get(base + "runs/api/runs/" + job.Run + "/report.txt")
		if err != nil {
			t.Fatal(err)
		}
		pageReport, _ := io.ReadAll(r.Body)
		r.Body.Close()
		if code != 0 || string(pageReport) != cliReport {
			t.Errorf("case %d: reports differ (nzsc report: exit %d %s):\n%s\nwant\n%s", i, code, stderr, pageReport, cliReport)
		}
	}
	// A tournament's list may repeat a bot: both number its copies
	// alike (agents.NumberCopies), at two seats too. Both refused it.
	tDir := filepath.Join(t.TempDir(), "t")
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random;random;greedy", "--games", "2", "--seed", "7", "--quiet", "--out", tDir); code != 0 {
		t.Fatalf("tournament random;random;greedy: exit %d: %s", code, stderr)
	}
	resp := pagePost(t, base, "runs/api/jobs", `{"kind":"tournament","bots":["random","random","greedy"],"games":2,"seed":"7"}`)
	var job pageJob
	json.NewDecoder(resp.Body).Decode(&job)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("tournament random, random, greedy: the page refused it: %d %s", resp.StatusCode, job.Error)
	}
	awaitJob(t, base, &job)
	_, cli, _, err := results.Load(tDir)
	if err != nil {
		t.Fatal(err)
	}
	_, page, _, err := results.Load(filepath.Join(runsDir, job.Run))
	if err != nil {
		t.Fatalf("tournament job %s (%s): %v", job.State, job.Error, err)
	}
	var got, want []string
	for k := range cli.Bots {
		got = append(got, page.Bots[k].Name+" = "+page.Bots[k].Spec)
		want = append(want, cli.Bots[k].Name+" = "+cli.Bots[k].Spec)
	}
	if !slices.Equal(got, want) || !slices.Equal(want, []string{"random = random", "random2 = random:name=random2", "greedy = greedy"}) {
		t.Errorf("tournament: the page's bots %q, nzsc tournament's %q", got, want)
	}
}

// pageJob is a Runs page job as its API answers.
type pageJob struct{ ID, Run, State, Error string }

// awaitJob polls the Runs page's job until it is no longer running (at
// most a minute), job updated with its last answer.
func awaitJob(t *testing.T, base string, job *pageJob) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); job.State == "running" && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
		r, err := http.Get(base + "runs/api/jobs/" + job.ID)
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(r.Body).Decode(job)
		r.Body.Close()
	}
}
