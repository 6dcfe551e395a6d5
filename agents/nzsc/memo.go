package nzsc

import (
	"context"
	"sync"
)

// processMemo computes one value per key once per process and shares it
// between every bot instance (each worker's, each server session's): a
// solution for optimal, a best response for exploiter, seconds of CPU
// each. Callers of one key wait for the first computation. One cut
// short by its context is not kept: the next caller, on another context
// (the next request of a server), computes again.
//
// limit, when above 0, bounds the keys kept: a new key past it drops the
// key asked least recently (its value is computed again if asked again;
// callers still holding it keep it), so that a process asked for ever
// new keys (a server's remote players, a long series of runs) does not
// grow without end. A key some caller is computing or waiting for is
// not dropped (its next caller would compute it a second time, at
// once): past the limit by as many keys as are in flight, until they
// end.
type processMemo[K comparable, V any] struct {
	limit int
	mu    sync.Mutex
	byKey map[K]*memoEntry[V]
	// clock stamps each ask, for the least recently asked.
	clock uint64
}

type memoEntry[V any] struct {
	mu   sync.Mutex // held while computing
	done bool       // v and err are final
	v    V
	err  error
	used uint64 // the last ask's stamp, under processMemo.mu
	// callers are the gets computing or waiting for it, under
	// processMemo.mu: while any, it is not dropped.
	callers int
}

// get returns key's value, computing it with compute at the first call.
func (m *processMemo[K, V]) get(ctx context.Context, key K, compute func(context.Context) (V, error)) (V, error) {
	m.mu.Lock()
	m.clock++
	e, ok := m.byKey[key]
	if !ok {
		if m.byKey == nil {
			m.byKey = map[K]*memoEntry[V]{}
		}
		for m.limit > 0 && len(m.byKey) >= m.limit && m.dropOldest() {
		}
		e = &memoEntry[V]{}
		m.byKey[key] = e
	}
	e.used = m.clock
	e.callers++
	m.mu.Unlock()
	defer func() {
		m.mu.Lock()
		e.callers--
		// Keys kept past the limit while in flight go once idle.
		for m.limit > 0 && len(m.byKey) > m.limit && m.dropOldest() {
		}
		m.mu.Unlock()
	}()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.done {
		return e.v, e.err
	}
	v, err := compute(ctx)
	if err != nil && ctx.Err() != nil {
		var zero V
		return zero, err
	}
	e.done, e.v, e.err = true, v, err
	return v, err
}

// dropOldest drops the key asked least recently that no caller is
// computing or waiting for, and reports whether there was one (m.mu
// held). A scan: limits are a few dozen keys, and a new key costs
// seconds to compute.
func (m *processMemo[K, V]) dropOldest() bool {
	var oldest K
	found := false
	var at uint64
	for k, e := range m.byKey {
		if e.callers == 0 && (!found || e.used < at) {
			oldest, at, found = k, e.used, true
		}
	}
	if found {
		delete(m.byKey, oldest)
	}
	return found
}
