package agents

import "testing"

// buildAgent parses spec and builds its two-player NZSC bot.
func buildAgent(spec string) (Agent, error) {
	b, err := Parse(spec)
	if err != nil {
		return nil, err
	}
	return b.New()
}

// mustAgent builds the two-player NZSC bot of spec, failing t if it
// cannot.
func mustAgent(t testing.TB, spec string) Agent {
	t.Helper()
	a, err := buildAgent(spec)
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
	a, err := buildAgent("random")
	if err != nil {
		panic("agents tests: the random bot is not linked in: " + err.Error())
	}
	return a
}
