package agents

import (
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// splitSpecsQuadratic is SplitSpecs as first written: each piece joined
// to the previous spec by string concatenation and the registry read at
// every piece. It is the oracle the one-pass SplitSpecs must agree with.
func splitSpecsQuadratic(s string) []string {
	var out []string
	sep := ""
	for more := s != ""; more; {
		i := strings.IndexAny(s, ",;")
		more = i >= 0
		piece, next := s, ""
		if i >= 0 {
			piece, next = s[:i], s[i+1:]
		}
		t := strings.TrimSpace(piece)
		if n := len(out); t != "" && n > 0 && out[n-1] != "" && !oldStartsBot(t, out[n-1]) {
			out[n-1] += sep + t
		} else {
			out = append(out, t)
		}
		if i >= 0 {
			sep = s[i : i+1]
		}
		s = next
	}
	return out
}

func oldStartsBot(piece, prev string) bool {
	isKind := func(spec string, prefixOnly bool) bool {
		name, _, _ := strings.Cut(spec, ":")
		for _, i := range Registered() {
			if i.Name == name && (!prefixOnly || i.Prefix) {
				return true
			}
		}
		return false
	}
	switch {
	case isKind(piece, false):
		return true
	case isKind(prev, true):
		return false
	}
	name, _, _ := strings.Cut(piece, ":")
	return !strings.Contains(name, "=")
}

// TestSplitSpecsAsFirstWritten draws lists from pieces that exercise
// every branch (bot names alone and with options, a prefix kind alone
// and with its argument, key=values, free words, spaces, empty pieces)
// and compares the split with the oracle's.
func TestSplitSpecsAsFirstWritten(t *testing.T) {
	pieces := []string{"random", "greedy", "mcts", "mcts:iters=5", "exec", "exec:prog a", "exec:", "c=2", " c=2 ", "timeout=1s", "b", "randm", "x:y", "a=b:c", "", " ", "nash "}
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 20000 {
		var b strings.Builder
		for k := range 1 + r.IntN(7) {
			if k > 0 {
				b.WriteByte(",;"[r.IntN(2)])
			}
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		in := b.String()
		if got, want := SplitSpecs(in), splitSpecsQuadratic(in); !reflect.DeepEqual(got, want) {
			t.Fatalf("list %d: SplitSpecs(%q) = %q, first written %q", n, in, got, want)
		}
	}
}

// TestSplitSpecsLinear: a spec of many options is built once. Joining
// each option by concatenation copied the spec so far at every piece,
// bytes allocated growing as the square of the list (40 000 options: 2.6
// s, gigabytes); a server splits lists anyone sends it.
func TestSplitSpecsLinear(t *testing.T) {
	list := "mcts:" + strings.Repeat("a=1,", 20000) + "random"
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	got := SplitSpecs(list)
	runtime.ReadMemStats(&after)
	if len(got) != 2 || got[1] != "random" {
		t.Fatalf("SplitSpecs of %d options gave %d specs", 20000, len(got))
	}
	if bytes := after.TotalAlloc - before.TotalAlloc; bytes > 20*uint64(len(list)) {
		t.Errorf("SplitSpecs of a %d-byte list allocated %d bytes, more than 20 times its size", len(list), bytes)
	}
}
