package nzsc

// This file holds PlayRandom's picks of characters and boosters, and the
// tables that turn a digit into a pick.

// randomNewGame is PlayRandom from a new game: the same game, with the
// picks made in registers and each field of the state written once. In a new game the
// players pick alike until their characters are settled (a repeated pick
// is a clash), so one streak stands for both.
func (s *State) randomNewGame(d *draws) {
	p, q := &s.players[0], &s.players[1]
	d.refill()
	k := uint(0) // the next digit
	last, streak := NoCharacter, uint8(0)
	var ca, cb Character
	turn := uint16(0)
	for {
		u := d.c[k&7]
		if streak < 3 {
			// Any character: option u mod 4.
			ca, cb = Character(u&3), Character(u>>digitB&3)
		} else {
			w := &windowPick[characterWindow(last, streak)]
			ca, cb = Character(w[u&63]), Character(w[u>>digitB&63])
		}
		k++
		turn++
		if ca != cb || turn >= s.TurnCap {
			break
		}
		streak = streak&-b2u(last == ca) + 1
		last = ca
		if k == 6 {
			d.refill()
			k = 0
		}
	}
	p.lastCharacter, p.characterStreak = ca, streak&-b2u(last == ca)+1
	q.lastCharacter, q.characterStreak = cb, streak&-b2u(last == cb)+1
	s.Turn = turn
	if ca == cb {
		s.Phase, s.Result = GameOver, Draw
		return
	}
	p.character, q.character = ca, cb
	ga, gb := Headstart(ca, cb)
	s.points[0], s.points[1] = ga, gb
	if turn >= s.TurnCap {
		s.Phase, s.Result = GameOver, Draw
		return
	}
	if k == 6 {
		d.refill()
		k = 0
	}
	u := d.c[k&7]
	la := uint8(ca&3)<<2 | mod3[u&63]
	lb := uint8(cb&3)<<2 | mod3[u>>digitB&63]
	d.next = k + 1
	p.booster, q.booster = loadoutBooster[la&15], loadoutBooster[lb&15]
	p.owned, q.owned = loadoutOwned[la&15], loadoutOwned[lb&15]
	turn++
	s.Turn = turn
	if turn >= s.TurnCap {
		s.Phase, s.Result = GameOver, Draw
		return
	}
	s.Phase = PickMove
	limit := min(uint32(s.TurnCap-turn), 1<<15-1)
	acc := uint32(ga+scoreBias) | uint32(gb+scoreBias)<<8 | (1<<15-limit)<<16
	// The unowned moves depend on the booster's place only, so they come
	// straight from the digits, off the loadouts' chain.
	dead := unownedByDigit[u&63] | unownedByDigit[u>>digitB&63]<<(laneB-laneA)
	d.blockedDead = 0
	d.lost = &lostTable[ca&3][cb&3]
	x, dead, one, two, acc := playRounds(d, dead, dead, 0, 0, acc, &pairTable[ca&3][cb&3][loadoutStrong[la&15]<<1|loadoutStrong[lb&15]], &pickTable,
		loadoutWrecks[la&15]|loadoutWrecks[lb&15]<<(laneB-laneA)|stuckMark)
	s.finishRounds(x, dead, one, two, d.blockedDead, acc, limit)
}

// unownedByDigit[u] is, in seat 0's lane, the window moves a player does
// not own after picking booster option u mod 3: the same for every
// character (see loadoutLanes).
var unownedByDigit = func() (t [64]uint32) {
	for u := range t {
		t[u] = loadoutLanes[u%3]
	}
	return t
}()

// mod3[u] is u mod 3: a booster pick from a digit.
var mod3 = func() (t [64]uint8) {
	for u := range t {
		t[u] = uint8(u % 3)
	}
	return t
}()

// loadoutBooster[la] and loadoutOwned[la] are the booster and the moves
// of the loadout of index la (see loadoutIndex).
var loadoutBooster, loadoutOwned = func() (b [16]Booster, o [16]uint32) {
	for _, l := range Loadouts() {
		i := loadoutIndex(l.Character, l.Booster)
		b[i], o[i] = l.Booster, l.Moves()
	}
	return b, o
}()

// randomCharacters plays random character picks until the characters are
// settled or the game ends. Random picks are legal, so Step's
// classification of offences is skipped and the rules are applied
// directly, on the pick streaks held in registers.
func (s *State) randomCharacters(d *draws) {
	p, q := &s.players[0], &s.players[1]
	lastA, streakA, lastB, streakB := p.lastCharacter, p.characterStreak, q.lastCharacter, q.characterStreak
	turn := s.Turn
	var ca, cb Character
	for {
		ua, ub := d.take()
		ca = Character(windowPick[characterWindow(lastA, streakA)][ua&63])
		cb = Character(windowPick[characterWindow(lastB, streakB)][ub&63])
		// pickCharacter, branch-free: lastCharacter is NoCharacter
		// before the first pick, so a streak of zero always restarts.
		streakA = streakA&-b2u(lastA == ca) + 1
		streakB = streakB&-b2u(lastB == cb) + 1
		lastA, lastB = ca, cb
		turn++
		if ca != cb || turn >= s.TurnCap {
			break
		}
	}
	p.lastCharacter, p.characterStreak, q.lastCharacter, q.characterStreak = lastA, streakA, lastB, streakB
	s.Turn = turn
	if ca != cb {
		p.character, q.character = ca, cb
		ga, gb := Headstart(ca, cb)
		s.points[0] += ga
		s.points[1] += gb
		s.Phase = PickBooster
	}
	if s.unsettled() {
		s.settle(0)
	}
}

// characterWindow is characterMask for a streak held in registers.
func characterWindow(last Character, streak uint8) uint32 {
	return 0xF &^ (uint32(b2u(streak >= 3)) << (last & 7))
}

// randomBoosters plays the random booster picks: option k of a
// character's list, its two boosters and then No Booster.
func (s *State) randomBoosters(d *draws) {
	p, q := &s.players[0], &s.players[1]
	ua, ub := d.take()
	s.pickBoosters(p.character.Boosters()[ua&63%3], q.character.Boosters()[ub&63%3])
	s.Turn++
	if s.unsettled() {
		s.settle(0)
	}
}

// loadoutIndex numbers the 12 legal loadouts 4*character + k, k the
// booster's place in the character's list (its two, then No Booster). It
// is branch-free, since a random game's booster is a coin toss to a branch
// predictor, and below 16, so that tables of 16 need no bounds checks.
func loadoutIndex(c Character, b Booster) uint8 {
	return uint8(c&3)<<2 | uint8(b&1) | b2u(b == NoBooster)<<1
}

// windowPick[w][u] is the position of the (u mod n)-th set bit of the
// 7-bit window w with n set bits: the move pick in one lookup. Rows are
// padded to 64 so that u&63 needs no bounds check.
var windowPick = func() (t [128][64]uint8) {
	for w := 1; w < 128; w++ {
		var set []uint8 // w's set bits, lowest first
		for i := range uint8(7) {
			if w>>i&1 == 1 {
				set = append(set, i)
			}
		}
		for u := range 60 {
			t[w][u] = set[u%len(set)]
		}
	}
	return t
}()
