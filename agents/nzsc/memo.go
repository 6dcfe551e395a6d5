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
type processMemo[K comparable, V any] struct {
	mu    sync.Mutex
	byKey map[K]*memoEntry[V]
}

type memoEntry[V any] struct {
	mu   sync.Mutex // held while computing
	done bool       // v and err are final
	v    V
	err  error
}

// get returns key's value, computing it with compute at the first call.
func (m *processMemo[K, V]) get(ctx context.Context, key K, compute func(context.Context) (V, error)) (V, error) {
	m.mu.Lock()
	e, ok := m.byKey[key]
	if !ok {
		if m.byKey == nil {
			m.byKey = map[K]*memoEntry[V]{}
		}
		e = &memoEntry[V]{}
		m.byKey[key] = e
	}
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
