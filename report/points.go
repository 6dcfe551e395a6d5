package report

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Points writes every move of two-player NZSC and what each scores
// against each (`nzsc rules --format json|csv`, docs/formats.md): what a
// bot writer needs to score moves.
func Points(w io.Writer, format string) error {
	if format == "json" {
		return WriteJSON(w, pointsDoc())
	}
	return pointsCSV(w)
}

// rulesJSON is the document of 'nzsc rules --format json' (docs/formats.md):
// what a bot writer needs to score moves.
type rulesJSON struct {
	Format string     `json:"format"`
	Moves  []moveJSON `json:"moves"`
	// Points[a][b] is what move a scores against move b (index order of
	// Moves) when neither player is Strong; PointsStrong when the player
	// of Smash is (it changes only Smash against Shadow Fireball).
	// (int, not uint8: encoding/json writes a []uint8 as a base64
	// string, not the table of numbers docs/formats.md promises.)
	Points       [][]int `json:"points"`
	PointsStrong [][]int `json:"points_strong"`
}

type moveJSON struct {
	Name        string `json:"name"`
	Character   string `json:"character"`
	Booster     string `json:"booster"`
	SingleUse   bool   `json:"single_use"`
	Destructive bool   `json:"destructive"`
}

func pointsDoc() rulesJSON {
	doc := rulesJSON{Format: "nzsc-rules/1"}
	for m := range nzsc.Move(nzsc.NumMoves) {
		b := ""
		if m.Booster() != nzsc.NoBooster {
			b = m.Booster().String()
		}
		doc.Moves = append(doc.Moves, moveJSON{m.String(), m.Owner().String(), b, m.SingleUse(), m.Destructive()})
		var row, strong []int
		for o := range nzsc.Move(nzsc.NumMoves) {
			row = append(row, int(nzsc.RoundPoints(m, o, false, false)))
			strong = append(strong, int(nzsc.RoundPoints(m, o, true, true)))
		}
		doc.Points = append(doc.Points, row)
		doc.PointsStrong = append(doc.PointsStrong, strong)
	}
	return doc
}

// pointsCSV writes a row per pair of moves: who scores how much.
func pointsCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"a", "b", "a_character", "b_character", "a_points", "b_points", "a_points_strong", "b_points_strong"})
	u := func(p uint8) string { return strconv.Itoa(int(p)) }
	for a := range nzsc.Move(nzsc.NumMoves) {
		for b := range nzsc.Move(nzsc.NumMoves) {
			cw.Write([]string{a.String(), b.String(), a.Owner().String(), b.Owner().String(),
				u(nzsc.RoundPoints(a, b, false, false)), u(nzsc.RoundPoints(b, a, false, false)),
				u(nzsc.RoundPoints(a, b, true, true)), u(nzsc.RoundPoints(b, a, true, true))})
		}
	}
	cw.Flush()
	return cw.Error()
}
