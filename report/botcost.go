package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/nzsclab/nzsc/agents/cost"
)

// BotCosts writes `nzsc bots --cost`: each bot's measured CPU time per
// decision (package cost) in format, a table or CSV and JSON
// (docs/formats.md). load is the machine's load average when measured
// ("" when unknown), said under the table because the figures vary
// with it.
func BotCosts(w io.Writer, format string, width int, gameName, load string, costs []cost.Result) error {
	switch format {
	case "json":
		doc := botCostsDoc{Format: "nzsc-bot-costs/1", Game: gameName, Load: load, Bots: []botCostJSON{}}
		for _, c := range costs {
			doc.Bots = append(doc.Bots, botCostJSON{c.Spec, c.Seats, c.Decisions, c.Games, c.CPU.Seconds(), c.PerDecision().Seconds(), c.Max.Seconds(), c.Clock})
		}
		return WriteJSON(w, doc)
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write([]string{"bot", "players", "decisions", "games", "seconds", "seconds_per_decision", "max_seconds_per_decision", "clock"})
		for _, c := range costs {
			cw.Write([]string{c.Spec, strconv.Itoa(c.Seats), strconv.Itoa(c.Decisions), strconv.Itoa(c.Games),
				strconv.FormatFloat(c.CPU.Seconds(), 'g', 6, 64), strconv.FormatFloat(c.PerDecision().Seconds(), 'g', 4, 64), strconv.FormatFloat(c.Max.Seconds(), 'g', 4, 64), c.Clock})
		}
		cw.Flush()
		return cw.Error()
	}
	t := &Table{Header: []string{"bot", "players", "decisions", "per decision", "dearest"}, Left: 2}
	clock := "thread-cpu"
	for _, c := range costs {
		t.Rows = append(t.Rows, []string{c.Spec, strconv.Itoa(c.Seats), strconv.Itoa(c.Decisions), perDecision(c.PerDecision()), perDecision(c.Max)})
		clock = c.Clock
	}
	if err := t.Write(w, width); err != nil {
		return err
	}
	what := "CPU time of the bot's thread"
	if clock != "thread-cpu" {
		what = "wall time (no thread CPU clock here)"
	}
	note := fmt.Sprintf("Per decision: the mean %s over its decisions with more than one legal action, in seat 0 against random bots, whole games after one uncounted game (so a one-time cost, such as loading a solution, is left out); dearest: the most one of those decisions took; measured now on this machine", what)
	if load != "" {
		note += " (load average " + load + ")"
	}
	note += ": it varies with the position, the machine and its load."
	_, err := io.WriteString(w, WrapText(note, width)+"\n")
	return err
}

// perDecision writes a duration with three significant digits in the
// unit that suits it: "1.84 µs", "712 µs", "12.3 ms"; below 0.1 µs,
// "< 0.1 µs".
func perDecision(d time.Duration) string {
	switch s := d.Seconds(); {
	case s < 1e-7:
		return "< 0.1 µs" // below what reading the clock around it can tell
	case s < 1e-3:
		return strconv.FormatFloat(s*1e6, 'g', 3, 64) + " µs"
	case s < 1:
		return strconv.FormatFloat(s*1e3, 'g', 3, 64) + " ms"
	default:
		return strconv.FormatFloat(s, 'g', 3, 64) + " s"
	}
}

// botCostsDoc is the document of 'nzsc bots --cost --format json'.
type botCostsDoc struct {
	Format string        `json:"format"`
	Game   string        `json:"game"`
	Load   string        `json:"load_average"`
	Bots   []botCostJSON `json:"bots"`
}

type botCostJSON struct {
	Spec        string  `json:"bot"`
	Seats       int     `json:"players"`
	Decisions   int     `json:"decisions"`
	Games       int     `json:"games"`
	Seconds     float64 `json:"seconds"`
	PerDecision float64 `json:"seconds_per_decision"`
	Max         float64 `json:"max_seconds_per_decision"`
	Clock       string  `json:"clock"`
}
