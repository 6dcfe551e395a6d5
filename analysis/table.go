package analysis

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// MaxTableSeats is the most seats a table of TableCounts holds.
const MaxTableSeats = 4

// TableCounts holds every count of the games at one table of three or
// more seats (a free-for-all): how the table's bots finished, by place
// pattern, and what happened per seat. Like Pairing it is a fixed-size
// value, merged by addition.
type TableCounts struct {
	// Bots are the table's bots (indices into Tournament.Bots), in the
	// order the place patterns use.
	Bots []int `json:"bots"`
	// Finishes[k] counts the games whose places, in Bots' order, are
	// the pattern k: place-1 of Bots[i] in bits 2i and 2i+1.
	Finishes [1 << (2 * MaxTableSeats)]int64 `json:"-"`
	// SeatPlaces[s][p] counts the games in which seat s finished in place
	// p+1, every bot pooled: a seat's advantage shows there.
	SeatPlaces [MaxTableSeats][MaxTableSeats]int64 `json:"seat_places"`
	// Forfeits[i] and Illegal[i] count Bots[i]'s forfeited games and its
	// penalized actions; ForfeitKinds[i] splits Bots[i]'s forfeits by the
	// fault's kind (FaultKinds), as Pairing.ForfeitKinds does at two.
	Forfeits     [MaxTableSeats]int64                `json:"forfeits"`
	ForfeitKinds [MaxTableSeats][NumFaultKinds]int64 `json:"forfeit_kinds"`
	Illegal      [MaxTableSeats]int64                `json:"illegal"`
	// Undecided counts the games nobody won (the turn cap), Turns all
	// games' steps.
	Undecided int64 `json:"undecided"`
	Turns     int64 `json:"turns"`
	// Pentanomial, at a table played in seat-swapped pairs of Bots[0]
	// and Bots[1] (a sequential test at three or more seats), counts the
	// pairs by Bots[0]'s points against Bots[1] in the pair, as
	// Pairing.Pentanomial: a game scores 1 when Bots[0] finished ahead of
	// Bots[1], 1/2 level, 0 behind. Zero at a table played in sets of
	// every seat order.
	Pentanomial [5]int64 `json:"pentanomial"`
	// Openings, in a run with openings (--openings), holds for each
	// opening its sets' finished-ahead tallies (OpeningTally, AddSet):
	// the strata from which the narrowing is estimated (TableSpreadOf).
	// Absent otherwise.
	Openings [][]int64 `json:"openings,omitempty"`
}

// FinishKey packs places (1-based, in the table's bot order) into a
// Finishes index.
func FinishKey(places []int) int {
	k := 0
	for i, p := range places {
		k |= (p - 1) << (2 * i)
	}
	return k
}

// finishPlaces unpacks a Finishes index for a table of n bots.
func finishPlaces(k, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = k>>(2*i)&3 + 1
	}
	return out
}

// Games returns the number of games at the table.
func (t *TableCounts) Games() int64 {
	var n int64
	for _, c := range t.Finishes {
		n += c
	}
	return n
}

// Merge adds u's counts to t; both must be the same table.
func (t *TableCounts) Merge(u *TableCounts) {
	if fmt.Sprint(t.Bots) != fmt.Sprint(u.Bots) {
		panic(fmt.Sprintf("analysis: merging table %v into %v", u.Bots, t.Bots))
	}
	t.mergeOpenings(u, t.Games(), u.Games())
	for k := range t.Finishes {
		t.Finishes[k] += u.Finishes[k]
	}
	for s := range t.SeatPlaces {
		for p := range t.SeatPlaces[s] {
			t.SeatPlaces[s][p] += u.SeatPlaces[s][p]
		}
		t.Forfeits[s] += u.Forfeits[s]
		for k := range t.ForfeitKinds[s] {
			t.ForfeitKinds[s][k] += u.ForfeitKinds[s][k]
		}
		t.Illegal[s] += u.Illegal[s]
	}
	t.Undecided += u.Undecided
	t.Turns += u.Turns
	for h := range t.Pentanomial {
		t.Pentanomial[h] += u.Pentanomial[h]
	}
}

// Versus returns how often Bots[i] finished ahead of Bots[j], level
// with it and behind it: Bots[i]'s wins, draws and losses against
// Bots[j] when only their two places count.
func (t *TableCounts) Versus(i, j int) Record {
	var r Record
	for k, c := range t.Finishes {
		if c == 0 {
			continue
		}
		switch aheadHalf(k>>(2*i)&3, k>>(2*j)&3) {
		case 2:
			r.Wins += c
		case 1:
			r.Draws += c
		default:
			r.Losses += c
		}
	}
	return r
}

// AddPair counts in Pentanomial a seat-swapped pair of Bots[0] and
// Bots[1] whose two games finished in places (places[g][i] the place of
// Bots[i] in game g): Bots[0]'s half-points in the pair, 2 a game it
// finished ahead of Bots[1], 1 level, 0 behind.
func (t *TableCounts) AddPair(places [2][]int) {
	t.Pentanomial[aheadHalf(places[0][0], places[0][1])+aheadHalf(places[1][0], places[1][1])]++
}

// aheadHalf returns the half-points of finishing in place a against
// another in place b: 2 ahead, 1 level, 0 behind.
func aheadHalf(a, b int) int {
	switch {
	case a < b:
		return 2
	case a == b:
		return 1
	}
	return 0
}

// tableJSON is TableCounts on disk: the finishes as a map from the places
// ("1-3-2") to their count, only those that happened. The forfeits' kinds
// and the pentanomial are left out when zero (no forfeit; a table played
// in sets of every seat order), so that such tables' counts read as they
// did before either was kept.
type tableJSON struct {
	Bots         []int                               `json:"bots"`
	Finishes     map[string]int64                    `json:"finishes"`
	SeatPlaces   [MaxTableSeats][MaxTableSeats]int64 `json:"seat_places"`
	Forfeits     [MaxTableSeats]int64                `json:"forfeits"`
	ForfeitKinds [MaxTableSeats][NumFaultKinds]int64 `json:"forfeit_kinds,omitzero"`
	Illegal      [MaxTableSeats]int64                `json:"illegal"`
	Undecided    int64                               `json:"undecided"`
	Turns        int64                               `json:"turns"`
	Pentanomial  [5]int64                            `json:"pentanomial,omitzero"`
	Openings     [][]int64                           `json:"openings,omitempty"`
}

// MarshalJSON implements json.Marshaler.
func (t TableCounts) MarshalJSON() ([]byte, error) {
	j := tableJSON{Bots: t.Bots, Finishes: map[string]int64{}, SeatPlaces: t.SeatPlaces, Forfeits: t.Forfeits, ForfeitKinds: t.ForfeitKinds,
		Illegal: t.Illegal, Undecided: t.Undecided, Turns: t.Turns, Pentanomial: t.Pentanomial, Openings: t.Openings}
	for k, c := range t.Finishes {
		if c > 0 {
			j.Finishes[placesString(finishPlaces(k, len(t.Bots)))] = c
		}
	}
	return json.Marshal(j)
}

// UnmarshalJSON implements json.Unmarshaler, checking every pattern.
func (t *TableCounts) UnmarshalJSON(b []byte) error {
	var j tableJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("table: %w", err)
	}
	n := len(j.Bots)
	if n < 2 || n > MaxTableSeats {
		return fmt.Errorf("table: %d bots (want 2 to %d)", n, MaxTableSeats)
	}
	*t = TableCounts{Bots: j.Bots, SeatPlaces: j.SeatPlaces, Forfeits: j.Forfeits, ForfeitKinds: j.ForfeitKinds, Illegal: j.Illegal,
		Undecided: j.Undecided, Turns: j.Turns, Pentanomial: j.Pentanomial, Openings: j.Openings}
	for o, tl := range j.Openings {
		if len(tl) != 1+2*TablePairs(n) {
			return fmt.Errorf("table %v: openings[%d] holds %d numbers, want %d (sets, then each pair's half-points and their squares)", j.Bots, o, len(tl), 1+2*TablePairs(n))
		}
	}
	for s, c := range j.Finishes {
		var places []int
		for _, f := range strings.Split(s, "-") {
			p, err := strconv.Atoi(f)
			if err != nil || p < 1 || p > n {
				return fmt.Errorf("table %v: finish %q is not %d places from 1 to %d", j.Bots, s, n, n)
			}
			places = append(places, p)
		}
		if len(places) != n || c < 0 {
			return fmt.Errorf("table %v: finish %q: want %d places and a count not below 0", j.Bots, s, n)
		}
		t.Finishes[FinishKey(places)] += c
	}
	return nil
}

func placesString(places []int) string {
	parts := make([]string, len(places))
	for i, p := range places {
		parts[i] = strconv.Itoa(p)
	}
	return strings.Join(parts, "-")
}

// FinishingOrders returns a free-for-all tournament's results for the
// Plackett–Luce fit and its summaries.
func (t *Tournament) FinishingOrders() *FinishingOrders {
	f := &FinishingOrders{Bots: t.Bots}
	for i := range t.Tables {
		tb := &t.Tables[i]
		for k, c := range tb.Finishes {
			if c > 0 {
				f.Finishes = append(f.Finishes, Finish{Bots: tb.Bots, Place: finishPlaces(k, len(tb.Bots)), Count: c})
			}
		}
	}
	return f
}
