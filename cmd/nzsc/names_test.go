package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/results"
)

// TestExecBotNames runs the example Go bot (its hello says "gobot"): a
// table names it by its hello, two of them are refused until aliased,
// and the run directory keeps the names.
func TestExecBotNames(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example bot")
	}
	dir := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", dir, "../../examples/gobot").CombinedOutput(); err != nil {
		t.Fatalf("building gobot: %v\n%s", err, out)
	}
	bot := "exec:" + filepath.Join(dir, "gobot")
	js, stderr, code := runCmd(t, "", "match", bot+";timeout=5s", "random", "--games", "4", "--seed", "1", "--quiet", "--format", "json")
	var doc struct {
		BotA string `json:"bot_a"`
		BotB string `json:"bot_b"`
	}
	if code != 0 || json.Unmarshal([]byte(js), &doc) != nil {
		t.Fatalf("match: code %d, %s %s", code, stderr, js)
	}
	if doc.BotA != "gobot" || doc.BotB != "random" {
		t.Errorf("match names the bots %q and %q, want gobot (its hello) and random", doc.BotA, doc.BotB)
	}
	_, stderr, code = runCmd(t, "", "tournament", "--bots", bot+","+bot+";timeout=3s,random", "--games", "2", "--quiet", "--out", filepath.Join(dir, "refused"))
	if code != 2 || !strings.Contains(stderr, `two bots are named "gobot"`) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("two gobots: code %d, %q; want exit 2 and one line", code, stderr)
	}
	run := filepath.Join(dir, "run")
	out, stderr, code := runCmd(t, "", "tournament", "--bots", bot+";name=g1,"+bot+";timeout=3s;name=g2,random", "--games", "2", "--seed", "1", "--quiet", "--out", run)
	if code != 0 {
		t.Fatalf("aliased gobots: code %d, %s", code, stderr)
	}
	for _, want := range []string{" g1 ", " g2 ", " random "} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	_, man, counts, err := results.Load(run)
	if err != nil {
		t.Fatal(err)
	}
	if man.Bots[1].Spec != bot+";timeout=3s;name=g2" || man.Bots[1].Name != "g2" || counts.Bots[1] != "g2" {
		t.Errorf("manifest bot %+v, counts name %q; want the spec as given and the name g2", man.Bots[1], counts.Bots[1])
	}
	again, stderr, code := runCmd(t, "", "report", run)
	if code != 0 || again != out {
		t.Errorf("report: code %d %s; differs from the tournament's output", code, stderr)
	}
}
