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
	const unvisited = -1
	index := make([]int32, n)
	low := make([]int32, n)
	comp = make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = unvisited
		comp[i] = -1
	}
	var (
		stack   []int32
		order   = make([]int32, 0, n)
		counter int32
	)
	type frame struct {
		v     int32
		next  int // position in edges
		edges []int32
	}
	var call []frame
	var edgePool [][]int32
	getEdges := func(v int32) []int32 {
		var e []int32
		if k := len(edgePool); k > 0 {
			e = edgePool[k-1][:0]
			edgePool = edgePool[:k-1]
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
		call = append(call, frame{v: int32(root), edges: getEdges(int32(root))})
		for len(call) > 0 {
			f := &call[len(call)-1]
			if f.next < len(f.edges) {
				w := f.edges[f.next]
				f.next++
				if w < 0 {
					continue
				}
				if index[w] == unvisited {
					index[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{v: w, edges: getEdges(w)})
				} else if onStack[w] {
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			edgePool = append(edgePool, f.edges)
			call = call[:len(call)-1]
			if len(call) > 0 {
				p := call[len(call)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] == index[v] {
				start := len(order)
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = int32(len(comps))
					order = append(order, w)
					if w == v {
						break
					}
				}
				comps = append(comps, order[start:len(order):len(order)])
			}
		}
	}
	return comps, comp
}
