package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

func init() {
	register(&command{
		name:    "report",
		args:    "RUN_DIR",
		summary: "re-render a run directory's tables (and CSV files) from its counts, without replaying games; --html for a page with plots",
		example: "nzsc report runs/20261121-120000-7 --html report.html",
		flags: func(fs *pflag.FlagSet) {
			addFormatFlag(fs, "", "table", "csv", "json")
			fs.Bool("full", false, "table format: also print every loadout and booster matrix and per-bot tables")
			fs.String("html", "", "also write a self-contained HTML report with plots to this file")
			addDynamicsFlags(fs)
		},
		run: runReport,
	})
}

func runReport(e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) != 1 {
		return usagef("report: want one run directory, got %d arguments", len(args))
	}
	format, err := formatOf("report", fs, "table", "csv", "json")
	if err != nil {
		return err
	}
	full, _ := fs.GetBool("full")
	if err := checkDynamicsFlags(fs); err != nil {
		return err
	}
	dir, man, counts, err := results.Load(args[0])
	if err != nil {
		return usagef("report: %v", err)
	}
	if on, _ := fs.GetBool("dynamics"); on {
		return reportDynamics(e, fs, format, man, &counts.Tournament)
	}
	if path, _ := fs.GetString("html"); path != "" {
		if err := writeHTML(path, func(w io.Writer) error { return report.RunHTML(w, man, &counts.Tournament) }); err != nil {
			return err
		}
	}
	if man.NumSeats() > 2 {
		return renderFFA(e, format, dir, man, &counts.Tournament)
	}
	if man.Kind != results.KindTournament {
		return reportRun(e, format, args[0])
	}
	sum := analysis.Summarize(&counts.Tournament)
	// The CSV tables are derived files: rewrite them so that they match
	// this program's analysis of the counts. A read-only run directory
	// (an archive) still gets its report.
	if err := dir.WriteTables(sum); err != nil {
		fmt.Fprintf(e.stderr, "note: CSV tables not rewritten: %v\n", err)
	}
	return report.Write(e.stdout, format, sum, man, report.Options{Full: full, Width: e.width})
}

// writeHTML renders a page into memory, then writes it to path (so that a
// failed render leaves no half page).
func writeHTML(path string, render func(io.Writer) error) error {
	var b bytes.Buffer
	if err := render(&b); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	// Never through a link, never over a run's own files.
	if err := results.WriteOutput(path, b.Bytes()); err != nil {
		return usagef("report: --html: %v", err)
	}
	return nil
}

// reportRun re-renders a match or a sequential test from its run
// directory, as the command that played it printed it.
func reportRun(e *env, format, path string) error {
	rd, err := roundrobin.Resume(path)
	if err != nil {
		return usagef("report: %v", err)
	}
	man, total := rd.Manifest, rd.Total()
	switch man.Kind {
	case results.KindMatch:
		return renderMatch(e, format, 12, man, total, man.Interrupted)
	case results.KindSPRT:
		out, verdict, err := report.SPRTOf(man, total)
		if err != nil {
			return usagef("report: %s: %v", path, err)
		}
		if format == "json" {
			return report.WriteJSON(e.stdout, out)
		}
		report.SPRTText(e.stdout, out, verdict)
		return nil
	}
	return usagef("report: %s holds a %q run, which this version does not know", path, man.Kind)
}
