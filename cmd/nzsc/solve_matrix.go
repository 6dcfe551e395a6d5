package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/pflag"
	"gonum.org/v1/gonum/mat"

	"github.com/nzsclab/nzsc/analysis/nash"
	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/internal/inputfile"
	"github.com/nzsclab/nzsc/report"
)

// runSolveMatrix is `nzsc solve matrix FILE [FILE2]`: a matrix game of
// the user's own, zero-sum from one file, bimatrix from two.
func runSolveMatrix(e *env, fs *pflag.FlagSet, files []string) error {
	if len(files) == 0 || len(files) > 2 {
		return usagef("solve matrix: want one payoff matrix FILE (zero-sum) or two, the row player's and the column player's (bimatrix), got %d", len(files))
	}
	for _, f := range []string{"save", "rule", "workers", "pairing", "game", "players"} {
		if fs.Changed(f) {
			return usagef("solve matrix: --%s does not apply (the game is the matrix in the file)", f)
		}
	}
	format, err := formatOf("solve matrix", fs, "table", "csv", "json")
	if err != nil {
		return err
	}
	all, _ := fs.GetBool("all")
	lh := fs.Changed("lemke-howson")
	label, _ := fs.GetInt("lemke-howson")
	if lh && all {
		return usagef("solve matrix: --all lists every extreme equilibrium, --lemke-howson finds one: choose one")
	}
	if len(files) == 2 && files[0] == "-" && files[1] == "-" {
		return usagef("solve matrix: only one of the two matrices can come from standard input (-)")
	}
	exact, _ := fs.GetBool("exact")
	req := matrixRequest{format: format, all: all, exact: exact, lh: lh, label: label}
	names := shownNames(files)
	for _, f := range files {
		if isNFGName(f) && len(files) == 2 {
			return usagef("solve matrix: %s is a Gambit game file (.nfg), which holds every player's payoffs: give it alone", f)
		}
	}
	if fs.Changed("epsilon") && len(files) == 2 {
		return usagef(epsilonUsage)
	}
	if len(files) == 2 {
		a, err := readMatrix(e, files[0])
		if err != nil {
			return err
		}
		b, err := columnMatrix(e, files[1], names, a)
		if err != nil {
			return err
		}
		m, n := a.Payoff.Dims()
		title := fmt.Sprintf("Bimatrix game, %d×%d: the row player's payoffs from %s, the column player's from %s", m, n, names[0], names[1])
		return solveMatrices(e, req, title, names, a, b)
	}
	in, err := openInput(e, files[0])
	if err != nil {
		return err
	}
	defer in.Close()
	src := bufio.NewReader(in)
	if isNFGName(files[0]) || startsNFG(src) {
		return solveNFG(e, fs, req, names[0], src)
	}
	if fs.Changed("epsilon") {
		return usagef(epsilonUsage)
	}
	a, err := nash.ReadCSV(src)
	if err == nil {
		err = a.InRange()
	}
	if err != nil {
		return inputError(e, names[0], err)
	}
	m, n := a.Payoff.Dims()
	title := fmt.Sprintf("Zero-sum game of %s, %d×%d: the row player's payoff (the column player's is its negative)", names[0], m, n)
	return solveMatrices(e, req, title, names, a, nil)
}

// matrixRequest is what `solve matrix` was asked for besides the game.
type matrixRequest struct {
	format     string
	all, exact bool
	lh         bool
	label      int
}

// solveMatrices solves a two-player game, zero-sum (b nil: the column
// player's payoffs are -a) or bimatrix, and writes its equilibria.
// names are the files the game came from.
func solveMatrices(e *env, req matrixRequest, title string, names []string, a, b *nash.Labeled) error {
	var x report.ExactPayoffs
	var err error
	if req.exact {
		if x.A, err = a.Rationals(); err != nil {
			return usagef("solve matrix: %s: %v", names[0], err)
		}
	}
	g := report.MatrixGame{Rows: a.Rows, Cols: a.Cols, A: a.Payoff, Title: title}
	var eq *nash.Enumeration
	if b == nil {
		switch {
		case req.lh:
			neg := mat.DenseCopyOf(a.Payoff)
			neg.Scale(-1, neg)
			eq, err = lemkeHowson(a.Payoff, neg, req.label)
		case req.all:
			eq, err = solveUntilStopped(e, func() (*nash.Enumeration, error) { return nash.AllZeroSum(a.Payoff) })
		default:
			eq, err = solveUntilStopped(e, func() (*nash.Enumeration, error) { return nash.OneZeroSum(a.Payoff) })
		}
	} else {
		if req.exact {
			if x.B, err = b.Rationals(); err != nil {
				return usagef("solve matrix: %s: %v", names[len(names)-1], err)
			}
		}
		if defaultNames(a.Rows, "R") {
			g.Rows = b.Rows
		}
		if defaultNames(a.Cols, "C") {
			g.Cols = b.Cols
		}
		g.B = b.Payoff
		if req.lh {
			eq, err = lemkeHowson(a.Payoff, b.Payoff, req.label)
		} else {
			eq, err = solveUntilStopped(e, func() (*nash.Enumeration, error) { return nash.AllBimatrix(a.Payoff, b.Payoff) })
		}
	}
	if err != nil {
		return enumError(err)
	}
	if req.exact {
		return writeExact(e, req.format, g, x, eq)
	}
	return report.SolveMatrix(e.stdout, req.format, e.width, g, eq)
}

// shownNames are the files as the output names them ("-": standard input).
func shownNames(files []string) []string {
	out := slices.Clone(files)
	for i, f := range out {
		if f == "-" {
			out[i] = "standard input"
		}
	}
	return out
}

// writeExact makes eq, the equilibria of g (exactly x), exact and writes
// them; an equilibrium that could not be made exact is written with its
// reason and makes the command fail (exit 1) once all are written.
func writeExact(e *env, format string, g report.MatrixGame, x report.ExactPayoffs, eq *nash.Enumeration) error {
	// Rational arithmetic on a 200×200 game of fractions takes seconds:
	// stoppable as the float solve is.
	r, err := solveUntilStopped(e, func() (*nash.Rational, error) { return nash.Exact(eq, x.A, x.B) })
	if err != nil {
		return err
	}
	if err := report.SolveMatrixExact(e.stdout, format, e.width, g, x, eq, r); err != nil {
		return err
	}
	if r.Inexact > 0 {
		return fmt.Errorf("solve: %d of the %d equilibria could not be made exact (each is named above with its reason)", r.Inexact, len(r.Equilibria))
	}
	return nil
}

// solveUntilStopped runs solve (an LP or an enumeration, which cannot
// be stopped from inside: gonum's simplex takes no context) and returns
// at once when the command is stopped, leaving it to end with the
// process: Ctrl-C printed "stopping" and the solve went on for minutes.
func solveUntilStopped[T any](e *env, solve func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := solve()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-e.ctx.Done():
		var zero T
		// Wrapped for the exit status (130), said as other commands say
		// it: what finished.
		return zero, fmt.Errorf("solve matrix interrupted before it finished; nothing was written (%w)", e.ctx.Err())
	}
}

// columnMatrix reads a bimatrix game's second file, the column
// player's payoffs, which must have the shape of a, the row player's,
// and name its strategies as a does (if both name them).
func columnMatrix(e *env, path string, names []string, a *nash.Labeled) (*nash.Labeled, error) {
	b, err := readMatrix(e, path)
	if err != nil {
		return nil, err
	}
	m, n := a.Payoff.Dims()
	if bm, bn := b.Payoff.Dims(); bm != m || bn != n {
		return nil, usagef("solve matrix: %s is %d×%d and %s %d×%d: a bimatrix game's two matrices have the same shape", names[0], m, n, names[1], bm, bn)
	}
	if err := sameNames(names, "row", a.Rows, b.Rows, "R"); err != nil {
		return nil, err
	}
	if err := sameNames(names, "column", a.Cols, b.Cols, "C"); err != nil {
		return nil, err
	}
	return b, nil
}

// lemkeHowson is nash.LemkeHowson with a label out of range the
// user's error.
func lemkeHowson(a, b *mat.Dense, label int) (*nash.Enumeration, error) {
	m, n := a.Dims()
	if label < 0 || label >= m+n {
		return nil, usagef("solve matrix: --lemke-howson %d: a %d×%d game's labels are 0 to %d (the rows 0 to %d, then the columns)", label, m, n, m+n-1, m-1)
	}
	return nash.LemkeHowson(a, b, label)
}

// enumError makes a game too large to enumerate, or with payoffs too
// large, the user's error (it is what they gave), and leaves a failed
// certificate a failure.
func enumError(err error) error {
	if errors.Is(err, nash.ErrRange) {
		return usagef("solve matrix: %s", strings.TrimPrefix(err.Error(), "nash: "))
	}
	var large *nash.ErrTooLarge
	if errors.As(err, &large) {
		return usagef("solve: %v; without --all a zero-sum game is solved by LP, and --lemke-howson LABEL finds one equilibrium of any game", strings.TrimPrefix(err.Error(), "nash: "))
	}
	return err
}

// readMatrix reads one payoff matrix file ("-": standard input); every
// problem with it is the user's (exit 2), named with the file.
func readMatrix(e *env, path string) (*nash.Labeled, error) {
	in, err := openInput(e, path)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	l, err := nash.ReadCSV(in)
	if err == nil {
		err = l.InRange()
	}
	if err != nil {
		return nil, inputError(e, shownNames([]string{path})[0], err)
	}
	return l, nil
}

// inputError is the error of a game file that could not be read: the
// user's (exit 2), unless the command was stopped while reading it.
func inputError(e *env, name string, err error) error {
	if e.ctx.Err() != nil {
		return fmt.Errorf("solve matrix interrupted while reading %s; nothing was solved (%w)", name, e.ctx.Err())
	}
	return usagef("solve matrix: %s: %v", name, err)
}

// stoppableReader reads r, standard input, until the command is
// stopped: each Read waits for r in a goroutine or for the stop, so
// that input whose writer goes silent without closing it (a program
// that hangs, or one Ctrl-C did not reach) cannot hold the command
// after Ctrl-C. After the stop every Read fails; the goroutine still
// waiting on r ends with the process.
type stoppableReader struct {
	ctx context.Context
	r   io.Reader
	buf []byte // what the goroutine reads into, copied out when it returns
	err error  // the stop, once seen
}

func (s *stoppableReader) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if len(s.buf) < len(p) {
		s.buf = make([]byte, len(p))
	}
	type result struct {
		n   int
		err error
	}
	done := make(chan result, 1)
	buf := s.buf[:len(p)]
	go func() {
		n, err := s.r.Read(buf)
		done <- result{n, err}
	}()
	select {
	case r := <-done:
		return copy(p, buf[:r.n]), r.err
	case <-s.ctx.Done():
		// buf stays with the goroutine: a later Read must not share it.
		s.buf, s.err = nil, s.ctx.Err()
		return 0, s.err
	}
}

// openInput opens a game file ("-": standard input, which closing
// leaves open); a file that cannot be opened is the user's error.
func openInput(e *env, path string) (io.ReadCloser, error) {
	if path == "-" {
		return io.NopCloser(&stoppableReader{ctx: e.ctx, r: e.stdin}), nil
	}
	// A regular file only: a FIFO with no writer held the command
	// deaf to Ctrl-C (inputfile opens it without blocking and refuses it).
	f, err := inputfile.Open(path)
	var notRegular *inputfile.NotRegularError
	if errors.As(err, &notRegular) {
		return nil, usagef("solve matrix: %s is %s, not a payoff matrix file", path, inputfile.Kind(notRegular.Mode))
	}
	if err != nil {
		return nil, usagef("solve matrix: %v", err)
	}
	return f, nil
}

// defaultNames reports whether names are ReadCSV's own (R1, R2... or
// C1, C2...): the file named none.
func defaultNames(names []string, prefix string) bool {
	for k, s := range names {
		if s != fmt.Sprintf("%s%d", prefix, k+1) {
			return false
		}
	}
	return true
}

// sameNames refuses two files that name one side's strategies
// differently: the same matrix cell would mean two different things.
func sameNames(files []string, side string, a, b []string, prefix string) error {
	if slices.Equal(a, b) || defaultNames(a, prefix) || defaultNames(b, prefix) {
		return nil
	}
	return usagef("solve matrix: %s names the %ss %s, %s names them %s: a bimatrix game's two files list the same strategies in the same order",
		files[0], side, strings.Join(a, ", "), files[1], strings.Join(b, ", "))
}

// solveRoundsAll writes, for every pairing's round, how many extreme
// optimal strategies each side has.
func solveRoundsAll(e *env, format string, rs []*solve.Round) error {
	es := make([]*nash.Enumeration, len(rs))
	for i, r := range rs {
		var err error
		if es[i], err = nash.AllZeroSum(roundMatrix(r)); err != nil {
			return fmt.Errorf("solve rounds: %v against %v: %w", r.A, r.B, err)
		}
	}
	return report.SolveRoundsAll(e.stdout, format, e.width, rs, es)
}

// roundMatrix is a round's payoff matrix.
func roundMatrix(r *solve.Round) *mat.Dense {
	a := mat.NewDense(len(r.MovesA), len(r.MovesB), nil)
	for i, row := range r.Payoff {
		a.SetRow(i, row)
	}
	return a
}

// solveRoundEquilibria writes one pairing's round's equilibria: every
// extreme one (all) or the LP's, made exact (exact: the round's
// payoffs are integers, exact as float64s).
func solveRoundEquilibria(e *env, format string, r *solve.Round, all, exact bool) error {
	a := roundMatrix(r)
	var eq *nash.Enumeration
	var err error
	if all {
		eq, err = nash.AllZeroSum(a)
	} else {
		eq, err = nash.OneZeroSum(a)
	}
	if err != nil {
		return enumError(err)
	}
	g := report.MatrixGame{A: a,
		Title: fmt.Sprintf("%v (A, rows) against %v (B, columns), one round with every move available, A's payoff", r.A, r.B)}
	for _, mv := range r.MovesA {
		g.Rows = append(g.Rows, mv.String())
	}
	for _, mv := range r.MovesB {
		g.Cols = append(g.Cols, mv.String())
	}
	if exact {
		return writeExact(e, format, g, report.ExactPayoffs{A: nash.RationalsOf(a)}, eq)
	}
	return report.SolveMatrix(e.stdout, format, e.width, g, eq)
}
