package report

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/dynamics"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
)

// This file renders one simulated Moran process on a run's payoff
// (`nzsc report RUN --moran-run`): the history of the population's
// counts, its fixation and winner, and, when the run starts from one
// mutant, the exact probability the mutant takes over.

// MoranHistory is one simulated Moran process of a run, as the renderers
// take it.
type MoranHistory struct {
	// What says what was analysed ("NZSC, 5 bots, 20000 games"); Seats
	// the run's players a table (above 2 the payoff is the finished-ahead
	// shares).
	What  string
	Seats int
	Names []string
	Seed  uint64
	Opt   dynamics.MoranRunOptions
	Run   *dynamics.MoranRun
	// Mutant and Resident, when the run starts from one individual of
	// Mutant among N−1 of Resident, and Exact the closed-form
	// probability that it takes over (Moran.Fixation); Mutant is -1
	// otherwise.
	Mutant, Resident int
	Exact            float64
	Width            int
}

// MoranRunOf simulates one Moran process on the payoff `--dynamics`
// reads from a run's counts (payoffOf), from the population opt.Start,
// seeded by seed.
func MoranRunOf(man *results.Manifest, counts *analysis.Tournament, opt dynamics.MoranRunOptions, seed uint64) (*MoranHistory, error) {
	p, what, seats, err := payoffOf(man, counts)
	if err != nil {
		return nil, err
	}
	run, err := dynamics.SimulateMoran(p.Score, opt, rand.NewPCG(seed, 0))
	if err != nil {
		return nil, err
	}
	h := &MoranHistory{What: what, Seats: seats, Names: p.Names, Seed: seed, Opt: opt, Run: run, Mutant: -1, Resident: -1}
	n := 0
	for _, c := range opt.Start {
		n += c
	}
	for i, c := range opt.Start {
		switch c {
		case 1:
			h.Mutant = i
		case n - 1:
			h.Resident = i
		}
	}
	if h.Mutant >= 0 && h.Resident >= 0 && opt.Mutation == 0 {
		mo, err := dynamics.MoranOf(p.Score, n, opt.W)
		if err != nil {
			return nil, err
		}
		h.Exact = mo.Fixation[h.Resident][h.Mutant]
	} else {
		h.Mutant, h.Resident = -1, -1
	}
	return h, nil
}

// shown are the strategies the history's table has a column for: those
// present at some sample (with mutations, every strategy may appear).
func (h *MoranHistory) shown() []int {
	var out []int
	for i := range h.Names {
		for _, c := range h.Run.Counts {
			if c[i] > 0 {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// WriteMoranRun writes h in format (json, csv, or the text table).
func WriteMoranRun(w io.Writer, format string, h *MoranHistory) error {
	switch format {
	case "json":
		return moranRunJSON(w, h)
	case "csv":
		return moranRunCSV(w, h)
	}
	return moranRunText(w, h)
}

func (h *MoranHistory) size() int {
	n := 0
	for _, c := range h.Opt.Start {
		n += c
	}
	return n
}

// endText says how the run ended: its fixation and winner, or that none
// came.
func (h *MoranHistory) endText() string {
	r := h.Run
	last := r.Steps[len(r.Steps)-1]
	switch {
	case r.Fixation < 0:
		return fmt.Sprintf("No fixation in %d steps.", last)
	case h.Opt.Mutation == 0:
		return fmt.Sprintf("Fixation at step %d: %s takes the population.", r.Fixation, h.Names[r.Winner])
	}
	return fmt.Sprintf("First fixation at step %d (%s); mutations go on to step %d.", r.Fixation, h.Names[r.Winner], last)
}

func moranRunText(w io.Writer, h *MoranHistory) error {
	p := &printer{w: w, width: h.Width}
	mut := "no mutations"
	if h.Opt.Mutation > 0 {
		mut = fmt.Sprintf("mutation rate %g", h.Opt.Mutation)
	}
	p.para(fmt.Sprintf("Moran process simulated on %s (%s): a population of %d, fitness 1 − w + w·%s (w = %g), one birth and one death a step, %s, seed %#x; the counts every %d steps.",
		(&Dynamics{Seats: h.Seats}).payoffText(), h.What, h.size(), map[bool]string{true: "finished-ahead share", false: "score share"}[h.Seats > 2], h.Opt.W, mut, h.Seed, h.Opt.Every))
	cols := h.shown()
	hdr := []string{"step"}
	for _, i := range cols {
		hdr = append(hdr, h.Names[i])
	}
	var rows [][]string
	for s, c := range h.Run.Counts {
		row := []string{strconv.Itoa(h.Run.Steps[s])}
		for _, i := range cols {
			row = append(row, strconv.Itoa(c[i]))
		}
		rows = append(rows, row)
	}
	p.f("\n")
	p.render(&Table{Header: hdr, Rows: rows})
	p.f("\n")
	p.para(h.endText())
	if h.Mutant >= 0 {
		p.para(fmt.Sprintf("One %s among %d %s takes over with probability %.4f (exact, the --dynamics fixation table's figure; neutral drift %.4f): this run is one draw of it.",
			h.Names[h.Mutant], h.size()-1, h.Names[h.Resident], h.Exact, 1/float64(h.size())))
	}
	return p.err
}

// moranRunCSV writes one row per sample: step, then a count per bot.
func moranRunCSV(w io.Writer, h *MoranHistory) error {
	cw := csv.NewWriter(w)
	cw.Write(append([]string{"step"}, h.Names...))
	for s, c := range h.Run.Counts {
		row := []string{strconv.Itoa(h.Run.Steps[s])}
		for _, v := range c {
			row = append(row, strconv.Itoa(v))
		}
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// MoranRunFormat names the JSON document's format and version.
const MoranRunFormat = "nzsc-moran-run/1"

func moranRunJSON(w io.Writer, h *MoranHistory) error {
	type sample struct {
		Step   int   `json:"step"`
		Counts []int `json:"counts"`
	}
	doc := struct {
		Format     string   `json:"format"`
		What       string   `json:"what"`
		Bots       []string `json:"bots"`
		Payoff     string   `json:"payoff"`
		Population int      `json:"population"`
		Selection  num      `json:"selection"`
		Mutation   num      `json:"mutation"`
		Seed       string   `json:"seed"`
		Every      int      `json:"every"`
		History    []sample `json:"history"`
		Fixation   *int     `json:"fixation_step"`
		Winner     *string  `json:"winner"`
		Exact      *num     `json:"exact_fixation,omitempty"`
	}{Format: MoranRunFormat, What: h.What, Bots: h.Names, Payoff: (&Dynamics{Seats: h.Seats}).payoffKey(), Population: h.size(),
		Selection: num(h.Opt.W), Mutation: num(h.Opt.Mutation), Seed: game.FormatSeed(h.Seed), Every: h.Opt.Every}
	for s, c := range h.Run.Counts {
		doc.History = append(doc.History, sample{h.Run.Steps[s], c})
	}
	if h.Run.Fixation >= 0 {
		f, name := h.Run.Fixation, h.Names[h.Run.Winner]
		doc.Fixation, doc.Winner = &f, &name
	}
	if h.Mutant >= 0 {
		e := num(h.Exact)
		doc.Exact = &e
	}
	return WriteJSON(w, doc)
}

// countProblem says what is wrong with the count text of bot, which
// strconv.Atoi read as err (nil: a number out of range).
func countProblem(bot, count string, err error) string {
	_, ferr := strconv.ParseFloat(count, 64)
	switch {
	case count == "":
		return fmt.Sprintf("%s= has no count (want a whole number, e.g. %s=10)", bot, bot)
	case errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(count, "-"), err == nil && count[0] != '-':
		return fmt.Sprintf("%s=%s: at most %d, the largest population", bot, count, dynamics.MaxPopulation)
	case err == nil || errors.Is(err, strconv.ErrRange):
		return fmt.Sprintf("%s=%s: a count is 0 or more", bot, count)
	case ferr == nil:
		return fmt.Sprintf("%s=%s: a count is a whole number of individuals written in digits (0 to %d)", bot, count, dynamics.MaxPopulation)
	}
	return fmt.Sprintf("%s=%s: the count is not a number (want a whole number, e.g. %s=10)", bot, count, bot)
}

// ParsePopulation reads a starting population for the bots names (a
// run's, its copies named as the dynamics name them: random, random2):
// "equal" (size split as evenly as the bots allow, the first bots taking
// the remainder) or "BOT=COUNT,..." (bots not named start at 0).
func ParsePopulation(spec string, names []string, size int) ([]int, error) {
	names = agents.CopyNames(names)
	start := make([]int, len(names))
	if spec == "equal" {
		if size < len(names) {
			return nil, fmt.Errorf("a population of %d cannot hold %d bots in equal shares", size, len(names))
		}
		for i := range start {
			start[i] = size / len(names)
			if i < size%len(names) {
				start[i]++
			}
		}
		return start, nil
	}
	// A bot's name may hold "=" and "," itself (greedy:noise=0.1,
	// mcts:iters=100,c=1.4): an entry ends at the first "=COUNT" whose
	// name so far is one of the run's bots.
	seen := map[int]bool{}
	name := ""
	var bad error // the first entry naming a bot whose count does not read
	for _, part := range strings.Split(spec, ",") {
		if name != "" {
			name += ","
		}
		name += part
		k := strings.LastIndex(name, "=")
		if k < 0 {
			continue
		}
		i := slices.Index(names, strings.TrimSpace(name[:k]))
		if i < 0 {
			continue
		}
		count := strings.TrimSpace(name[k+1:])
		c, err := strconv.Atoi(count)
		if err != nil || c < 0 || c > dynamics.MaxPopulation {
			// Kept, not returned: the name may go on past this "="
			// (another bot's name holding "a=x,").
			if bad == nil {
				bad = errors.New(countProblem(names[i], count, err))
			}
			continue
		}
		if seen[i] {
			return nil, fmt.Errorf("population %q: %s named twice", spec, names[i])
		}
		seen[i] = true
		start[i] = c
		name = ""
	}
	if name != "" {
		if bad != nil {
			return nil, bad
		}
		bot := strings.TrimSpace(name)
		if slices.Contains(names, bot) {
			return nil, fmt.Errorf("population %q: %s has no count (want BOT=COUNT,..., e.g. %s=10, or equal)", spec, bot, bot)
		}
		if k := strings.LastIndex(name, "="); k >= 0 {
			return nil, fmt.Errorf("population %q: no bot %q in the run (its bots: %s)", spec, strings.TrimSpace(name[:k]), strings.Join(names, ", "))
		}
		return nil, fmt.Errorf("population %q: want BOT=COUNT,... or equal", spec)
	}
	return start, nil
}
