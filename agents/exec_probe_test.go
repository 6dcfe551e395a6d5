package agents

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestProbeSaysWhatTheProgramDid checks that the probe of an external
// bot whose program exits before its hello says how it ended (it said
// "closed its output (exit status 3)"), starting it once, and that
// parsing the spec starts nothing.
func TestProbeSaysWhatTheProgramDid(t *testing.T) {
	prog, count := deadProgram(t)
	b, err := Parse("exec:" + prog)
	if err != nil {
		t.Fatal(err)
	}
	if k := count(); k != 0 {
		t.Fatalf("Parse started the program %d times, want 0", k)
	}
	err = Probe(b)
	if err == nil {
		t.Fatal("the probe passed a program that exits before its hello")
	}
	if want := "exited with status 3 before its hello"; !strings.Contains(err.Error(), want) ||
		!strings.Contains(err.Error(), prog) || strings.Contains(err.Error(), "\n") {
		t.Errorf("Probe: %v; want one line naming %s and %q", err, prog, want)
	}
	if k := count(); k != 1 {
		t.Errorf("the probe started the program %d times, want once", k)
	}
}

// deadProgram writes a shell script that exits with status 3 at once,
// before its hello (the test is skipped on Windows), and returns its path and a count of the times it
// has started.
func deadProgram(t *testing.T) (prog string, starts func() int) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the bot is a shell script")
	}
	dir := t.TempDir()
	prog, log := filepath.Join(dir, "dead"), filepath.Join(dir, "starts")
	script := fmt.Sprintf("#!/bin/sh\necho start >> %s\nexit 3\n", log)
	if err := os.WriteFile(prog, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return prog, func() int {
		b, _ := os.ReadFile(log)
		return strings.Count(string(b), "start")
	}
}

// TestProbeWaitsForTheExit: a program that closes its output and exits a
// moment later (as a shell script's exit is reaped late on a loaded
// machine) is told by its exit status, not as "closed its output before
// its hello": the probe waited 100 ms, and CI's loaded runs of
// TestRunnersStopAtABotWithoutHello saw the other line.
func TestProbeWaitsForTheExit(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the bot is a shell script")
	}
	prog := filepath.Join(t.TempDir(), "late")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\nexec 1>&-\nsleep 0.4\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := Parse("exec:" + prog)
	if err != nil {
		t.Fatal(err)
	}
	err = Probe(b)
	if want := "exited with status 3 before its hello"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Probe: %v; want %q", err, want)
	}
}

// TestProbeQuotesTheLastWords: a program that ends before its hello is
// reported with the last line it wrote on its standard error, which is
// where it says why (a Python bot's missing module, a program nzsc
// could not start at all: a script without its #! line, an interpreter
// that does not exist), cut short and quoted so that it stays one line.
func TestProbeQuotesTheLastWords(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the bots are shell scripts")
	}
	dir := t.TempDir()
	for _, c := range []struct{ name, script, want string }{
		{"py", "#!/bin/sh\necho 'Traceback (most recent call last):' >&2\necho \"ModuleNotFoundError: No module named 'numpy'\" >&2\nexit 1\n",
			`"ModuleNotFoundError: No module named 'numpy'"`},
		{"noshebang", "echo hello\n", "exec format error"},
		{"partial", "#!/bin/sh\nprintf 'fatal: \\033[31mno licence' >&2\nexit 3\n", `"fatal: \x1b[31mno licence"`},
		{"long", "#!/bin/sh\nprintf '%0300d\\n' 7 >&2\nexit 3\n", `0000"...`},
	} {
		prog := filepath.Join(dir, c.name)
		if err := os.WriteFile(prog, []byte(c.script), 0o755); err != nil {
			t.Fatal(err)
		}
		b, err := Parse("exec:" + prog)
		if err != nil {
			t.Fatal(err)
		}
		err = Probe(b)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") || len(err.Error()) > 400 {
			t.Errorf("%s: %v; want one line holding %s", c.name, err, c.want)
		}
	}
}
