package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/nzsclab/nzsc/internal/crash"
	"github.com/nzsclab/nzsc/internal/numfmt"
	"github.com/nzsclab/nzsc/internal/suggest"
	"github.com/nzsclab/nzsc/report"
)

// env is what a subcommand may touch: its streams and whether the output
// is a terminal (progress bars only then).
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// tty reports whether stderr is an interactive terminal.
	tty bool
	// width is the width text output fits: the terminal's when stdout
	// is one, else report.Width (80).
	width int
}

// command is one subcommand. flags declares its flags on fs; run does
// the work with the remaining positional arguments.
type command struct {
	name    string
	args    string // positional arguments, for the usage line
	summary string
	// more, when set, is printed by --help after the summary (what a
	// person types while playing, for play).
	more    string
	example string
	flags   func(fs *pflag.FlagSet)
	run     func(e *env, fs *pflag.FlagSet, args []string) error
}

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("nzsc: duplicate command " + c.name)
	}
	commands[c.name] = c
}

// usageError is bad input from the user: exit code 2.
type usageError struct{ msg string }

func (u *usageError) Error() string { return u.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// isUsage reports whether err is, or wraps, the user's bad input (a
// usageError): named already, it is returned as it is. A run's playRun
// returns one for settings refused before a game (workers, exec
// settings, a bot that does not start), which match, tournament and
// sprt pass on unchanged.
func isUsage(err error) bool {
	var u *usageError
	return errors.As(err, &u)
}

// asUsage marks err as the user's bad input.
func asUsage(err error) error {
	if err == nil || isUsage(err) {
		return err
	}
	return &usageError{err.Error()}
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	e := &env{ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr}
	if f, ok := stderr.(*os.File); ok {
		e.tty = term.IsTerminal(int(f.Fd()))
	}
	e.width = report.Width
	if f, ok := stdout.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w >= 40 {
			e.width = w
		}
	}
	if len(args) == 0 {
		// A command line without a command is a mistake (a script that
		// lost its arguments): the usage goes to stderr, and exit code 2.
		printHelp(stderr)
		return &usageError{}
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" {
		if len(args) > 2 {
			return usagef("help takes one command name, got %q", strings.Join(args[1:], " "))
		}
		if len(args) > 1 && !helpFlag(args[1]) && args[1] != "help" && args[1] != "version" {
			// help and version have no page of their own: the list
			// says what they do ("did you mean help?" did not).
			c, ok := commands[args[1]]
			if !ok {
				return usagef("unknown command %q%s (run 'nzsc help')", args[1], didYouMean(args[1], commandNames()))
			}
			printCommandHelp(stdout, c)
			return nil
		}
		printHelp(stdout)
		return nil
	}
	if name == "version" || name == "--version" {
		if len(args) == 2 && helpFlag(args[1]) {
			// 'nzsc CMD --help' works for every command; version's
			// page is the list, which says what it does.
			printHelp(stdout)
			return nil
		}
		if len(args) > 1 {
			return usagef("version takes no arguments or flags, got %q", args[1])
		}
		fmt.Fprintln(stdout, "nzsc", Version())
		return nil
	}
	c, ok := commands[name]
	if !ok {
		return usagef("unknown command %q%s (run 'nzsc help' for the list)", name, didYouMean(name, commandNames()))
	}
	fs := newFlagSet(c)
	var bad error
	strictFlags(fs, &bad)
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			printCommandHelp(stdout, c)
			return nil
		}
		if bad != nil {
			return usagef("%s: %v", c.name, bad)
		}
		return flagError(c, fs, err)
	}
	e.ctx = withBotNotes(e, fs)
	// A panic is a bug: it becomes an error that exitCode reports as one
	// line, with the stack saved to a file.
	err := crash.Guard(func() error { return c.run(e, fs, fs.Args()) })
	if err == context.Canceled || err == context.DeadlineExceeded {
		// A bare "context canceled" says nothing to the user: which
		// command stopped, and that it was asked to.
		return fmt.Errorf("%s interrupted before it finished (%v)", c.name, err)
	}
	return err
}

// strictFlags makes fs refuse what pflag lets through silently: a flag
// that takes one value given twice (--games 2 ... --games 4 keeps the
// last, and a script that sets a flag twice has a mistake in it), and an
// empty value for a text flag (--games-log "" wrote no log, --html ""
// no page, without a word). The first such problem is kept in *bad for
// the error message; flags that take many values (--rule) are left
// alone.
func strictFlags(fs *pflag.FlagSet, bad *error) {
	fs.VisitAll(func(f *pflag.Flag) {
		if t := f.Value.Type(); strings.HasSuffix(t, "Array") || strings.HasSuffix(t, "Slice") {
			return
		}
		f.Value = &strictValue{Value: f.Value, name: f.Name, bad: bad}
	})
}

// strictValue is one flag's value under strictFlags.
type strictValue struct {
	pflag.Value
	name string
	set  bool
	bad  *error
}

func (v *strictValue) Set(s string) error {
	var err error
	switch {
	case v.set:
		err = fmt.Errorf("--%s given twice (it takes one value)", v.name)
	case s == "" && v.Value.Type() == "string":
		err = fmt.Errorf("--%s needs a value, got an empty string", v.name)
	default:
		if err = v.Value.Set(decimal(v.Value.Type(), s)); err != nil {
			err = badValue(v.name, v.Value.Type(), s, err)
		}
	}
	if err != nil {
		if *v.bad == nil {
			*v.bad = err
		}
		return err
	}
	v.set = true
	return nil
}

// decimal returns the value s of a flag of type typ as pflag should
// read it: a whole number in decimal, as people and every --seed write
// one. pflag reads ints with base 0, so --games 010 played 8 games (octal),
// and 0b1010, 0x10 and 1_0 were numbers too; such a value comes back as
// something no int parser takes, for badValue to refuse. Other types are
// returned as they are.
func decimal(typ, s string) string {
	switch typ {
	case "int", "int8", "int16", "int32", "int64":
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return strconv.FormatInt(n, 10)
		} else if errors.Is(err, strconv.ErrRange) {
			return s // pflag says it is out of range
		}
		return "not decimal"
	case "uint", "uint8", "uint16", "uint32", "uint64":
		if n, err := strconv.ParseUint(s, 10, 64); err == nil {
			return strconv.FormatUint(n, 10)
		} else if errors.Is(err, strconv.ErrRange) {
			return s
		}
		return "not decimal"
	case "float32", "float64":
		if _, err := numfmt.ParseDecimal(s); err != nil && !errors.Is(err, strconv.ErrRange) {
			return "not decimal" // 0x1p-2, 1_0.5, inf, NaN
		}
	}
	return s
}

// badValue says what a flag's value should have been, in place of
// pflag's message, which quotes the Go parser that refused it
// ("invalid argument "x" for "--games" flag: strconv.ParseInt: parsing
// "x": invalid syntax").
func badValue(name, typ, s string, err error) error {
	want := map[string]string{
		"int": "a whole number", "int64": "a whole number", "int32": "a whole number",
		"uint": "a whole number, 0 or more", "uint64": "a whole number, 0 or more", "uint32": "a whole number, 0 or more",
		"float64": "a number", "float32": "a number",
		"duration": "a duration such as 2s, 500ms or 1m30s",
		"bool":     "true or false",
	}[typ]
	if want == "" {
		return fmt.Errorf("--%s %q: %v", name, s, err)
	}
	return fmt.Errorf("--%s wants %s, got %q", name, want, s)
}

// nouns is n and the noun, in the plural unless n is 1 ("1 record",
// "3 records").
func nouns(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// commandNames lists the commands, for suggestions.
func commandNames() []string {
	names := []string{"help", "version"}
	for n := range commands {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// didYouMean returns "; did you mean X?" for the known name nearest to
// name, or "" when none is near.
func didYouMean(name string, known []string) string {
	if n := suggest.Nearest(name, known); n != "" {
		return "; did you mean " + n + "?"
	}
	return ""
}

func newFlagSet(c *command) *pflag.FlagSet {
	fs := pflag.NewFlagSet(c.name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	if c.flags != nil {
		c.flags(fs)
	}
	return fs
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "nzsc — NZSC Lab: play, match, rank and solve Ninja Zombie Samurai Clown (NZSC,\n2 to 4 players: --players) and Ninja Pirate Zombie Robot (--game npzr).")
	fmt.Fprintln(w, "\nUsage: nzsc <command> [flags] [arguments]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	slices.Sort(names)
	line := func(name, summary string) {
		text := report.WrapText(summary, report.Width-15)
		fmt.Fprintf(w, "  %-12s %s\n", name, strings.ReplaceAll(text, "\n", "\n"+strings.Repeat(" ", 15)))
	}
	for _, n := range names {
		line(n, commands[n].summary)
	}
	line("help", "this list; 'nzsc help CMD' or 'nzsc CMD --help' for one command")
	line("version", "print the version")
}

func printCommandHelp(w io.Writer, c *command) {
	fmt.Fprintf(w, "%s\n\n%s\n", strings.TrimSpace("Usage: nzsc "+c.name+" [flags] "+c.args), report.WrapText(c.summary, report.Width))
	if c.more != "" {
		fmt.Fprintf(w, "\n%s\n", report.WrapText(c.more, report.Width))
	}
	if c.example != "" {
		fmt.Fprintf(w, "\nExample:\n  %s\n", c.example)
	}
	fs := newFlagSet(c)
	if u := fs.FlagUsagesWrapped(report.Width); strings.TrimSpace(u) != "" {
		fmt.Fprintf(w, "\nFlags:\n%s", u)
	}
}

// addFormatFlag declares --format with its choices, the first the default.
func addFormatFlag(fs *pflag.FlagSet, help string, choices ...string) {
	fs.String("format", choices[0], fmt.Sprintf("output format: %s%s", strings.Join(choices, ", "), help))
}

// formatOf returns --format, checked against its choices: the one check
// every command's --format goes through.
func formatOf(cmd string, fs *pflag.FlagSet, choices ...string) (string, error) {
	f, _ := fs.GetString("format")
	if !slices.Contains(choices, f) {
		return "", usagef("%s: --format must be %s or %s, got %q", cmd, strings.Join(choices[:len(choices)-1], ", "), choices[len(choices)-1], f)
	}
	return f, nil
}

// fullOf reads --full, which adds tables to the table format only: with
// csv or json it changed nothing, without a word.
func fullOf(cmd string, fs *pflag.FlagSet, format string) (bool, error) {
	full, _ := fs.GetBool("full")
	if full && format != "table" {
		return false, usagef("%s: --full goes with --format table", cmd)
	}
	return full, nil
}

// helpFlag reports whether arg asks for help, as pflag reads -h and
// --help after a command.
func helpFlag(arg string) bool { return arg == "-h" || arg == "--help" }
