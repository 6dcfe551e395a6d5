package solve

// mdp is a finite Markov decision process whose payoff is collected when
// play leaves it: every action has an exit probability and an expected
// exit payoff (exitV, already weighted by probability) and moves to the
// MDP's own states with the remaining probability. Play that never
// leaves is worth 0. It is the best response to a fixed stationary
// strategy inside one strongly connected component of the game, with the
// component's exits valued by what was computed before.
type mdp struct {
	n     int
	first []int32 // actions of state s: acts[first[s]:first[s+1]]
	acts  []mdpAction
	to    []int32
	p     []float64
	// strict makes policy improvement take any gain at all, not only
	// gains over 1e-13 (see solve).
	strict bool
	// The rest is solve's memory, kept from call to call (a solver
	// finds some ten best responses per component).
	allowed, isEC []bool
	node, ecNode  []int32
	policy, dist  []int32
	nodeActs      [][]int32
	val, a, b, e  []float64
	scc           sccWork
	// collapsed reports whether solve found the end components (a
	// state whose every action leaves it is solved without).
	collapsed bool
}

type mdpAction struct {
	exitP, exitV float64
	lo, hi       int32 // transitions to[lo:hi], p[lo:hi]
}

func (m *mdp) reset(n int) {
	m.n = n
	m.collapsed = false
	m.first = append(m.first[:0], 0)
	m.acts = m.acts[:0]
	m.to = m.to[:0]
	m.p = m.p[:0]
}

// beginAction starts a new action of the current state (states are
// filled in order; endState closes one).
func (m *mdp) beginAction() {
	m.acts = append(m.acts, mdpAction{lo: int32(len(m.to)), hi: int32(len(m.to))})
}

// addExit adds probability p of leaving with payoff v to the current
// action.
func (m *mdp) addExit(p, v float64) {
	a := &m.acts[len(m.acts)-1]
	a.exitP += p
	a.exitV += p * v
}

// addMove adds probability p of going to state t to the current action.
func (m *mdp) addMove(p float64, t int32) {
	m.to = append(m.to, t)
	m.p = append(m.p, p)
	m.acts[len(m.acts)-1].hi++
}

func (m *mdp) endState() { m.first = append(m.first, int32(len(m.acts))) }

// maximize writes into v (length n) the largest expected payoff the
// controller can secure from every state, endless play counting 0.
//
// Why not plain policy iteration: with endless play worth 0 the Bellman
// equation has spurious fixed points (a policy that walks into a loss
// while a loop it fully controls would have given 0 can look optimal).
// The standard cure: find the maximal end components (sets of states the
// controller can keep play inside forever), collapse each into one node
// that may also "stay" for 0, and then every policy of the collapsed
// process leaves with probability 1, so each policy's evaluation is a
// nonsingular linear system and policy iteration ends at the unique
// optimum.
func (m *mdp) maximize(v []float64) { m.solve(v, nil) }

// inEndComponent reports whether state s lies in an end component of the
// process solve last solved. For a process of one action per state (the
// chain of a fixed policy pair) that is a set play never leaves once in
// it, which solve values as endless play, 0.
func (m *mdp) inEndComponent(s int) bool { return m.collapsed && m.isEC[m.node[s]] }

// maximizePolicy is maximize that also writes an optimal policy: mask[s]
// has bit a set for each of state s's actions (numbered from 0 within the
// state) to choose among uniformly. Inside an end component whose best
// is to leave by action a of state u, u plays a and the others mix their
// internal actions, which reaches u with probability 1; an end component
// best kept forever mixes its internal actions everywhere.
func (m *mdp) maximizePolicy(v []float64, mask []uint8) { m.solve(v, mask) }

func (m *mdp) solve(v []float64, mask []uint8) {
	n := m.n
	if n == 1 && mask == nil {
		if x, ok := m.oneExit(); ok {
			v[0] = x
			return
		}
	}
	// 1. and 2. Maximal end components, collapsed into nodes.
	size := m.collapse()
	m.collapsed = true
	node, nodeActs, isEC, allowed := m.node, m.nodeActs, m.isEC, m.allowed
	// 3. Policy iteration on the collapsed process.
	q := func(a int32, val []float64) float64 {
		if a < 0 {
			return 0
		}
		act := &m.acts[a]
		s := act.exitV
		for i := act.lo; i < act.hi; i++ {
			s += m.p[i] * val[node[m.to[i]]]
		}
		return s
	}
	m.policy, m.val = grow(m.policy, size), grow(m.val, size)
	policy, val := m.policy, m.val
	clear(val)
	for k := range policy {
		// Start from the best immediate exit, a proper policy anyway.
		best := nodeActs[k][0]
		for _, a := range nodeActs[k][1:] {
			if q(a, val) > q(best, val) {
				best = a
			}
		}
		policy[k] = best
	}
	// Why strict for certificates: against a strategy that leaves a loop
	// with probability 1e-11 per turn, a gain of 1e-13 per turn adds up
	// to 1e-2 before play leaves, so ignoring it overstates the bound.
	// The iteration cap ends any cycling on rounding noise.
	improveTol := 1e-13
	if m.strict {
		improveTol = 0
	}
	m.a, m.b, m.e = grow(m.a, size*size), grow(m.b, size), grow(m.e, size)
	a, b, e := m.a, m.b, m.e
	for iter := 0; iter < 1000; iter++ {
		clear(a)
		for k := range size {
			act := policy[k]
			if act < 0 {
				e[k], b[k] = 1, 0
				continue
			}
			ac := &m.acts[act]
			b[k], e[k] = ac.exitV, ac.exitP
			for i := ac.lo; i < ac.hi; i++ {
				if t := int(node[m.to[i]]); t != k {
					a[k*size+t] -= m.p[i]
				}
			}
		}
		if !gthSolve(a, e, b, size) {
			// Proper policies give a nonsingular system; a failure here
			// is a bug, not bad input.
			panic("solve: singular policy evaluation")
		}
		copy(val, b)
		changed := false
		for k := range size {
			cur := q(policy[k], val)
			for _, act := range nodeActs[k] {
				if qa := q(act, val); qa > cur+improveTol {
					policy[k], cur = act, qa
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	for s := range n {
		v[s] = val[node[s]]
	}
	if mask == nil {
		return
	}
	// Outside end components, the policy's action. Inside one that is best
	// left, every state with an optimal exit takes it, and the others step
	// along allowed actions toward the nearest such state (breadth-first
	// layers), which reaches one with probability 1 and quickly; one that
	// is best kept forever mixes its allowed actions.
	const unset = -1
	m.dist = grow(m.dist, n)
	dist := m.dist
	for s := range n {
		k := node[s]
		mask[s], dist[s] = 0, unset
		if !isEC[k] {
			mask[s] = 1 << (policy[k] - m.first[s])
			continue
		}
		if policy[k] < 0 {
			for a := m.first[s]; a < m.first[s+1]; a++ {
				if allowed[a] {
					mask[s] |= 1 << (a - m.first[s])
				}
			}
			continue
		}
		for a := m.first[s]; a < m.first[s+1]; a++ {
			if !allowed[a] && q(a, val) >= val[k]-1e-12 {
				mask[s] |= 1 << (a - m.first[s])
			}
		}
		if mask[s] != 0 {
			dist[s] = 0
		}
	}
	for layer := int32(0); ; layer++ {
		grew := false
		for s := range n {
			k := node[s]
			if !isEC[k] || policy[k] < 0 || dist[s] != unset {
				continue
			}
			for a := m.first[s]; a < m.first[s+1]; a++ {
				if !allowed[a] {
					continue
				}
				for _, t := range m.to[m.acts[a].lo:m.acts[a].hi] {
					if dist[t] == layer {
						mask[s] |= 1 << (a - m.first[s])
						break
					}
				}
			}
			if mask[s] != 0 {
				dist[s] = layer + 1
				grew = true
			}
		}
		if !grew {
			break
		}
	}
}

// collapse is the half of solve that knows no numbers: it finds the
// maximal end components (sets of states the controller can keep play
// inside forever) and numbers the collapsed process's nodes, one per end
// component and one per other state. It sets m.allowed (per action:
// whether it stays inside its state's end component), m.node (each
// state's node) and m.nodeActs and m.isEC (each node's actions, the
// actions of its states that are not allowed, then -1, "stay", for an
// end component), and returns the number of nodes. Only whether an
// action's exitP is 0 and where its moves go count, so bigMDP collapses
// its process here too.
func (m *mdp) collapse() int {
	n := m.n
	// 1. Maximal end components: repeatedly drop actions that can leave
	// their state's strongly connected component (or the process).
	m.allowed = grow(m.allowed, len(m.acts))
	allowed := m.allowed
	for a := range m.acts {
		allowed[a] = m.acts[a].exitP == 0
	}
	var comp []int32
	for {
		_, comp = m.scc.run(n, func(s int32, dst []int32) []int32 {
			for a := m.first[s]; a < m.first[s+1]; a++ {
				if allowed[a] {
					dst = append(dst, m.to[m.acts[a].lo:m.acts[a].hi]...)
				}
			}
			return dst
		})
		changed := false
		for s := range n {
			for a := m.first[s]; a < m.first[s+1]; a++ {
				if !allowed[a] {
					continue
				}
				for _, t := range m.to[m.acts[a].lo:m.acts[a].hi] {
					if comp[t] != comp[s] {
						allowed[a] = false
						changed = true
						break
					}
				}
			}
		}
		if !changed {
			break
		}
	}
	// 2. Nodes: one per end component, one per other state.
	m.node, m.ecNode = grow(m.node, n), grow(m.ecNode, n)
	node, ecNode := m.node, m.ecNode // ecNode[c]: end component c's node
	for c := range ecNode {
		ecNode[c] = -1
	}
	nodes := int32(0)
	for s := range n {
		inEC := false
		for a := m.first[s]; a < m.first[s+1]; a++ {
			inEC = inEC || allowed[a]
		}
		if !inEC {
			node[s] = nodes
			nodes++
			continue
		}
		if k := ecNode[comp[s]]; k >= 0 {
			node[s] = k
			continue
		}
		ecNode[comp[s]] = nodes
		node[s] = nodes
		nodes++
	}
	// Node actions: the non-internal actions of its states, plus "stay"
	// (-1) for an end component.
	m.nodeActs, m.isEC = grow(m.nodeActs, int(nodes)), grow(m.isEC, int(nodes))
	nodeActs, isEC := m.nodeActs, m.isEC
	for k := range nodeActs {
		nodeActs[k] = nodeActs[k][:0]
		isEC[k] = false
	}
	for s := range n {
		k := node[s]
		for a := m.first[s]; a < m.first[s+1]; a++ {
			if allowed[a] {
				isEC[k] = true
				continue
			}
			nodeActs[k] = append(nodeActs[k], a)
		}
	}
	for k := range nodeActs {
		if isEC[k] {
			nodeActs[k] = append(nodeActs[k], -1)
		}
	}
	return int(nodes)
}

// oneExit is solve's answer for a process of one state whose every
// action leaves it: the best action's exitV/exitP (the general path's
// policy evaluation, the same division), the first best as the general
// path picks it. Most components are such states, and the general path's
// end-component search cost them more than the answer. ok is false when
// the process is not of that kind.
func (m *mdp) oneExit() (x float64, ok bool) {
	best := -1
	for a := m.first[0]; a < m.first[1]; a++ {
		act := &m.acts[a]
		if act.hi > act.lo || !(act.exitP > 0) {
			return 0, false
		}
		if best < 0 || act.exitV > m.acts[best].exitV {
			best = int(a)
		}
	}
	if best < 0 {
		return 0, false
	}
	return m.acts[best].exitV / m.acts[best].exitP, true
}

// gthSolve solves (I - P) x = b for a substochastic P given as its
// off-diagonal entries negated in a (n×n row-major; the diagonal is
// ignored) and each row's exit probability in exit (1 minus the row's
// total probability, self-loops excluded): b becomes x, and a and exit
// are overwritten.
//
// Why not LU with pivoting: when a chain leaves a set of states with
// probability 1e-16 per turn, 1 - P(k,k) cancels to nothing in floating
// point and the system looks singular, although its answer (leaving is
// certain in the long run) is well defined. Like the algorithm of
// Grassmann, Taksar and Heyman for stationary distributions, this
// elimination never subtracts: the diagonal is always recomputed as the
// row's exit mass plus its off-diagonal mass, and a row inherits the exit
// mass of the row eliminated into it. The matrix is an M-matrix, so no
// pivoting is needed. It reports false if a pivot is zero (a set of
// states that never exits: a bug in the caller).
func gthSolve(a, exit, b []float64, n int) bool {
	for c := range n {
		diag := exit[c]
		for j := c + 1; j < n; j++ {
			diag -= a[c*n+j]
		}
		if !(diag > 0) {
			return false
		}
		a[c*n+c] = diag
		for r := c + 1; r < n; r++ {
			arc := a[r*n+c]
			if arc == 0 {
				continue
			}
			f := -arc / diag // >= 0
			for j := c + 1; j < n; j++ {
				if j != r {
					a[r*n+j] += f * a[c*n+j]
				}
			}
			exit[r] += f * exit[c]
			b[r] += f * b[c]
		}
	}
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r*n+k] * b[k]
		}
		b[r] = s / a[r*n+r]
	}
	return true
}
