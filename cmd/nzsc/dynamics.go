package main

import (
	"errors"
	"io"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/dynamics"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
)

// addDynamicsFlags declares nzsc report's --dynamics and its settings.
func addDynamicsFlags(fs *pflag.FlagSet) {
	fs.Bool("dynamics", false, "report the evolutionary dynamics of the cross-table instead (at 3–4 seats of the finished-ahead shares; replicator, Moran process, α-Rank), each weight with a bootstrap interval; --html writes their page")
	fs.Float64("alpha", dynamics.DefaultAlpha, "--dynamics: α-Rank's ranking intensity α")
	fs.Int("population", dynamics.DefaultPopulation, "--dynamics: population size of the Moran process and α-Rank; --moran-run equal: the population split evenly")
	fs.Int("bootstrap", dynamics.DefaultReplicates, "--dynamics: bootstrap replicates over the pair counts (0: none), seeded by the run's seed")
	fs.String("moran-run", "", "simulate one Moran process on the payoff --dynamics reads instead, from the population `START`: BOT=COUNT,... or equal (--population split evenly); prints the counts every --every steps, the fixation step and the winner")
	fs.Float64("mutation", 0, "--moran-run: the probability that a newborn plays another bot (0: none, the run stops at fixation)")
	fs.Int("steps", defaultMoranSteps, "--moran-run: the most steps (one birth and one death each)")
	fs.Int("every", 0, "--moran-run: print the counts every `K` steps (0: 5 × the population, or with --mutation --steps/20 if more)")
	fs.String("seed", "", "--moran-run: the simulation's `SEED`, decimal or 0x-hex, as every command reads one (default: the run's seed)")
}

// defaultMoranSteps bounds a simulated Moran run: fixation takes of the
// order of N² steps (2500 at the default population of 50), far fewer
// than this.
const defaultMoranSteps = 1000000

// reportMoranRun writes one simulated Moran process of a run in format.
func reportMoranRun(e *env, fs *pflag.FlagSet, format string, man *results.Manifest, counts *analysis.Tournament) error {
	spec, _ := fs.GetString("moran-run")
	pop, _ := fs.GetInt("population")
	mu, _ := fs.GetFloat64("mutation")
	steps, _ := fs.GetInt("steps")
	every, _ := fs.GetInt("every")
	seed := man.Seed
	if fs.Changed("seed") {
		// Not pflag's Uint64, which read "010" as octal 8 where every
		// other --seed reads 10.
		var err error
		if seed, err = game.ParseSeed(mustString(fs, "seed")); err != nil {
			return usagef("report: --seed: %v", err)
		}
	}
	switch {
	case pop < 2 || pop > dynamics.MaxPopulation:
		return usagef("report: --population must be 2 to %d, got %d", dynamics.MaxPopulation, pop)
	case !(mu >= 0 && mu <= 1):
		return usagef("report: --mutation must be 0 to 1, got %v", mu)
	case steps < 1 || steps > maxMoranSteps:
		return usagef("report: --steps must be 1 to %d, got %d", maxMoranSteps, steps)
	case every < 0:
		return usagef("report: --every must be 0 or more, got %d", every)
	}
	if fs.Changed("html") {
		return usagef("report: --moran-run writes no page; drop --html")
	}
	start, err := report.ParsePopulation(spec, counts.Bots, pop)
	if err != nil {
		return usagef("report: --moran-run: %v", err)
	}
	n := 0
	for _, c := range start {
		n += c
	}
	if n < 2 || n > dynamics.MaxPopulation {
		return usagef("report: --moran-run: the counts add up to a population of %d; want 2 to %d", n, dynamics.MaxPopulation)
	}
	if every == 0 {
		// About ten rows to fixation (of the order of N² steps), and
		// twenty over a run that mutations keep going.
		every = max(5*n, 1)
		if mu > 0 {
			every = max(every, steps/20)
		}
		// Never more than the run: a 100-step run announced "the
		// counts every 250 steps".
		every = min(every, steps)
	}
	if steps/every > maxMoranRows {
		return usagef("report: --moran-run would print up to %d rows (--steps %d / --every %d); at most %d: raise --every", steps/every, steps, every, maxMoranRows)
	}
	h, err := report.MoranRunOf(man, counts, dynamics.MoranRunOptions{Start: start, W: dynamics.DefaultSelection, Mutation: mu, MaxSteps: steps, Every: every, Done: e.ctx.Done()}, seed)
	if errors.Is(err, dynamics.ErrStopped) {
		return errors.New("report interrupted: the Moran run did not finish; nothing was written")
	}
	if err != nil {
		return usagef("report: --moran-run: %v", err)
	}
	h.Width = e.width
	return report.WriteMoranRun(e.stdout, format, h)
}

// maxMoranSteps bounds --steps: about a minute of CPU at most;
// maxMoranRows the history kept (each row a count per bot).
const (
	maxMoranSteps = 100000000
	maxMoranRows  = 1000000
)

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
		return errDynamicsStopped
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

// dynamicsOnly are the flags that mean something only with --dynamics,
// moranOnly those only with --moran-run (--population with either).
var (
	dynamicsOnly = []string{"alpha", "bootstrap"}
	moranOnly    = []string{"mutation", "steps", "every", "seed"}
)

// checkDynamicsFlags refuses --alpha and the others without --dynamics,
// --mutation and the others without --moran-run, and both modes at once.
func checkDynamicsFlags(fs *pflag.FlagSet) error {
	dyn, _ := fs.GetBool("dynamics")
	moran := fs.Changed("moran-run")
	if dyn && moran {
		return usagef("report: --dynamics and --moran-run are two reports; choose one")
	}
	for _, f := range dynamicsOnly {
		if fs.Changed(f) && !dyn {
			return usagef("report: --%s needs --dynamics", f)
		}
	}
	for _, f := range moranOnly {
		if fs.Changed(f) && !moran {
			return usagef("report: --%s needs --moran-run", f)
		}
	}
	if fs.Changed("population") && !dyn && !moran {
		return usagef("report: --population needs --dynamics or --moran-run")
	}
	return nil
}
