package main

import (
	"bufio"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/analysis/nash"
	"github.com/nzsclab/nzsc/report"
)

// epsilonUsage refuses --epsilon where it does not apply.
const epsilonUsage = "solve matrix: --epsilon goes with a game file (.nfg) of three or more players (the bound on its mixed equilibrium's regrets)"

// isNFGName reports whether path names a Gambit strategic-form game file.
func isNFGName(path string) bool { return strings.EqualFold(filepath.Ext(path), ".nfg") }

// startsNFG reports whether src starts (after blanks) with Gambit's
// header word NFG: standard input has no name to tell.
func startsNFG(src *bufio.Reader) bool {
	head, _ := src.Peek(512)
	s := strings.TrimLeft(strings.TrimPrefix(string(head), "\ufeff"), " \t\r\n")
	return strings.HasPrefix(s, "NFG ") || strings.HasPrefix(s, "NFG\t") || strings.HasPrefix(s, "NFG\n")
}

// solveNFG solves a game read from a Gambit .nfg file: a two-player one
// by the matrix solvers (zero-sum when its payoffs sum to zero in every
// profile), one of three or more players by nash.PureEquilibria and
// nash.LogitEquilibrium.
func solveNFG(e *env, fs *pflag.FlagSet, req matrixRequest, name string, src *bufio.Reader) error {
	g, err := nash.ReadNFG(src)
	if err != nil {
		return inputError(e, name, err)
	}
	title := name
	if g.Title != "" {
		title = fmt.Sprintf("%q of %s", g.Title, name)
	}
	if len(g.Players) == 2 {
		if fs.Changed("epsilon") {
			return usagef(epsilonUsage)
		}
		a, b := g.Matrices()
		m, n := a.Payoff.Dims()
		if g.ZeroSum() {
			return solveMatrices(e, req, fmt.Sprintf("Zero-sum game %s, %d×%d: %s's payoff (%s's is its negative), %s on rows", title, m, n, g.Players[0], g.Players[1], g.Players[0]), []string{name}, a, nil)
		}
		return solveMatrices(e, req, fmt.Sprintf("Bimatrix game %s, %d×%d: %s on rows, %s on columns", title, m, n, g.Players[0], g.Players[1]), []string{name}, a, b)
	}
	for _, f := range []string{"all", "exact", "lemke-howson"} {
		if fs.Changed(f) {
			return usagef("solve matrix: --%s goes with a game of two players; %s has %d: its pure equilibria are listed exactly and completely, and one mixed equilibrium is certified within --epsilon", f, name, len(g.Players))
		}
	}
	eps, _ := fs.GetFloat64("epsilon")
	if fs.Changed("epsilon") && !(eps > 0 && eps < 1e300) {
		return usagef("solve matrix: --epsilon %v: want a number > 0, the largest regret the mixed equilibrium may have", eps)
	}
	if !fs.Changed("epsilon") {
		eps = 1e-9 * g.Scale()
	}
	type answer struct {
		pure  []int
		mixed *nash.Mixed
	}
	r, err := solveUntilStopped(e, func() (answer, error) {
		m, err := nash.LogitEquilibrium(g, eps)
		return answer{nash.PureEquilibria(g), m}, err
	})
	notCertified := errors.Is(err, nash.ErrNotCertified)
	if err != nil && !notCertified {
		return err
	}
	ng := report.NPlayerGame{Title: "Game " + title, Game: g}
	if err := report.SolveNPlayer(e.stdout, req.format, e.width, ng, r.pure, r.mixed); err != nil {
		return err
	}
	if notCertified {
		return fmt.Errorf("solve matrix: no mixed equilibrium certified within epsilon %.3g (the best profile found is written above); a larger --epsilon may be reached", eps)
	}
	return nil
}
