package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

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
	dir, man, counts, err := results.Load(args[0])
	if err != nil {
		return usagef("report: %v", err)
	}
	if man.NumSeats() > 2 {
		if path, _ := fs.GetString("html"); path != "" {
			s, err := analysis.SummarizeFFA(&counts.Tournament)
			if err != nil {
				return err
			}
			if err := writeHTML(path, func(w io.Writer) error { return report.FFAHTML(w, s, man) }); err != nil {
				return err
			}
		}
		return renderFFA(e, format, dir, man, &counts.Tournament)
	}
	htmlPath, _ := fs.GetString("html")
	if man.Kind != results.KindTournament {
		return reportRun(e, format, args[0], htmlPath)
	}
	sum := analysis.Summarize(&counts.Tournament)
	// The CSV tables are derived files: rewrite them so that they match
	// this program's analysis of the counts. A read-only run directory
	// (an archive) still gets its report.
	if err := dir.WriteTables(sum); err != nil {
		fmt.Fprintf(e.stderr, "note: CSV tables not rewritten: %v\n", err)
	}
	if path, _ := fs.GetString("html"); path != "" {
		if err := writeHTML(path, func(w io.Writer) error { return report.HTML(w, sum, man) }); err != nil {
			return err
		}
	}
	return renderReport(e.stdout, format, sum, man, report.Options{Full: full, Width: e.width})
}

// writeHTML renders a page into memory, then writes it to path (so that a
// failed render leaves no half page).
func writeHTML(path string, render func(io.Writer) error) error {
	var b bytes.Buffer
	if err := render(&b); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o666); err != nil { // less the umask, as run directories
		return usagef("report: --html: %v", err)
	}
	return nil
}

// reportRun re-renders a match or a sequential test from its run
// directory, as the command that played it printed it (and as a page
// into htmlPath when it is not empty).
func reportRun(e *env, format, path, htmlPath string) error {
	rd, err := roundrobin.Resume(path)
	if err != nil {
		return usagef("report: %v", err)
	}
	man := rd.Manifest
	switch man.Kind {
	case results.KindMatch:
		if htmlPath != "" {
			m := newMatch(12, man, man.Seed, rd.Total(), man.Interrupted)
			if err := writeHTML(htmlPath, func(w io.Writer) error { return report.MatchHTML(w, m) }); err != nil {
				return err
			}
		}
		return renderMatch(e, format, 12, man, man.Seed, rd.Total(), man.Interrupted)
	case results.KindSPRT:
		if man.SPRT == nil {
			return usagef("report: %s: a sequential test without its settings", path)
		}
		t, err := sprtOf(man.SPRT)
		if err != nil {
			return usagef("report: %s: %v", path, err)
		}
		verdict := analysis.Continue
		if man.SPRT.Verdict != "" && len(man.SPRT.Looks) > 0 {
			verdict = t.Decide(man.SPRT.Looks[len(man.SPRT.Looks)-1].LLR)
		}
		out := report.NewSPRT(rd.Config.Bots[0].Name(), rd.Config.Bots[1].Name(), man.Seed, t, man.SPRT, verdict, man.Interrupted)
		if htmlPath != "" {
			if err := writeHTML(htmlPath, func(w io.Writer) error { return report.SPRTHTML(w, out, verdict) }); err != nil {
				return err
			}
		}
		if format == "json" {
			return writeJSON(e.stdout, out)
		}
		report.SPRTText(e.stdout, out, verdict)
		return nil
	}
	return usagef("report: %s holds a %q run, which this version does not know", path, man.Kind)
}
