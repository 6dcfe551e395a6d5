package nash

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/gonum/mat"
)

// This file reads and writes Gambit's strategic-form game files (.nfg),
// both of their versions: the "payoff" version, a list of every
// profile's payoffs, and the "outcome" version, a list of outcomes and
// then each profile's outcome number. Profiles are listed with the
// first player's strategy changing fastest, as Gambit lists them.

// Bounds on what ReadNFG accepts: a hostile file cannot make the lab
// allocate without end (a header "{ 1000000 1000000 1000000 }" is
// refused before anything is allocated for it).
const (
	// MaxNFGBytes is the most ReadNFG reads.
	MaxNFGBytes = 32 << 20
	// MaxPlayers is the most players a game may have.
	MaxPlayers = 16
	// MaxProfiles is the most pure-strategy profiles a game may have
	// (the product of the players' strategy counts); MaxPayoffEntries
	// the most payoffs (profiles × players). The N-player solvers visit
	// every profile on every step.
	MaxProfiles      = 1 << 16
	MaxPayoffEntries = 1 << 18
	// maxLabel is the most bytes a quoted label may have.
	maxLabel = 4096
	// MaxDenominatorBits bounds each player's least common denominator
	// of its payoffs (about 1 200 digits): exact regrets sum the payoffs
	// over it, and fractions of many different large denominators would
	// make that sum grow with every profile.
	MaxDenominatorBits = 4096
)

// Game is a finite game in strategic form of two or more players.
type Game struct {
	// Title is the game's title in the file, Comment its comment
	// (either may be empty).
	Title, Comment string
	// Players names the players; Strategies[i] names player i's
	// strategies. A file that leaves a name empty gets Gambit's
	// defaults: "Player 1"..., "1", "2"....
	Players    []string
	Strategies [][]string
	// Payoffs[p][i] is player i's payoff at profile p, exactly as
	// written (0.1 is 1/10). Profile p's strategies are Profile(p).
	Payoffs [][]*big.Rat
}

// NumProfiles is the number of pure-strategy profiles.
func (g *Game) NumProfiles() int { return len(g.Payoffs) }

// Profile returns the strategies of profile p, one per player: the
// first player's strategy changes fastest.
func (g *Game) Profile(p int) []int {
	out := make([]int, len(g.Strategies))
	for i, s := range g.Strategies {
		out[i] = p % len(s)
		p /= len(s)
	}
	return out
}

// Index is the number of the profile whose strategies are s.
func (g *Game) Index(s []int) int {
	p, stride := 0, 1
	for i, ss := range g.Strategies {
		p += s[i] * stride
		stride *= len(ss)
	}
	return p
}

// Floats returns the payoffs as float64s, [profile][player].
func (g *Game) Floats() [][]float64 {
	out := make([][]float64, len(g.Payoffs))
	for p, row := range g.Payoffs {
		out[p] = make([]float64, len(row))
		for i, r := range row {
			out[p][i], _ = r.Float64()
		}
	}
	return out
}

// Matrices returns a two-player game as the row player's and the
// column player's payoff matrices, named by the strategies, their cells
// the exact payoffs (Labeled.Rationals reads them back exactly).
func (g *Game) Matrices() (a, b *Labeled) {
	if len(g.Players) != 2 {
		panic("nash: Matrices of a game of " + strconv.Itoa(len(g.Players)) + " players")
	}
	m, n := len(g.Strategies[0]), len(g.Strategies[1])
	side := func(player int) *Labeled {
		l := &Labeled{Rows: g.Strategies[0], Cols: g.Strategies[1], Payoff: mat.NewDense(m, n, nil), Cells: make([][]string, m)}
		for i := range m {
			l.Cells[i] = make([]string, n)
			for j := range n {
				r := g.Payoffs[g.Index([]int{i, j})][player]
				v, _ := r.Float64()
				l.Payoff.Set(i, j, v)
				l.Cells[i][j] = r.RatString()
			}
		}
		return l
	}
	return side(0), side(1)
}

// ZeroSum reports whether the payoffs of every profile sum to zero.
func (g *Game) ZeroSum() bool {
	var sum big.Rat
	for _, row := range g.Payoffs {
		sum.SetInt64(0)
		for _, r := range row {
			sum.Add(&sum, r)
		}
		if sum.Sign() != 0 {
			return false
		}
	}
	return true
}

// WriteNFG writes g in the payoff version of the format, every name
// quoted: ReadNFG reads back the same game.
func (g *Game) WriteNFG(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "NFG 1 R %s {", quoteNFG(g.Title))
	for _, p := range g.Players {
		b.WriteString(" " + quoteNFG(p))
	}
	b.WriteString(" }\n{")
	for _, ss := range g.Strategies {
		b.WriteString(" {")
		for _, s := range ss {
			b.WriteString(" " + quoteNFG(s))
		}
		b.WriteString(" }")
	}
	b.WriteString(" }\n" + quoteNFG(g.Comment) + "\n\n")
	for _, row := range g.Payoffs {
		for i, r := range row {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(r.RatString())
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// quoteNFG quotes a label as the format does: a backslash escapes a
// double quote or a backslash.
func quoteNFG(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// ReadNFG reads a game in Gambit's .nfg format, either version:
//
//	NFG 1 R "title" { "Player 1" "Player 2" } { 2 2 }      payoff version,
//	"comment"                                              strategies by count
//	1 1  0 2  0 3  1 1
//
//	NFG 1 R "title" { "P1" "P2" } { { "a" "b" } { "c" "d" } }
//	""                                                     outcome version,
//	{ { "win" 1, -1 } { "lose" -1, 1 } }                   strategies by name
//	1 2 2 1
//
// Payoffs are integers, decimals (with an optional exponent) or
// fractions (1/3); outcome 0 pays every player 0; commas between
// payoffs are optional. Errors name the line and what was expected.
func ReadNFG(r io.Reader) (*Game, error) {
	lr := &io.LimitedReader{R: r, N: MaxNFGBytes + 1}
	src, err := io.ReadAll(lr)
	if err != nil {
		return nil, err
	}
	if len(src) > MaxNFGBytes {
		return nil, fmt.Errorf("more than %d MiB (the most this reads)", MaxNFGBytes>>20)
	}
	if !utf8.Valid(src) {
		return nil, errors.New("not UTF-8 text")
	}
	// An editor's UTF-8 byte order mark is not part of the game (the
	// command takes standard input starting with one as a game file).
	p := &nfgParser{src: strings.TrimPrefix(string(src), "\ufeff"), line: 1}
	return p.game()
}

// nfgParser reads the tokens of a .nfg file: quoted labels, braces,
// commas and words (numbers and the header's NFG, 1, R).
type nfgParser struct {
	src  string
	pos  int
	line int
}

// token is one token and the line it starts on; quoted tells a label
// from a word.
type token struct {
	text   string
	line   int
	quoted bool
	eof    bool
}

func (p *nfgParser) next() (token, error) {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '\n' {
			p.line++
		} else if c != ' ' && c != '\t' && c != '\r' && c != '\v' && c != '\f' {
			break
		}
		p.pos++
	}
	if p.pos == len(p.src) {
		return token{line: p.line, eof: true}, nil
	}
	start, line := p.pos, p.line
	switch c := p.src[p.pos]; c {
	case '{', '}', ',':
		p.pos++
		return token{text: string(c), line: line}, nil
	case '"':
		var b strings.Builder
		p.pos++
		for p.pos < len(p.src) {
			c := p.src[p.pos]
			p.pos++
			switch {
			case c == '"':
				return token{text: b.String(), line: line, quoted: true}, nil
			case c == '\\' && p.pos < len(p.src):
				c = p.src[p.pos]
				p.pos++
			}
			if c == '\n' {
				p.line++
			}
			if b.Len() >= maxLabel {
				return token{}, fmt.Errorf("line %d: a label longer than %d bytes", line, maxLabel)
			}
			b.WriteByte(c)
		}
		return token{}, fmt.Errorf("line %d: a label's closing double quote is missing", line)
	}
	for p.pos < len(p.src) && !strings.ContainsRune(" \t\r\n\v\f{},\"", rune(p.src[p.pos])) {
		p.pos++
	}
	if p.pos-start > 2*MaxDigits+2 {
		return token{}, fmt.Errorf("line %d: %s is longer than any number this reads", line, cellText(p.src[start:p.pos]))
	}
	return token{text: p.src[start:p.pos], line: line}, nil
}

// describe names a token in an error.
func (t token) describe() string {
	switch {
	case t.eof:
		return "the end of the file"
	case t.quoted:
		return "the label " + cellText(t.text)
	}
	return cellText(t.text)
}

// expect reads the next token and refuses anything but want.
func (p *nfgParser) expect(want, what string) (token, error) {
	t, err := p.next()
	if err != nil {
		return t, err
	}
	if t.quoted || t.eof || t.text != want {
		return t, fmt.Errorf("line %d: expected %s, found %s", t.line, what, t.describe())
	}
	return t, nil
}

// label reads a quoted label.
func (p *nfgParser) label(what string) (string, error) {
	t, err := p.next()
	if err != nil {
		return "", err
	}
	if !t.quoted {
		return "", fmt.Errorf("line %d: expected %s (a quoted label), found %s", t.line, what, t.describe())
	}
	return t.text, nil
}

// game reads the whole file.
func (p *nfgParser) game() (*Game, error) {
	if _, err := p.expect("NFG", `the header "NFG 1 R" (a Gambit strategic-form game file)`); err != nil {
		return nil, err
	}
	if _, err := p.expect("1", `the format version 1 after "NFG"`); err != nil {
		return nil, err
	}
	t, err := p.next()
	if err != nil {
		return nil, err
	}
	if t.quoted || (t.text != "R" && t.text != "D") {
		return nil, fmt.Errorf(`line %d: expected R or D after "NFG 1", found %s`, t.line, t.describe())
	}
	g := &Game{}
	if g.Title, err = p.label("the game's title"); err != nil {
		return nil, err
	}
	if err := p.players(g); err != nil {
		return nil, err
	}
	if err := p.strategies(g); err != nil {
		return nil, err
	}
	// An optional comment, then the payoffs or the outcomes.
	t, err = p.next()
	if err != nil {
		return nil, err
	}
	if t.quoted {
		g.Comment = t.text
		if t, err = p.next(); err != nil {
			return nil, err
		}
	}
	if !t.quoted && t.text == "{" {
		err = p.outcomes(g)
	} else {
		err = p.payoffs(g, t)
	}
	if err != nil {
		return nil, err
	}
	if t, err = p.next(); err != nil {
		return nil, err
	}
	if !t.eof {
		return nil, fmt.Errorf("line %d: %s after the game's last profile", t.line, t.describe())
	}
	if err := denominatorsBounded(g); err != nil {
		return nil, err
	}
	return g, nil
}

// players reads "{ "name" ... }".
func (p *nfgParser) players(g *Game) error {
	if _, err := p.expect("{", "{ and the players' names"); err != nil {
		return err
	}
	names, err := p.labels("a player's", MaxPlayers, fmt.Sprintf("more than %d players (the most this reads)", MaxPlayers))
	if err != nil {
		return err
	}
	for k, name := range names {
		if name == "" {
			names[k] = "Player " + strconv.Itoa(k+1)
		}
	}
	if len(names) < 2 {
		return fmt.Errorf("line %d: %d player: a game needs two or more", p.line, len(names))
	}
	g.Players = names
	return distinct("player", g.Players)
}

// labels reads quoted names up to a closing brace, the opening one
// read: at most limit of them (more is tooMany).
func (p *nfgParser) labels(whose string, limit int, tooMany string) ([]string, error) {
	var names []string
	for {
		t, err := p.next()
		if err != nil {
			return nil, err
		}
		if !t.quoted && t.text == "}" {
			return names, nil
		}
		if !t.quoted {
			return nil, fmt.Errorf("line %d: expected %s quoted name or }, found %s", t.line, whose, t.describe())
		}
		if len(names) == limit {
			return nil, fmt.Errorf("line %d: %s", t.line, tooMany)
		}
		names = append(names, t.text)
	}
}

// strategies reads "{ 2 3 }" or "{ { "a" "b" } { "c" "d" "e" } }" and
// checks the game's size before its payoffs are read.
func (p *nfgParser) strategies(g *Game) error {
	if _, err := p.expect("{", "{ and the players' strategies"); err != nil {
		return err
	}
	for {
		t, err := p.next()
		if err != nil {
			return err
		}
		switch {
		case !t.quoted && t.text == "}":
			if len(g.Strategies) != len(g.Players) {
				return fmt.Errorf("line %d: strategies for %d players, the game has %d", t.line, len(g.Strategies), len(g.Players))
			}
			return p.checkSize(g, t.line)
		case len(g.Strategies) == len(g.Players):
			return fmt.Errorf("line %d: strategies for more than the game's %d players", t.line, len(g.Players))
		case !t.quoted && t.text == "{":
			names, err := p.labels("a strategy's", MaxDim, fmt.Sprintf("%s has more than %d strategies (the most this reads)", g.Players[len(g.Strategies)], MaxDim))
			if err != nil {
				return err
			}
			if err := p.addStrategies(g, names, t.line); err != nil {
				return err
			}
		default:
			n, err := strconv.Atoi(t.text)
			if t.quoted || err != nil || n < 1 || n > MaxDim {
				return fmt.Errorf("line %d: expected %s's number of strategies (1 to %d) or { and their names, found %s", t.line, g.Players[len(g.Strategies)], MaxDim, t.describe())
			}
			if err := p.addStrategies(g, make([]string, n), t.line); err != nil {
				return err
			}
		}
	}
}

// addStrategies gives the next player names (an empty one is its
// number, as Gambit numbers unnamed strategies).
func (p *nfgParser) addStrategies(g *Game, names []string, line int) error {
	player := g.Players[len(g.Strategies)]
	if len(names) == 0 {
		return fmt.Errorf("line %d: %s has no strategies", line, player)
	}
	for k, s := range names {
		if s == "" {
			names[k] = strconv.Itoa(k + 1)
		}
	}
	if err := distinct(player+"'s strategy", names); err != nil {
		return fmt.Errorf("line %d: %w", line, err)
	}
	g.Strategies = append(g.Strategies, names)
	return nil
}

// checkSize refuses a game beyond MaxProfiles or MaxPayoffEntries.
func (p *nfgParser) checkSize(g *Game, line int) error {
	profiles := 1
	for _, s := range g.Strategies {
		profiles *= len(s) // at most 200 each: checked before it can overflow
		if profiles > MaxProfiles {
			return fmt.Errorf("line %d: more than %d strategy profiles (the most this reads)", line, MaxProfiles)
		}
	}
	if profiles*len(g.Players) > MaxPayoffEntries {
		return fmt.Errorf("line %d: %d profiles of %d payoffs each, more than the %d payoffs this reads", line, profiles, len(g.Players), MaxPayoffEntries)
	}
	g.Payoffs = make([][]*big.Rat, profiles)
	return nil
}

// payoff reads one payoff from the word t.
func payoff(t token) (*big.Rat, error) {
	if t.quoted || t.eof || t.text == "{" || t.text == "}" {
		return nil, fmt.Errorf("line %d: expected a payoff, found %s", t.line, t.describe())
	}
	r, err := parseExact(t.text)
	if err != nil {
		return nil, fmt.Errorf("line %d: %w", t.line, err)
	}
	if v, _ := r.Float64(); math.Abs(v) > MaxPayoff {
		return nil, fmt.Errorf("line %d: %s is beyond ±1e100, the solvers' bound (rescale the game)", t.line, cellText(t.text))
	}
	return r, nil
}

// payoffs reads the payoff version: every profile's payoffs in turn,
// first the one in t.
func (p *nfgParser) payoffs(g *Game, t token) error {
	n := len(g.Players)
	for k := range len(g.Payoffs) * n {
		var err error
		if k > 0 {
			if t, err = p.nextNumber(); err != nil {
				return err
			}
		}
		if t.eof {
			return fmt.Errorf("line %d: the file ends after %d payoffs; %d profiles of %d players take %d", t.line, k, len(g.Payoffs), n, len(g.Payoffs)*n)
		}
		r, err := payoff(t)
		if err != nil {
			return err
		}
		if k%n == 0 {
			g.Payoffs[k/n] = make([]*big.Rat, n)
		}
		g.Payoffs[k/n][k%n] = r
	}
	return nil
}

// nextNumber is the next token that is not a comma.
func (p *nfgParser) nextNumber() (token, error) {
	for {
		t, err := p.next()
		if err != nil || t.quoted || t.text != "," {
			return t, err
		}
	}
}

// outcomes reads the outcome version after its opening brace: the
// outcomes, then each profile's outcome number.
func (p *nfgParser) outcomes(g *Game) error {
	n := len(g.Players)
	var outs [][]*big.Rat
	for {
		t, err := p.next()
		if err != nil {
			return err
		}
		if !t.quoted && t.text == "}" {
			break
		}
		if t.quoted || t.text != "{" {
			return fmt.Errorf("line %d: expected { and an outcome, or } after the last, found %s", t.line, t.describe())
		}
		if len(outs) == MaxProfiles {
			return fmt.Errorf("line %d: more than %d outcomes (the most this reads)", t.line, MaxProfiles)
		}
		if _, err := p.label("the outcome's name"); err != nil {
			return err
		}
		out := make([]*big.Rat, n)
		for i := range n {
			t, err := p.nextNumber()
			if err != nil {
				return err
			}
			if out[i], err = payoff(t); err != nil {
				if !t.quoted && t.text == "}" {
					return fmt.Errorf("line %d: outcome %d has %d payoffs, the game has %d players", t.line, len(outs)+1, i, n)
				}
				return err
			}
		}
		if t, err = p.nextNumber(); err != nil {
			return err
		}
		if t.quoted || t.text != "}" {
			return fmt.Errorf("line %d: outcome %d has more payoffs than the game's %d players (found %s)", t.line, len(outs)+1, n, t.describe())
		}
		outs = append(outs, out)
	}
	for k := range g.Payoffs {
		t, err := p.next()
		if err != nil {
			return err
		}
		if t.eof {
			return fmt.Errorf("line %d: the file ends after %d profiles' outcomes; the game has %d profiles", t.line, k, len(g.Payoffs))
		}
		o, err := strconv.Atoi(t.text)
		if t.quoted || err != nil || o < 0 || o > len(outs) {
			return fmt.Errorf("line %d: expected profile %d's outcome number (0 to %d), found %s", t.line, k+1, len(outs), t.describe())
		}
		if o == 0 {
			g.Payoffs[k] = make([]*big.Rat, n)
			for i := range n {
				g.Payoffs[k][i] = new(big.Rat)
			}
			continue
		}
		// Profiles share an outcome's values: nothing writes to them.
		g.Payoffs[k] = outs[o-1]
	}
	return nil
}

// denominatorsBounded refuses a game in which a player's payoffs have a
// least common denominator beyond MaxDenominatorBits.
func denominatorsBounded(g *Game) error {
	var gcd, q big.Int
	for i, player := range g.Players {
		lcm := big.NewInt(1)
		for _, row := range g.Payoffs {
			d := row[i].Denom()
			gcd.GCD(nil, nil, lcm, d)
			lcm.Mul(lcm, q.Quo(d, &gcd))
			if lcm.BitLen() > MaxDenominatorBits {
				return fmt.Errorf("%s's payoffs are fractions whose common denominator has more than %d digits (the most this computes with)", player, MaxDenominatorBits*3/10)
			}
		}
	}
	return nil
}
