package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// TestSeatMetagameShown: a free-for-all run's meta-game shows where a
// two-player run's does: the ranking's Nash column and a paragraph in
// the text, metagame.csv among its tables, "metagame" in the JSON and a
// section of the page, all with the same weights.
func TestSeatMetagameShown(t *testing.T) {
	s, err := analysis.SummarizeFFA(ffaFixture(), nil)
	if err != nil {
		t.Fatal(err)
	}
	mg := s.Metagame
	if mg == nil || mg.Regret > analysis.SeatTolerance || mg.Replicates != analysis.SeatReplicates {
		t.Fatalf("meta-game %+v, error %v", mg, s.MetaError)
	}
	m := &results.Manifest{Kind: "tournament", Seats: 3, Seed: 9, Complete: true}
	var b bytes.Buffer
	if err := FFAText(&b, s, m, Options{}); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(b.String()), " ")
	top := s.Ranking.Order[0]
	for _, want := range []string{"games Nash", "Meta-game (symmetric Nash equilibrium of the 3-seat game", "the certificate, is below 1e-9",
		"100 bootstrap replicates over whole tables", "were never played"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text has no %q:\n%s", want, b.String())
		}
	}
	tables, err := FFATables(s)
	if err != nil {
		t.Fatal(err)
	}
	var csv, ratings *CSVTable
	for i := range tables {
		switch tables[i].Name {
		case "metagame.csv":
			csv = &tables[i]
		case "ratings.csv":
			ratings = &tables[i]
		}
	}
	if csv == nil || strings.Join(csv.Header, ",") != "bot,weight,lo95,hi95,score" || len(csv.Rows) != len(s.Counts.Bots) || csv.Rows[0][0] != s.Counts.Bots[top] {
		t.Fatalf("metagame.csv: %+v", csv)
	}
	if ratings == nil {
		t.Fatal("no ratings.csv")
	}
	if h := ratings.Header; h[len(h)-1] != "metagame_weight" || ratings.Rows[0][len(h)-1] != csv.Rows[0][1] {
		t.Errorf("ratings.csv: %v, first row %v; metagame.csv's first %v", h, ratings.Rows[0], csv.Rows[0])
	}
	b.Reset()
	if err := FFAJSON(&b, s, m); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Metagame struct {
			Seats   int `json:"seats"`
			Weights []struct {
				Bot    string  `json:"bot"`
				Weight float64 `json:"weight"`
			} `json:"weights"`
			Regret float64 `json:"regret"`
		} `json:"metagame"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	w := doc.Metagame.Weights
	if doc.Metagame.Seats != 3 || len(w) != len(s.Counts.Bots) || w[0].Bot != s.Counts.Bots[top] || w[0].Weight != float64(analysis.Number(mg.Weight[top])) {
		t.Errorf("JSON metagame %+v", doc.Metagame)
	}
	b.Reset()
	if err := FFAHTML(&b, s, m); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{`id="metagame"`, `id="c-metagame"`, `id="t-metagame"`} {
		if !strings.Contains(b.String(), id) {
			t.Errorf("the page has no %s", id)
		}
	}
}

// TestSeatMetagameWords: an approximate equilibrium says so, a meta-game
// without replicates prints no interval, an unsolved one its error.
func TestSeatMetagameWords(t *testing.T) {
	s, err := analysis.SummarizeFFA(ffaFixture(), nil)
	if err != nil {
		t.Fatal(err)
	}
	mg := *s.Metagame
	mg.Regret, mg.Replicates = 0.0123, 0
	s.Metagame = &mg
	text := strings.Join(seatMetagameSentences(s), " ")
	if !strings.Contains(text, "the certificate, is 0.012") || !strings.Contains(text, "an approximate one") || strings.Contains(text, "[") || strings.Contains(text, "intervals from") {
		t.Errorf("approximate, no replicates: %s", text)
	}
	// Without replicates the text says why it has no intervals: the
	// budget cut them all, or none were asked for; with fewer than
	// asked, how many were.
	for _, c := range []struct {
		reps, asked int
		want        string
	}{
		{0, 100, "No intervals: a bootstrap replicate rebuilds the 64 payoffs (4 bots, 3 seats), and even one would take minutes."},
		{0, 0, "No intervals: no bootstrap replicates were asked for."},
		{37, 100, "95% intervals from 37 bootstrap replicates over whole tables, fewer than the 100 asked"},
		{100, 100, "95% intervals from 100 bootstrap replicates over whole tables (seed 0x1;"},
	} {
		mg.Replicates, mg.Asked, mg.Seed = c.reps, c.asked, 1
		if text := strings.Join(seatMetagameSentences(s), " "); !strings.Contains(text, c.want) {
			t.Errorf("%d of %d replicates: no %q in %s", c.reps, c.asked, c.want, text)
		}
	}
	s.Metagame, s.MetaError = nil, errors.New("metagame: 30 bots at 4 seats: too many")
	if text := strings.Join(seatMetagameSentences(s), " "); !strings.Contains(text, "not solved: metagame: 30 bots") {
		t.Errorf("unsolved: %s", text)
	}
}

// TestTailPage: a Tail with a Page writes the report and the page that
// two Tails, one a page, write (report --html renders both from one
// summary, one meta-game bootstrap), at two seats and three, in every
// format; stopped in the meta-game's bootstrap it writes neither.
func TestTailPage(t *testing.T) {
	tt, ft := fixture([]string{"nash", "greedy", "random"}, nil), ffaFixture()
	fm := &results.Manifest{Kind: "tournament", Seats: 3, Seed: 9, GamesPerPairing: 6, GamesDone: uint64(ft.Games()), GamesPlanned: uint64(ft.Games()), Complete: true}
	for _, c := range []struct {
		name string
		end  End
	}{
		{"2 seats", End{Manifest: fixtureManifest(tt), Counts: tt, Options: Options{Width: 80}}},
		{"3 seats", End{Manifest: fm, Counts: ft, Options: Options{Width: 80}}},
	} {
		render := func(e End, format string, page io.Writer) ([]byte, error) {
			var b bytes.Buffer
			e.Format, e.Page = format, page
			err := Tail(&b, e)
			return b.Bytes(), err
		}
		wantPage, err := render(c.end, "html", nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"table", "json", "csv"} {
			want, err := render(c.end, f, nil)
			if err != nil {
				t.Fatal(err)
			}
			var page bytes.Buffer
			got, err := render(c.end, f, &page)
			if err != nil || !bytes.Equal(got, want) || !bytes.Equal(page.Bytes(), wantPage) {
				t.Errorf("%s, %s with a page: error %v, report same %v, page same %v (%d bytes, want %d)",
					c.name, f, err, bytes.Equal(got, want), bytes.Equal(page.Bytes(), wantPage), page.Len(), len(wantPage))
			}
		}
	}
	closed := make(chan struct{})
	close(closed)
	var page bytes.Buffer
	out, err := func() ([]byte, error) {
		var b bytes.Buffer
		err := Tail(&b, End{Manifest: fm, Counts: ft, Format: "table", Page: &page, Done: closed})
		return b.Bytes(), err
	}()
	if !errors.Is(err, analysis.ErrStopped) || len(out) != 0 || page.Len() != 0 {
		t.Errorf("stopped: error %v, %d bytes of report, %d of page; want ErrStopped and nothing", err, len(out), page.Len())
	}
}
