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
// grow without end.
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
		if m.limit > 0 && len(m.byKey) >= m.limit {
			m.dropOldest()
		}
		e = &memoEntry[V]{}
		m.byKey[key] = e
	}
	e.used = m.clock
	m.mu.Unlock()
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

// dropOldest drops the key asked least recently (m.mu held). A scan:
// limits are a few dozen keys, and a new key costs seconds to compute.
func (m *processMemo[K, V]) dropOldest() {
	var oldest K
	first := true
	var at uint64
	for k, e := range m.byKey {
		if first || e.used < at {
			oldest, at, first = k, e.used, false
		}
	}
	delete(m.byKey, oldest)
}
