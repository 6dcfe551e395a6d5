package agents

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestNewProbesAProgramWithoutHello checks that building an instance of
// an external bot whose program exits before its hello fails, once, with
// what the program did, and that parsing the spec starts nothing: New
// succeeded before, and each game started the program again.
func TestNewProbesAProgramWithoutHello(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the bot is a shell script")
	}
	dir := t.TempDir()
	prog, starts := filepath.Join(dir, "dead"), filepath.Join(dir, "starts")
	script := fmt.Sprintf("#!/bin/sh\necho start >> %s\nexit 3\n", starts)
	if err := os.WriteFile(prog, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	count := func() int {
		b, _ := os.ReadFile(starts)
		return strings.Count(string(b), "start")
	}
	b, err := Parse("exec:" + prog)
	if err != nil {
		t.Fatal(err)
	}
	if k := count(); k != 0 {
		t.Fatalf("Parse started the program %d times, want 0", k)
	}
	a, err := b.New()
	if err == nil {
		CloserOf(AsPlayer(a)).Close()
		t.Fatal("New built an instance of a program that exits before its hello")
	}
	if want := "exited with status 3 before its hello"; !strings.Contains(err.Error(), want) ||
		!strings.Contains(err.Error(), prog) || strings.Contains(err.Error(), "\n") {
		t.Errorf("New: %v; want one line naming %s and %q", err, prog, want)
	}
	if k := count(); k != 1 {
		t.Errorf("New started the program %d times, want once", k)
	}
	if _, err := b.NewPlayer(); err == nil || !strings.Contains(err.Error(), "before its hello") {
		t.Errorf("NewPlayer: %v; want the probe's error", err)
	}
}
