package main

import (
	"errors"
	"io"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/dynamics"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
)

// addDynamicsFlags declares nzsc report's --dynamics and its settings.
func addDynamicsFlags(fs *pflag.FlagSet) {
	fs.Bool("dynamics", false, "report the evolutionary dynamics of the cross-table instead (at 3–4 seats of the finished-ahead shares; replicator, Moran process, α-Rank), each weight with a bootstrap interval; --html writes their page")
	fs.Float64("alpha", dynamics.DefaultAlpha, "--dynamics: α-Rank's ranking intensity α")
	fs.Int("population", dynamics.DefaultPopulation, "--dynamics: population size of the Moran process and α-Rank")
	fs.Int("bootstrap", dynamics.DefaultReplicates, "--dynamics: bootstrap replicates over the pair counts (0: none), seeded by the run's seed")
}

// reportDynamics writes a run's evolutionary dynamics in format, and
// their page when --html is given.
func reportDynamics(e *env, fs *pflag.FlagSet, format string, man *results.Manifest, counts *analysis.Tournament) error {
	alpha, _ := fs.GetFloat64("alpha")
	pop, _ := fs.GetInt("population")
	reps, _ := fs.GetInt("bootstrap")
	switch {
	case !(alpha > 0):
		return usagef("report: --alpha must be positive, got %v", alpha)
	case pop < 2 || pop > dynamics.MaxPopulation:
		return usagef("report: --population must be 2 to %d, got %d", dynamics.MaxPopulation, pop)
	case reps < 0 || reps > dynamics.MaxReplicates:
		return usagef("report: --bootstrap must be 0 to %d, got %d", dynamics.MaxReplicates, reps)
	case reps == 0:
		reps = -1 // none (Options' 0 means the default)
	}
	d, err := report.DynamicsOf(man, counts, dynamics.Options{Alpha: alpha, Population: pop, Replicates: reps, Seed: man.Seed, Done: e.ctx.Done()})
	if errors.Is(err, dynamics.ErrStopped) {
		return errors.New("report interrupted: the bootstrap did not finish; nothing was written")
	}
	if err != nil {
		return usagef("report: %v", err)
	}
	d.Width = e.width
	if path, _ := fs.GetString("html"); path != "" {
		if err := writeHTML(path, func(w io.Writer) error { return report.DynamicsHTML(w, d) }); err != nil {
			return err
		}
	}
	return report.WriteDynamics(e.stdout, format, d)
}

// dynamicsOnly are the flags that mean something only with --dynamics.
var dynamicsOnly = []string{"alpha", "population", "bootstrap"}

// checkDynamicsFlags refuses --alpha and the others without --dynamics.
func checkDynamicsFlags(fs *pflag.FlagSet) error {
	if on, _ := fs.GetBool("dynamics"); on {
		return nil
	}
	for _, f := range dynamicsOnly {
		if fs.Changed(f) {
			return usagef("report: --%s needs --dynamics", f)
		}
	}
	return nil
}
