package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/report"
)

func init() {
	register(&command{
		name:    "rules",
		args:    "[MOVE MOVE]",
		summary: "print the player's reference, or who scores when two moves meet",
		example: `nzsc rules smash "shadow fireball"`,
		flags: func(fs *pflag.FlagSet) {
			addFormatFlag(fs, "; json and csv: every move and the 28×28 table of the points each move scores against each (docs/formats.md)", "table", "csv", "json")
		},
		run: runRules,
	})
}

func runRules(e *env, fs *pflag.FlagSet, args []string) error {
	format, err := formatOf("rules", fs, "table", "csv", "json")
	if err != nil {
		return err
	}
	if format != "table" {
		if len(args) > 0 {
			return usagef("rules: --format %s writes every move's points; it takes no moves", format)
		}
		if format == "json" {
			return report.WriteJSON(e.stdout, rulesDoc())
		}
		return writeRulesCSV(e.stdout)
	}
	if len(args) == 0 {
		// The reference is the play package's; its lines are wrapped here
		// to the width, keeping their indentation.
		var b strings.Builder
		play.WriteReference(&b, engine.DefaultRules)
		_, err := io.WriteString(e.stdout, report.WrapText(b.String(), e.width))
		return err
	}
	a, b, err := twoMoves(args)
	if err != nil {
		return err
	}
	for _, l := range play.Meet(a, b) {
		fmt.Fprintln(e.stdout, report.WrapText(l, e.width))
	}
	return nil
}

// twoMoves reads two move names from the arguments. Names may be quoted
// ("big hairy deal") or not (big hairy deal regenerate): every split of
// the words into two names is tried.
func twoMoves(args []string) (engine.Move, engine.Move, error) {
	if len(args) == 2 {
		for _, a := range args {
			if _, ok := engine.ParseMove(a); !ok {
				return 0, 0, usagef("rules: %q is not a move (run 'nzsc rules' for the list)", a)
			}
		}
	}
	for k := 1; k < len(args); k++ {
		a, okA := engine.ParseMove(strings.Join(args[:k], " "))
		b, okB := engine.ParseMove(strings.Join(args[k:], " "))
		if okA && okB {
			return a, b, nil
		}
	}
	return 0, 0, usagef("rules: want two move names, got %q (run 'nzsc rules' for the list)", strings.Join(args, " "))
}

// rulesJSON is the document of 'nzsc rules --format json' (docs/formats.md):
// what a bot writer needs to score moves.
type rulesJSON struct {
	Format string     `json:"format"`
	Moves  []moveJSON `json:"moves"`
	// Points[a][b] is what move a scores against move b (index order of
	// Moves) when neither player is Strong; PointsStrong when the player
	// of Smash is (it changes only Smash against Shadow Fireball).
	Points       [][]uint8 `json:"points"`
	PointsStrong [][]uint8 `json:"points_strong"`
}

type moveJSON struct {
	Name        string `json:"name"`
	Character   string `json:"character"`
	Booster     string `json:"booster"`
	SingleUse   bool   `json:"single_use"`
	Destructive bool   `json:"destructive"`
}

func rulesDoc() rulesJSON {
	doc := rulesJSON{Format: "nzsc-rules/1"}
	for m := range engine.Move(engine.NumMoves) {
		b := ""
		if m.Booster() != engine.NoBooster {
			b = m.Booster().String()
		}
		doc.Moves = append(doc.Moves, moveJSON{m.String(), m.Owner().String(), b, m.SingleUse(), m.Destructive()})
		var row, strong []uint8
		for o := range engine.Move(engine.NumMoves) {
			row = append(row, engine.RoundPoints(m, o, false, false))
			strong = append(strong, engine.RoundPoints(m, o, true, true))
		}
		doc.Points = append(doc.Points, row)
		doc.PointsStrong = append(doc.PointsStrong, strong)
	}
	return doc
}

// writeRulesCSV writes a row per pair of moves: who scores how much.
func writeRulesCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"a", "b", "a_character", "b_character", "a_points", "b_points", "a_points_strong", "b_points_strong"})
	u := func(p uint8) string { return strconv.Itoa(int(p)) }
	for a := range engine.Move(engine.NumMoves) {
		for b := range engine.Move(engine.NumMoves) {
			cw.Write([]string{a.String(), b.String(), a.Owner().String(), b.Owner().String(),
				u(engine.RoundPoints(a, b, false, false)), u(engine.RoundPoints(b, a, false, false)),
				u(engine.RoundPoints(a, b, true, true)), u(engine.RoundPoints(b, a, true, true))})
		}
	}
	cw.Flush()
	return cw.Error()
}
