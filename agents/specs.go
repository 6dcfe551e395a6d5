package agents

import (
	"fmt"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
)

// SplitSpecs splits a list of bot specs (nzsc tournament --bots) at
// commas and semicolons. Specs may contain both (mcts:iters=100,c=2;
// exec:bot;timeout=1s), so a piece starts a new bot only when it begins
// with a registered bot's name; any other piece (a key=value, an
// external program's argument) continues the previous spec, with the
// separator it had. An empty piece (two separators in a row, or one at
// either end) is kept as an empty spec, which the parser refuses: a list
// that lost a name is a mistake, not one bot fewer.
func SplitSpecs(s string) []string {
	kinds := Registered()
	var out []string
	// spec holds the last spec while pieces may still join it, so that
	// a long spec is built once rather than copied at every piece.
	var spec strings.Builder
	var last specHead
	flush := func() {
		if last.open {
			out[len(out)-1] = spec.String()
			spec.Reset()
		}
	}
	sep := ""
	// more stays true after a trailing separator, whose empty piece
	// follows it.
	for more := s != ""; more; {
		i := strings.IndexAny(s, ",;")
		more = i >= 0
		piece, next := s, ""
		if i >= 0 {
			piece, next = s[:i], s[i+1:]
		}
		t := strings.TrimSpace(piece)
		if t != "" && last.open && !startsBot(kinds, t, last) {
			spec.WriteString(sep)
			spec.WriteString(t)
			last.joined = true
		} else {
			flush()
			out = append(out, t)
			if last = (specHead{open: t != "", first: t}); last.open {
				spec.WriteString(t)
			}
		}
		if i >= 0 {
			sep = s[i : i+1]
		}
		s = next
	}
	flush()
	return out
}

// specHead is what startsBot reads of the spec a list's next piece may
// continue: whether there is one (a non-empty spec), its first piece and
// whether pieces were joined to it.
type specHead struct {
	open   bool
	first  string
	joined bool
}

// name is the spec's bot name, the text before its first ':'. A first
// piece without ':' that had pieces joined to it has a separator in its
// name, which no registered bot's name has: it is returned as "".
func (h specHead) name() string {
	name, _, colon := strings.Cut(h.first, ":")
	if !colon && h.joined {
		return ""
	}
	return name
}

// CheckTyped refuses what a person's spec may not be though a stored one
// may: a spec ending in ':' with nothing after it ("mcts:", the sign of
// an empty shell variable), which the parser reads as the defaults under
// the distinct name "mcts:" (runs written that way resume), or one
// ending in ';', an option lost the same way (exec:./bot;), or one with
// spaces at either end (" random", a quoting slip), which the parser
// reads but whose name would carry them into every table. Commands and
// pages call it on the specs they are given, before parsing them.
func CheckTyped(spec string) error {
	if t := strings.TrimSpace(spec); strings.HasSuffix(t, ";") {
		return fmt.Errorf("bot spec %q ends in ';' with no option after it (write one, such as ;timeout=1s, or drop the ';')", spec)
	}
	name, rest, ok := strings.Cut(strings.TrimSpace(spec), ":")
	if !ok || strings.TrimSpace(rest) != "" {
		if t := strings.TrimSpace(spec); t != spec && t != "" {
			return fmt.Errorf("bot spec %q has spaces at its start or end (write it as %q)", spec, t)
		}
		return nil
	}
	name = strings.TrimSpace(name)
	example := name + ":key=value"
	for _, kinds := range registry {
		for _, i := range kinds[name] {
			if i.Prefix {
				example = name + ":ARG"
			}
		}
	}
	return fmt.Errorf("bot spec %q has nothing after ':' (write what goes after it, such as %s, or drop the ':')", spec, example)
}

// startsBot reports whether a list's piece begins a new spec after the
// spec prev: a registered bot's name among kinds (alone or before ':')
// does; a key=value, or anything after a free-form spec such as
// exec:PROGRAM ARGS, continues prev; any other word starts a spec of its
// own, so that the error names it.
func startsBot(kinds []Info, piece string, prev specHead) bool {
	isKind := func(name string, prefixOnly bool) bool {
		for _, i := range kinds {
			if i.Name == name && (!prefixOnly || i.Prefix) {
				return true
			}
		}
		return false
	}
	name, _, _ := strings.Cut(piece, ":")
	switch {
	case isKind(name, false):
		return true
	case isKind(prev.name(), true):
		return false
	}
	return !strings.Contains(name, "=")
}

// CheckNames refuses two bots of one name: a table could not tell them
// apart. A two-player head-to-head run (mirror) may pit one spec against
// itself: its tables name the seats A and B (tables of 3 or 4 name bots,
// so there a second copy needs a name=ALIAS).
func CheckNames(bots []*Bot, mirror bool) error {
	seen := map[string]string{}
	for _, b := range bots {
		if spec, dup := seen[b.Name()]; dup {
			if spec == b.Spec && mirror {
				continue
			}
			if spec == b.Spec {
				return fmt.Errorf("bot %q is listed twice (give each a name=ALIAS, such as %s:name=%s2)", b.Spec, b.Info.Name, b.Info.Name)
			}
			return fmt.Errorf("two bots are named %q (%s and %s); give one a name=ALIAS", b.Name(), spec, b.Spec)
		}
		seen[b.Name()] = b.Spec
	}
	return nil
}

// NameCopies gives the second and later copies of one bot in a match at
// a table of 3 or 4 a name of their own (random, random2, random3): its
// tables name bots, not seats, and two rows called random could not be
// told apart. At two seats it returns bots as they are: those tables
// name the seats A and B. The name goes into the spec, so a resumed run
// keeps it. It is the one naming of copies: nzsc match and the Runs
// page's match call it after CheckNames(bots, true), so both name one
// list alike. (An sprt's other seats are copies of its base on purpose,
// and say so.) It writes into bots and returns it.
func NameCopies(bots []*Bot, g game.Game) ([]*Bot, error) {
	if g.Seats() <= 2 {
		return bots, nil
	}
	return NumberCopies(bots, g)
}

// NumberCopies names the second and later copies of one bot (CopyNames)
// whatever the seats: a tournament's tables name bots at two seats too,
// so nzsc tournament numbers a bot listed twice at every size, where a
// match does at 3 or 4 only (NameCopies). It writes into bots and
// returns it.
func NumberCopies(bots []*Bot, g game.Game) ([]*Bot, error) {
	names := make([]string, len(bots))
	for i, b := range bots {
		names[i] = b.Name()
	}
	for i, alias := range CopyNames(names) {
		if alias == names[i] {
			continue
		}
		if a := bots[i].Alias; a != "" {
			// The copy's name would be a second name= in its spec.
			return nil, fmt.Errorf("bot %q is listed twice under its one name %q: give each copy a name=ALIAS of its own (such as name=%s)", bots[i].Spec, a, alias)
		}
		named, err := ParseForSeats(g.Info().Name, g.Seats(), bots[i].WithOption("name", alias))
		if err != nil {
			return nil, err
		}
		bots[i] = named
	}
	return bots, nil
}
