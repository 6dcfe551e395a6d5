package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/internal/progress"
	"github.com/nzsclab/nzsc/tournament"
)

// sprtChunksPerBatch is how many runner chunks one batch of games is cut
// into: up to that many workers share a batch. It is fixed (not the
// worker count) so that where the test stops never depends on --workers.
const sprtChunksPerBatch = 8

func init() {
	register(&command{
		name:    "sprt",
		args:    "NEW BASE",
		summary: "sequential test (fishtest's GSPRT on pentanomial pair counts): is NEW at least elo1 stronger than BASE, or at most elo0?",
		example: "nzsc sprt nash greedy --elo0 0 --elo1 20 --seed 1",
		flags: func(fs *pflag.FlagSet) {
			fs.Float64("elo0", 0, "H0: NEW is elo0 stronger than BASE (Elo, see --model)")
			fs.Float64("elo1", 10, "H1: NEW is elo1 stronger than BASE; must exceed elo0")
			fs.Float64("alpha", 0.05, "false positive rate (accepting H1 when H0 holds)")
			fs.Float64("beta", 0.05, "false negative rate (accepting H0 when H1 holds)")
			fs.String("model", "logistic", "Elo model of the bounds: logistic (score = 1/(1+10^(-elo/400))) or normalized (fishtest's)")
			fs.Int64("max-games", 200000, "stop without a verdict after this many games (positive, even)")
			fs.Int64("batch", 1000, "games between two looks at the LLR (positive, even)")
			fs.String("seed", "", "master seed, decimal or 0x-hex (default: picked at random and printed)")
			fs.Int("workers", runtime.NumCPU(), "parallel workers (the verdict does not depend on it)")
			fs.String("format", "table", "output format: table (progress lines, then the result) or json")
			fs.Bool("quiet", false, "table format: print only the result, no progress lines or notes")
			addBotTimeoutFlag(fs)
		},
		run: runSPRT,
	})
}

type sprtLook struct {
	Games uint64  `json:"games"`
	LLR   float64 `json:"llr"`
}

type sprtJSON struct {
	Format      string     `json:"format"`
	New         string     `json:"new"`
	Base        string     `json:"base"`
	Seed        string     `json:"seed"`
	Elo0        float64    `json:"elo0"`
	Elo1        float64    `json:"elo1"`
	Alpha       float64    `json:"alpha"`
	Beta        float64    `json:"beta"`
	Model       string     `json:"model"`
	Games       uint64     `json:"games"`
	Wins        uint64     `json:"wins"`
	Draws       uint64     `json:"draws"`
	Losses      uint64     `json:"losses"`
	Pentanomial [5]int64   `json:"pentanomial"`
	LLR         float64    `json:"llr"`
	Lower       float64    `json:"lower_bound"`
	Upper       float64    `json:"upper_bound"`
	Verdict     string     `json:"verdict"`
	Elo         num        `json:"elo"`
	EloLo       num        `json:"elo_lo95"`
	EloHi       num        `json:"elo_hi95"`
	LOS         num        `json:"los"`
	Looks       []sprtLook `json:"looks"`
	Interrupted bool       `json:"interrupted"`
}

// num marshals NaN as null.
type num float64

func (n num) MarshalJSON() ([]byte, error) {
	if n != n {
		return []byte("null"), nil
	}
	return json.Marshal(float64(n))
}

func runSPRT(e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) != 2 {
		return usagef("sprt: want two bots, NEW BASE (got %d arguments)", len(args))
	}
	if err := applyBotTimeout("sprt", fs); err != nil {
		return err
	}
	newBot, err := agents.Parse(args[0])
	if err != nil {
		return usagef("sprt: %v", err)
	}
	baseBot, err := agents.Parse(args[1])
	if err != nil {
		return usagef("sprt: %v", err)
	}
	if err := probeBots("sprt", newBot, baseBot); err != nil {
		return err
	}
	var t analysis.SPRT
	t.Elo0, _ = fs.GetFloat64("elo0")
	t.Elo1, _ = fs.GetFloat64("elo1")
	t.Alpha, _ = fs.GetFloat64("alpha")
	t.Beta, _ = fs.GetFloat64("beta")
	if t.Model, err = analysis.ParseEloModel(mustString(fs, "model")); err != nil {
		return usagef("sprt: --model: %v", err)
	}
	if err := t.Check(); err != nil {
		return usagef("sprt: %v", err)
	}
	maxGames, _ := fs.GetInt64("max-games")
	batch, _ := fs.GetInt64("batch")
	if maxGames <= 0 || maxGames%2 != 0 || batch <= 0 || batch%2 != 0 {
		return usagef("sprt: --max-games and --batch must be positive even numbers (seat-swapped pairs), got %d and %d", maxGames, batch)
	}
	workers, _ := fs.GetInt("workers")
	if workers < 1 {
		return usagef("sprt: --workers must be at least 1, got %d", workers)
	}
	format := mustString(fs, "format")
	if !slices.Contains([]string{"table", "json"}, format) {
		return usagef("sprt: --format must be table or json, got %q", format)
	}
	quiet, _ := fs.GetBool("quiet")
	var seed uint64
	if fs.Changed("seed") {
		if seed, err = agents.ParseSeed(mustString(fs, "seed")); err != nil {
			return usagef("sprt: --seed: %v", err)
		}
	} else {
		seed = randomSeed()
		if !quiet {
			fmt.Fprintf(e.stderr, "seed %#x (replay with --seed %#x)\n", seed, seed)
		}
	}

	batchPairs := uint64(batch / 2)
	// Cut a batch into up to sprtChunksPerBatch equal chunks, so that a
	// look at the LLR falls exactly every --batch games.
	per := uint64(sprtChunksPerBatch)
	for batchPairs%per != 0 {
		per--
	}
	chunk := batchPairs / per
	plan := tournament.Plan{Seed: seed, Pairs: uint64(maxGames / 2), ChunkPairs: chunk, Workers: workers}
	m := &tournament.Match{A: newBot, B: baseBot, Rules: engine.DefaultRules}
	lower, upper := t.Bounds()
	var total tournament.MatchResult
	var penta [5]int64
	out := sprtJSON{Format: "nzsc-sprt/1", New: newBot.Name(), Base: baseBot.Name(), Seed: fmt.Sprintf("%#x", seed),
		Elo0: t.Elo0, Elo1: t.Elo1, Alpha: t.Alpha, Beta: t.Beta, Model: t.Model.String(), Lower: lower, Upper: upper}
	verdict := analysis.Continue
	progressLines := format == "table" && !quiet
	if progressLines {
		fmt.Fprintf(e.stdout, "SPRT %s vs %s: H0 elo=%g, H1 elo=%g (%s), alpha=%g, beta=%g; LLR bounds [%.3f, %.3f]\n",
			newBot.Name(), baseBot.Name(), t.Elo0, t.Elo1, t.Model, t.Alpha, t.Beta, lower, upper)
	}
	start := time.Now()
	numChunks := plan.NumChunks()
	for first := uint64(0); first < numChunks && verdict == analysis.Continue; first += per {
		plan.Chunks = nil
		for c := first; c < min(first+per, numChunks); c++ {
			plan.Chunks = append(plan.Chunks, c)
		}
		rep, err := m.Play(e.ctx, plan, nil)
		if err != nil {
			return asUsage(fmt.Errorf("sprt: %w", err))
		}
		if rep.Interrupted {
			// A partial batch would make the stopping point depend on
			// timing: drop it and report what the test had.
			out.Interrupted = true
			break
		}
		total.Merge(&rep.Total)
		for k := range penta {
			penta[k] = int64(total.Pentanomial[k])
		}
		llr := t.LLR(penta)
		verdict = t.Decide(llr)
		out.Looks = append(out.Looks, sprtLook{Games: total.Games, LLR: llr})
		if progressLines {
			w := total.WDL()
			fmt.Fprintf(e.stdout, "games %8d  W %d D %d L %d  pentanomial %v  LLR %7.3f  [%.3f, %.3f]\n",
				total.Games, w.W, w.D, w.L, penta, llr, lower, upper)
		}
	}
	w := total.WDL()
	out.Games, out.Wins, out.Draws, out.Losses, out.Pentanomial = total.Games, w.W, w.D, w.L, penta
	if n := len(out.Looks); n > 0 {
		out.LLR = out.Looks[n-1].LLR
	}
	switch {
	case verdict != analysis.Continue:
		out.Verdict = verdict.String()
	case out.Interrupted:
		out.Verdict = "interrupted"
	default:
		out.Verdict = "inconclusive at --max-games"
	}
	est := analysis.EloFromPentanomial(penta)
	out.Elo, out.EloLo, out.EloHi, out.LOS = num(est.Elo), num(est.Lo), num(est.Hi), num(est.LOS)
	if format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		writeSPRTResult(e.stdout, &out, verdict)
	}
	if !quiet {
		el := time.Since(start)
		fmt.Fprintf(e.stderr, "%d games in %s: %s games/s on %d workers\n", total.Games, el.Round(time.Millisecond),
			progress.Count(float64(total.Games)/el.Seconds()), workers)
	}
	if out.Interrupted {
		return fmt.Errorf("sprt interrupted after %d games, before a verdict", total.Games)
	}
	return nil
}

func writeSPRTResult(w io.Writer, o *sprtJSON, v analysis.Verdict) {
	switch v {
	case analysis.AcceptH1:
		fmt.Fprintf(w, "H1 accepted: %s is at least %g Elo (%s) stronger than %s", o.New, o.Elo1, o.Model, o.Base)
	case analysis.AcceptH0:
		fmt.Fprintf(w, "H0 accepted: %s is not %g Elo (%s) stronger than %s", o.New, o.Elo1, o.Model, o.Base)
	default:
		fmt.Fprintf(w, "no verdict (%s)", o.Verdict)
	}
	fmt.Fprintf(w, " after %d games (LLR %.3f, bounds [%.3f, %.3f])\n", o.Games, o.LLR, o.Lower, o.Upper)
	fmt.Fprintf(w, "W %d D %d L %d, pentanomial %v\n", o.Wins, o.Draws, o.Losses, o.Pentanomial)
	fmt.Fprintf(w, "Elo %+.1f [%+.1f, %+.1f] (95%%, from the pair scores; not corrected for early stopping), LOS %.1f%%\n",
		float64(o.Elo), float64(o.EloLo), float64(o.EloHi), 100*float64(o.LOS))
}
