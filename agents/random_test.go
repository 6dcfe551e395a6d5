package agents

import "testing"

// mustAgent builds the two-player NZSC bot of spec, failing t if it
// cannot.
func mustAgent(t testing.TB, spec string) Agent {
	t.Helper()
	b, err := Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	a, err := b.New()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// randomBot is these tests' two-player opponent: agents/nzsc's registered
// random bot, built through the registry. The tests of package agents
// cannot import agents/nzsc (it imports agents), but bots_link_test.go
// links it into the test binary, so the registry has it by the time a
// test runs.
func randomBot() Agent {
	b, err := Parse("random")
	if err != nil {
		panic("agents tests: the random bot is not linked in: " + err.Error())
	}
	a, err := b.New()
	if err != nil {
		panic(err)
	}
	return a
}
