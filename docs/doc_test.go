package docs_test

// The docs test, in the spirit of Go's example tests: every command that
// README.md and docs/*.md show is run with a freshly built nzsc, and the
// outputs they show must be what it prints.
//
// How the docs show commands (README.md, "Docs that run", says the same):
//
//   - A fenced block whose info string is `console` is a terminal session:
//     a line starting with "$ " is a command (a line ending in "\" goes on
//     on the next), the lines after it up to the next "$ " line or the
//     block's end are its output, standard output and standard error
//     together. The test runs the command exactly as shown (with sh -c, so
//     pipes such as `| head -n 3` work) and compares its output line by
//     line, trailing spaces ignored. A line that is exactly "..." stands
//     for any number of lines (timings, paths that vary). A command that
//     exits with a status other than 0 shows "[exit status N]" as its last
//     line.
//   - Every other command shown, a line starting with "nzsc " in a `sh`
//     block or a `nzsc ...` code span in a table column headed "example",
//     is run too, with small game counts: --games and --max-games above 24
//     are cut to 24, and sprt without --max-games gets
//     `--max-games 24 --batch 24`. It must exit with status 0; its output
//     is not compared.
//   - A line `<!-- not-run "PREFIX": reason -->` in a file skips the
//     commands of that file that start with PREFIX. The reason is for the
//     reader; a not-run note that skips nothing fails the test.
//   - A command that names python3 is skipped, with a message, on a
//     machine without it (the Python example bot's).
//
// Each file's commands run in order in one fresh directory (so a games
// log written by one command can be replayed by the next), with bin/nzsc
// and bin/gobot (the example Go bot) built from this tree first on the
// PATH, examples/ beside them, standard input empty, and a cache
// directory of their own holding the solved game (the tests' cached
// solution, internal/testsolution) for the commands that name `exploit`
// or `optimal`; in -short mode those are skipped.
//
// go test ./docs -update (make test-docs UPDATE=1) rewrites the outputs
// of console blocks that no longer match with what the commands print
// now; "..." lines are then lost in those blocks and should be put back.

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/internal/testsolution"
)

var update = flag.Bool("update", false, "rewrite the outputs shown in console blocks with what the commands print")

// smallGames is the game count shown commands are cut to: even, and a
// multiple of 6 and 24, the table sizes of 3 and 4 players.
const smallGames = 24

// shown is one command the docs show.
type shown struct {
	file    string
	line    int    // 1-based line of the command
	text    string // the command, continuation lines joined
	checked bool   // in a console block: its output is compared
	want    []string
	// outFrom, outTo: the 0-based lines [outFrom, outTo) of the file that
	// show the output, which -update replaces.
	outFrom, outTo int
}

// notRun is a `<!-- not-run "PREFIX": reason -->` note.
type notRun struct {
	prefix, reason string
	line           int
	used           bool
}

var (
	fenceRE  = regexp.MustCompile("^(```+)\\s*([A-Za-z0-9_-]*)")
	notRunRE = regexp.MustCompile(`^\s*<!--\s*not-run\s+"([^"]+)"\s*:\s*(.*?)\s*-->\s*$`)
	spanRE   = regexp.MustCompile("`(nzsc [^`]+)`")
	gamesRE  = regexp.MustCompile(`(--(?:max-)?games[ =])(\d+)`)
)

// parse finds the shown commands and the not-run notes of one file.
func parse(file string, lines []string) ([]*shown, []*notRun, error) {
	var cmds []*shown
	var notes []*notRun
	exampleCol := -1 // the "example" column of the current table
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if m := notRunRE.FindStringSubmatch(l); m != nil {
			notes = append(notes, &notRun{prefix: m[1], reason: m[2], line: i + 1})
		}
		if m := fenceRE.FindStringSubmatch(l); m != nil {
			fence, info := m[1], m[2]
			end := i + 1
			for end < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[end]), fence) {
				end++
			}
			if end == len(lines) {
				return nil, nil, fmt.Errorf("%s:%d: a fenced block that does not end", file, i+1)
			}
			body := lines[i+1 : end]
			switch info {
			case "console":
				cs, err := parseConsole(file, i+1, body)
				if err != nil {
					return nil, nil, err
				}
				cmds = append(cmds, cs...)
			case "sh", "bash", "shell":
				for j := 0; j < len(body); j++ {
					start := j
					text := body[j]
					for strings.HasSuffix(text, "\\") && j+1 < len(body) {
						j++
						text = text[:len(text)-1] + "\n" + body[j]
					}
					if strings.HasPrefix(strings.TrimSpace(text), "nzsc ") {
						cmds = append(cmds, &shown{file: file, line: i + 2 + start, text: strings.TrimSpace(text)})
					}
				}
			}
			i = end
			continue
		}
		if !strings.HasPrefix(strings.TrimSpace(l), "|") {
			exampleCol = -1
			continue
		}
		cells := splitRow(l)
		if exampleCol < 0 {
			// A table's first row is its header.
			if i == 0 || !strings.HasPrefix(strings.TrimSpace(lines[i-1]), "|") {
				for c, cell := range cells {
					if strings.EqualFold(strings.TrimSpace(cell), "example") {
						exampleCol = c
					}
				}
			}
			continue
		}
		if exampleCol < len(cells) {
			for _, m := range spanRE.FindAllStringSubmatch(cells[exampleCol], -1) {
				cmds = append(cmds, &shown{file: file, line: i + 1, text: strings.ReplaceAll(m[1], `\|`, "|")})
			}
		}
	}
	return cmds, notes, nil
}

// splitRow splits a table row at the pipes that are not escaped.
func splitRow(l string) []string {
	l = strings.TrimSpace(l)
	l = strings.TrimPrefix(l, "|")
	var cells []string
	var cur strings.Builder
	for k := 0; k < len(l); k++ {
		switch {
		case l[k] == '\\' && k+1 < len(l) && l[k+1] == '|':
			cur.WriteString(`\|`)
			k++
		case l[k] == '|':
			cells = append(cells, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(l[k])
		}
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		cells = append(cells, cur.String())
	}
	return cells
}

// parseConsole reads a console block whose first line is the file's line
// first (0-based).
func parseConsole(file string, first int, body []string) ([]*shown, error) {
	var cmds []*shown
	var cur *shown
	for j := 0; j < len(body); j++ {
		if !strings.HasPrefix(body[j], "$ ") {
			if cur == nil {
				return nil, fmt.Errorf("%s:%d: a console block must start with a \"$ \" command line", file, first+j+1)
			}
			cur.want = append(cur.want, body[j])
			cur.outTo = first + j + 1
			continue
		}
		start := j
		text := strings.TrimPrefix(body[j], "$ ")
		for strings.HasSuffix(text, "\\") && j+1 < len(body) {
			j++
			text = text[:len(text)-1] + "\n" + body[j]
		}
		cur = &shown{file: file, line: first + start + 1, text: text, checked: true, outFrom: first + j + 1, outTo: first + j + 1}
		cmds = append(cmds, cur)
	}
	return cmds, nil
}

// matchLines reports whether got matches want, where a want line "..."
// matches any number of lines; trailing spaces are ignored.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimRight(want[0], " \t") == "..." {
		for k := 0; k <= len(got); k++ {
			if matchLines(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && strings.TrimRight(want[0], " \t") == strings.TrimRight(got[0], " \t") && matchLines(want[1:], got[1:])
}

// small cuts the game counts of a command run without its output checked.
func small(text string) string {
	text = gamesRE.ReplaceAllStringFunc(text, func(s string) string {
		m := gamesRE.FindStringSubmatch(s)
		if n, err := strconv.Atoi(m[2]); err == nil && n > smallGames {
			return m[1] + strconv.Itoa(smallGames)
		}
		return s
	})
	if strings.HasPrefix(text, "nzsc sprt ") && !strings.Contains(text, "--max-games") {
		text = "nzsc sprt --max-games " + strconv.Itoa(smallGames) + " --batch " + strconv.Itoa(smallGames) + " " + strings.TrimPrefix(text, "nzsc sprt ")
	}
	return text
}

// The module root, the binaries and the solution, made once.
var (
	root   string
	binDir string
)

func TestMain(m *testing.M) {
	flag.Parse()
	code, err := setup(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "docs test:", err)
		code = 1
	}
	os.Exit(code)
}

func setup(m *testing.M) (int, error) {
	wd, err := os.Getwd()
	if err != nil {
		return 0, err
	}
	root = filepath.Dir(wd)
	tmp, err := os.MkdirTemp("", "nzsc-docs-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	binDir = filepath.Join(tmp, "bin")
	for _, b := range []struct{ name, pkg string }{{"nzsc", "./cmd/nzsc"}, {"gobot", "./examples/gobot"}} {
		cmd := exec.Command("go", "build", "-o", filepath.Join(binDir, b.name), b.pkg)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			return 0, fmt.Errorf("building %s: %v\n%s", b.pkg, err, out)
		}
	}
	return m.Run(), nil
}

// docFiles lists README.md and docs/*.md, relative to the module root.
func docFiles(t *testing.T) []string {
	files := []string{"README.md"}
	more, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range more {
		files = append(files, filepath.Join("docs", filepath.Base(f)))
	}
	return files
}

func TestDocs(t *testing.T) {
	// The parser's sanity check counts the commands of every file, not
	// of the files -run selects: one without commands (docs/web.md) run
	// alone is no broken parser.
	total := 0
	for _, file := range docFiles(t) {
		data, err := os.ReadFile(filepath.Join(root, file))
		if err != nil {
			t.Fatal(err)
		}
		cmds, _, err := parse(file, strings.Split(string(data), "\n"))
		if err != nil {
			t.Fatal(err)
		}
		total += len(cmds)
	}
	if total == 0 {
		t.Error("the docs show no command: the parser is broken")
	}
	for _, file := range docFiles(t) {
		t.Run(strings.ReplaceAll(file, "/", "_"), func(t *testing.T) {
			runFile(t, file)
		})
	}
}

// runFile runs the commands of one file in order.
func runFile(t *testing.T, file string) {
	path := filepath.Join(root, file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	cmds, notes, err := parse(file, lines)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cache := filepath.Join(dir, ".cache")
	if err := os.Symlink(binDir, filepath.Join(dir, "bin")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "examples"), filepath.Join(dir, "examples")); err != nil {
		t.Fatal(err)
	}
	type edit struct {
		from, to int
		lines    []string
	}
	var edits []edit
	for _, c := range cmds {
		var note *notRun
		for _, n := range notes {
			if strings.HasPrefix(c.text, n.prefix) {
				note = n
			}
		}
		name := fmt.Sprintf("line%d", c.line)
		if note != nil {
			note.used = true
			t.Run(name, func(t *testing.T) { t.Skipf("%s:%d: not run: %s", file, c.line, note.reason) })
			continue
		}
		t.Run(name, func(t *testing.T) {
			text := c.text
			if !c.checked {
				text = small(text)
			}
			if strings.Contains(text, "python3") {
				// As agents' tests of the Python example bot do: a
				// machine without Python skips, saying so, rather than
				// failing the docs.
				if _, err := exec.LookPath("python3"); err != nil {
					t.Skipf("%s:%d: python3 not found: the Python example bot's command is not run", file, c.line)
				}
			}
			if strings.Contains(text, "exploit") || strings.Contains(text, "optimal") {
				provideSolution(t, cache)
			}
			got, err := run(dir, cache, text)
			if err != nil {
				t.Fatalf("%s:%d: %s: %v", file, c.line, text, err)
			}
			if !c.checked {
				if n := len(got); n > 0 && strings.HasPrefix(got[n-1], "[exit status") {
					t.Errorf("%s:%d: %s failed:\n%s", file, c.line, text, strings.Join(got, "\n"))
				}
				return
			}
			if matchLines(c.want, got) {
				return
			}
			if *update {
				edits = append(edits, edit{c.outFrom, c.outTo, got})
				t.Logf("%s:%d: output updated", file, c.line)
				return
			}
			t.Errorf("%s:%d: %s: the output differs from the docs' (go test ./docs -update rewrites it)\n--- shown\n%s\n--- printed\n%s",
				file, c.line, text, strings.Join(c.want, "\n"), strings.Join(got, "\n"))
		})
	}
	for _, n := range notes {
		if !n.used {
			t.Errorf("%s:%d: not-run note %q skips no command", file, n.line, n.prefix)
		}
	}
	if len(edits) > 0 {
		for k := len(edits) - 1; k >= 0; k-- {
			e := edits[k]
			lines = append(lines[:e.from], append(e.lines, lines[e.to:]...)...)
		}
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// commandLimit is how long one shown command may run. It only keeps a
// hung command from hanging the test, so it is generous: on a loaded
// 2-core machine (load average 27) README's NPZR tournament, cut to 24
// games, ran past the 2 minutes this used to be.
const commandLimit = 10 * time.Minute

// run runs one command in dir and returns its output lines, trailing
// spaces trimmed, and "[exit status N]" after them when it failed.
func run(dir, cache, text string) ([]string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), commandLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", text)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"),
		"XDG_CACHE_HOME="+cache)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.WaitDelay = 5 * time.Second
	err := cmd.Run()
	var lines []string
	if s := strings.TrimRight(out.String(), "\n"); s != "" {
		for _, l := range strings.Split(s, "\n") {
			lines = append(lines, strings.TrimRight(l, " \t\r"))
		}
	}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return nil, fmt.Errorf("still running after %v; output so far:\n%s", commandLimit, out.String())
	case errors.As(err, &exit):
		lines = append(lines, fmt.Sprintf("[exit status %d]", exit.ExitCode()))
	case err != nil:
		return nil, err
	}
	return lines, nil
}

var solutionOnce sync.Mutex

// provideSolution puts the tests' solved game where nzsc looks for its
// cache under the cache directory (the test solution is solved at most
// once per solver version; internal/testsolution).
func provideSolution(t *testing.T, cache string) {
	solutionOnce.Lock()
	defer solutionOnce.Unlock()
	def, err := solve.CachePath()
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(cache, "nzsc", filepath.Base(def))
	if _, err := os.Stat(dst); err == nil {
		return
	}
	src := testsolution.Path(t)
	if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// helpNotRun are the help examples TestHelpExamples leaves out, by
// prefix, with the reason.
var helpNotRun = map[string]string{
	"nzsc serve":            "it serves until stopped; cmd/nzsc's TestServe runs it",
	"nzsc merge runs/":      "runs/shard-N stand for a run's shards; make test-slurm merges real ones",
	"nzsc report runs/":     "the run directory's name is an example",
	"nzsc solve sweep":      "seven variants, about 30 s on two cores; report's TestSolveSweep checks its formats",
	"nzsc play --seed ":     "reads a person's answers; the printf example plays a scripted game",
	"nzsc play --players ":  "reads a person's answers; the printf example plays a scripted game",
	"nzsc play --game npzr": "reads a person's answers; the printf example plays a scripted game",
}

// TestHelpExamples runs the examples of every command's --help as the
// docs' commands are run (a fresh directory per command, its examples in
// order, game counts cut, exit status 0 wanted): an example that fails
// (rules --players 3 --rule points=7 was refused) teaches the wrong
// thing where a user looks first.
func TestHelpExamples(t *testing.T) {
	list, err := exec.Command(filepath.Join(binDir, "nzsc"), "help").Output()
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	for _, l := range strings.Split(string(list), "\n") {
		if f := strings.Fields(l); len(l) > 2 && l[2] != ' ' && len(f) > 1 && strings.HasPrefix(l, "  ") && f[0] != "help" && f[0] != "version" {
			cmds = append(cmds, f[0])
		}
	}
	if len(cmds) < 10 {
		t.Fatalf("found the commands %v in 'nzsc help'", cmds)
	}
	ran := 0
	for _, name := range cmds {
		help, err := exec.Command(filepath.Join(binDir, "nzsc"), name, "--help").Output()
		if err != nil {
			t.Fatalf("%s --help: %v", name, err)
		}
		_, ex, ok := strings.Cut(string(help), "\nExample:\n")
		if !ok {
			t.Errorf("%s --help has no examples", name)
			continue
		}
		ex, _, _ = strings.Cut(ex, "\n\n")
		dir := t.TempDir()
		cache := filepath.Join(dir, ".cache")
		for _, l := range strings.Split(ex, "\n") {
			text, _, _ := strings.Cut(strings.TrimSpace(l), " #")
			skip := ""
			for p, why := range helpNotRun {
				if strings.HasPrefix(text, p) {
					skip = why
				}
			}
			if skip != "" {
				t.Logf("%s --help: %s: not run: %s", name, text, skip)
				continue
			}
			t.Run(name+"/"+strings.ReplaceAll(text, "/", "_"), func(t *testing.T) {
				if strings.Contains(text, "exploit") || strings.Contains(text, "optimal") {
					if testing.Short() {
						t.Skip("uses the solved game")
					}
					provideSolution(t, cache)
				}
				got, err := run(dir, cache, small(text))
				if err != nil {
					t.Fatalf("%s --help: %s: %v", name, text, err)
				}
				if n := len(got); n > 0 && strings.HasPrefix(got[n-1], "[exit status") {
					t.Errorf("%s --help's example %s failed:\n%s", name, text, strings.Join(got[max(0, n-5):], "\n"))
				}
			})
			ran++
		}
	}
	if ran < 20 {
		t.Errorf("ran %d help examples", ran)
	}
}
