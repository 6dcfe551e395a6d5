package report

import (
	"io"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// This file picks a renderer by the --format a command was given (json,
// csv, anything else the text report): the one place where a run's kind
// and its format meet.

// Write writes a tournament's summary (two seats) in format.
func Write(w io.Writer, format string, s *analysis.Summary, m *results.Manifest, opt Options) error {
	switch format {
	case "json":
		return JSON(w, s, m)
	case "csv":
		return CSV(w, s)
	}
	return Text(w, s, m, opt)
}

// WriteFFA writes a free-for-all summary (tables of three or four seats)
// in format.
func WriteFFA(w io.Writer, format string, s *analysis.FFASummary, m *results.Manifest, opt Options) error {
	switch format {
	case "json":
		return FFAJSON(w, s, m)
	case "csv":
		return FFACSV(w, s)
	}
	return FFAText(w, s, m, opt)
}

// WriteMatch writes a match's one pairing in format.
func WriteMatch(w io.Writer, format string, m *Match) error {
	switch format {
	case "json":
		return MatchJSON(w, m)
	case "csv":
		return MatchCSV(w, m)
	}
	return MatchText(w, m)
}
