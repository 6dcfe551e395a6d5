package npzr

import (
	"slices"

	np "github.com/nzsclab/nzsc/engine/npzr"
)

// This file enumerates a seat's whole turns: the fast wild cards, the
// regular card and the earned moves that follow from a decision to the end
// of the seat's turn, searched as one decision. A seat's own turn hides
// nothing from it (it draws before it decides; no card is drawn until the
// turn ends), so a turn found on one deal of the hidden cards is the same
// turn on every deal.

// turnLine is a turn found by turnSearch: its actions acts[from:to] and
// the state after it (the opponent's turn begun, or the game over).
type turnLine struct {
	from, to int
	end      np.State
	static   float64
}

// turnSearch enumerates the turns of the seat to act, merging the
// sequences that reach the same position (State.Key), and stops at the
// first winning line. Its buffers are reused between searches.
type turnSearch struct {
	me       int
	maxNodes int
	nodes    int
	// seen holds the positions inside the turn already expanded, ends
	// the positions after a finished turn already listed (index into
	// lines).
	seen map[uint64]struct{}
	ends map[uint64]int
	path []np.Action
	bufs [][]np.Action
	// spoilBufs hold each depth's spoiling moves.
	spoilBufs [][]np.Action
	p         policy
	lines     []turnLine
	acts      []np.Action
	// win is a winning line when won.
	win []np.Action
	won bool
	// capped says the node limit cut the search short.
	capped bool
	// wide makes the search look for a win only (no turns listed),
	// following also every card put on an existing stack.
	wide bool
}

// search lists the turns of s's seat to act from s (a decision of that
// seat), at most maxNodes positions expanded. A winning line within the
// turn, if the search meets one, is in t.win (t.won).
func (t *turnSearch) search(s *np.State, maxNodes int) {
	t.wide = false
	t.run(s, maxNodes)
}

// searchWin looks for a winning line only, following more actions than
// search: every card put on an existing stack, whatever it shows (a
// stack one card from nothing may still be completed by two more). It
// lists no turns.
func (t *turnSearch) searchWin(s *np.State, maxNodes int) {
	t.wide = true
	t.run(s, maxNodes)
}

func (t *turnSearch) run(s *np.State, maxNodes int) {
	t.me, t.maxNodes, t.nodes = s.ToAct(), maxNodes, 0
	if t.seen == nil {
		t.seen, t.ends = map[uint64]struct{}{}, map[uint64]int{}
	}
	clear(t.seen)
	clear(t.ends)
	t.path, t.lines, t.acts, t.win = t.path[:0], t.lines[:0], t.acts[:0], t.win[:0]
	t.won, t.capped = false, false
	t.dfs(s, 0)
}

// line returns the actions of lines[i].
func (t *turnSearch) line(i int) []np.Action { return t.acts[t.lines[i].from:t.lines[i].to] }

func (t *turnSearch) dfs(s *np.State, depth int) {
	key := s.Key()
	if _, ok := t.seen[key]; ok {
		return
	}
	t.seen[key] = struct{}{}
	if t.nodes >= t.maxNodes {
		t.capped = true
		return
	}
	t.nodes++
	for len(t.bufs) <= depth {
		t.bufs = append(t.bufs, make([]np.Action, 0, 256))
		t.spoilBufs = append(t.spoilBufs, nil)
	}
	legal := s.Legal(t.bufs[depth])
	t.bufs[depth] = legal
	// The greedy rules' spoiling moves, listed once for the position.
	spoils := t.spoilBufs[depth][:0]
	if s.Phase() == np.Move {
		for _, c := range t.p.candidates(s) {
			if c.prio == prioSpoil {
				spoils = append(spoils, c.a)
			}
		}
	}
	t.spoilBufs[depth] = spoils
	for _, a := range legal {
		x := *s
		x.Step(a)
		if x.Over() || x.ToAct() != t.me {
			if x.Over() && x.Winner() == t.me {
				t.win = append(append(t.win[:0], t.path...), a)
				t.won = true
				return
			}
			if !t.wide {
				t.addLine(a, &x)
			}
			continue
		}
		// The turn goes on: a fast wild, or a card or move that earned a
		// move, or a move or a decline with more to come. Follow it when
		// it completed a stack (even one giving the opponent a character:
		// the moves it earns may still win), when it builds a stack to two
		// tops of a character (a wild or move set up for a completion),
		// or when it is a decline (back to the cards) or a move the greedy
		// rules rank as a spoil.
		follow := scoreSum(&x) > scoreSum(s) || a.IsDecline() || buildsTwo(s, a) || slices.Contains(spoils, a) ||
			t.wide && a.Target() != np.NewStack
		if !follow {
			continue
		}
		t.path = append(t.path, a)
		t.dfs(&x, depth+1)
		t.path = t.path[:len(t.path)-1]
		if t.won {
			return
		}
	}
}

// addLine lists the turn path+a ending in end, unless a turn reaching the
// same position is listed.
func (t *turnSearch) addLine(a np.Action, end *np.State) {
	key := end.Key()
	if _, ok := t.ends[key]; ok {
		return
	}
	t.ends[key] = len(t.lines)
	from := len(t.acts)
	t.acts = append(append(t.acts, t.path...), a)
	t.lines = append(t.lines, turnLine{from: from, to: len(t.acts), end: *end})
}

// scoreSum is the number of stacks completed so far in the game, both
// seats' (a completion raises it by one).
func scoreSum(s *np.State) int {
	n := 0
	for seat := range 2 {
		for _, x := range s.Scores(seat) {
			n += int(x)
		}
	}
	return n
}

// buildsTwo reports whether play or move a puts a card on an existing
// stack, counting as a character that the stack's other two piles then
// show at least once (two tops of it, one card from complete), where the
// pile's top did not count as it. Whoever owns the stack, and whether or
// not its character is new to its owner, completing it earns a move,
// which may complete more: a win within the turn may go through it.
func buildsTwo(s *np.State, a np.Action) bool {
	if a.IsDecline() || a.Target() == np.NewStack {
		return false
	}
	tgt, as := a.Target(), a.As()
	c, part := as.Character(), as.Part()
	n := 0
	for p := range np.Part(np.NumParts) {
		_, top, ok := s.Top(tgt, p)
		if !ok || top.Character() != c {
			continue
		}
		if p == part {
			return false // covers a top that counts already
		}
		n++
	}
	if a.IsMove() {
		// Taking the card from the same stack takes away a top of it.
		if from, fp := a.From(); from == tgt && fp != part {
			if _, top, _ := s.Top(from, fp); top.Character() == c {
				n--
			}
		}
	}
	return n >= 1
}
