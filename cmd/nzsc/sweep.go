package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/report"
)

// runSweep is `nzsc solve sweep`: every variant the --rule settings span,
// solved in turn, one row each (docs/sweep.md).
func runSweep(e *env, fs *pflag.FlagSet, format string, workers int) error {
	settings, _ := fs.GetStringArray("rule")
	if len(settings) == 0 {
		return usagef("solve sweep: give the variants with --rule, such as --rule points=3..9")
	}
	if fs.Changed("save") {
		return usagef("solve sweep: --save is for solve game (a sweep keeps no solutions)")
	}
	variants, err := solve.ExpandRules(settings)
	if err != nil {
		return usagef("solve sweep: %v", err)
	}
	quiet, _ := fs.GetBool("quiet")
	var prog solve.SweepProgress
	if !quiet {
		prog = func(i, total int, r nzsc.Rules) {
			fmt.Fprintln(e.stderr, sweepProgressLine(i, total, r))
		}
	}
	rows, err := solve.Sweep(e.ctx, variants, workers, prog)
	if err != nil {
		if len(rows) > 0 {
			// What was solved is still worth printing.
			report.SolveSweep(e.stdout, format, e.width, rows)
		}
		return err
	}
	return report.SolveSweep(e.stdout, format, e.width, rows)
}

// sweepProgressLine is the note printed as variant i (from 0) of total
// starts: "solving variant 2 of 7: points=4", and for a variant under
// the default rules, whose options are all default, "the default rules"
// (not an empty label).
func sweepProgressLine(i, total int, r nzsc.Rules) string {
	label := strings.TrimPrefix(report.RulesNote(r), " under ")
	if label == "" {
		label = "the default rules"
	}
	return fmt.Sprintf("solving variant %d of %d: %s", i+1, total, label)
}
