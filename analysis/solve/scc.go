package solve

// sccs returns the strongly connected components of the graph with n
// nodes whose successors of node v are listed by succ(v, dst) (appended
// to dst; negative entries are ignored), in reverse topological order:
// every component comes after all components it has edges into. That is
// the order in which the stochastic game is solved, each component from
// already-solved successors.
//
// It is Tarjan's algorithm with an explicit stack, so that a long chain
// of states cannot overflow the goroutine stack. comp[v] receives v's
// component number; the components are returned as slices of one shared
// backing array.
func sccs(n int, succ func(v int32, dst []int32) []int32) (comps [][]int32, comp []int32) {
	var w sccWork
	return w.run(n, succ)
}

// sccWork is sccs's memory, kept from call to call by callers that find
// components many times (mdp.solve, once per best response): the
// answers of run live in it and are overwritten by the next call.
type sccWork struct {
	index, low, comp []int32
	onStack          []bool
	stack, order     []int32
	call             []sccFrame
	edgePool         [][]int32
	comps            [][]int32
}

type sccFrame struct {
	v     int32
	next  int // position in edges
	edges []int32
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// run is sccs on w's memory.
func (w *sccWork) run(n int, succ func(v int32, dst []int32) []int32) (comps [][]int32, comp []int32) {
	const unvisited = -1
	w.index, w.low, w.comp, w.onStack = grow(w.index, n), grow(w.low, n), grow(w.comp, n), grow(w.onStack, n)
	index, low, comp, onStack := w.index, w.low, w.comp, w.onStack
	for i := range index {
		index[i] = unvisited
		comp[i] = -1
		onStack[i] = false
	}
	var (
		stack   = w.stack[:0]
		order   = grow(w.order, n)[:0]
		counter int32
		call    = w.call[:0]
	)
	comps = w.comps[:0]
	getEdges := func(v int32) []int32 {
		var e []int32
		if k := len(w.edgePool); k > 0 {
			e = w.edgePool[k-1][:0]
			w.edgePool = w.edgePool[:k-1]
		}
		return succ(v, e)
	}
	for root := range n {
		if index[root] != unvisited {
			continue
		}
		index[root], low[root] = counter, counter
		counter++
		stack = append(stack, int32(root))
		onStack[root] = true
		call = append(call, sccFrame{v: int32(root), edges: getEdges(int32(root))})
		for len(call) > 0 {
			f := &call[len(call)-1]
			if f.next < len(f.edges) {
				t := f.edges[f.next]
				f.next++
				if t < 0 {
					continue
				}
				if index[t] == unvisited {
					index[t], low[t] = counter, counter
					counter++
					stack = append(stack, t)
					onStack[t] = true
					call = append(call, sccFrame{v: t, edges: getEdges(t)})
				} else if onStack[t] {
					low[f.v] = min(low[f.v], index[t])
				}
				continue
			}
			v := f.v
			w.edgePool = append(w.edgePool, f.edges)
			call = call[:len(call)-1]
			if len(call) > 0 {
				p := call[len(call)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] == index[v] {
				start := len(order)
				for {
					x := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[x] = false
					comp[x] = int32(len(comps))
					order = append(order, x)
					if x == v {
						break
					}
				}
				comps = append(comps, order[start:len(order):len(order)])
			}
		}
	}
	w.stack, w.order, w.call, w.comps = stack, order, call[:0], comps
	return comps, comp
}
