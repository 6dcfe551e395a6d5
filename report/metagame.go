package report

import (
	"strings"

	"github.com/nzsclab/nzsc/analysis"
)

// This file holds what two-player and free-for-all meta-games share: how
// a bot that played no game (a run stopped before its games), left out of
// the meta-game by analysis, is named. Its weight is shown as one without
// a meta-game ("-", empty in CSV, null in JSON).

// leftOutSentence names the bots of unplayed (indices into bots) left
// out of the meta-game, "" when there are none.
func leftOutSentence(bots []string, unplayed []int) string {
	if len(unplayed) == 0 {
		return ""
	}
	names := make([]string, len(unplayed))
	for k, i := range unplayed {
		names[k] = bots[i]
	}
	verb := "is"
	if len(names) > 1 {
		verb = "are"
	}
	last := names[len(names)-1]
	list := last
	if len(names) > 1 {
		list = strings.Join(names[:len(names)-1], ", ") + " and " + last
	}
	return list + " played no game and " + verb + " left out of the meta-game."
}

// metaLeft reports whether bot i has no weight to show in a two-player
// run's meta-game: none solved, or i left out of it.
func metaLeft(mg *analysis.Metagame, i int) bool { return mg == nil || mg.Left(i) }

// seatMetaLeft is metaLeft for a free-for-all run's meta-game.
func seatMetaLeft(mg *analysis.SeatMetagame, i int) bool { return mg == nil || mg.Left(i) }
