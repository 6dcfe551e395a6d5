package runs

import (
	"errors"
	"testing"

	"github.com/nzsclab/nzsc/agents"
)

// TestParseBotRefusesAsPlay: the Runs form refuses a program with the
// refusal the Play page gives (agents.ErrExec), the one rule of every page.
// A parameter naming a file on the server is refused the same way, and
// the same for a path that exists and one that does not, so that the
// answer tells nothing of the server's files.
func TestParseBotRefusesAsPlay(t *testing.T) {
	for _, spec := range []string{"exec:/bin/true", "exec:sh -c true;timeout=1s", "optimal:path=/nonexistent/x", "optimal:path=runs.go"} {
		if _, err := ParseBot("nzsc", 2, spec, false); !errors.Is(err, agents.ErrExec) {
			t.Errorf("%s without AllowExec: %v, want agents.ErrExec", spec, err)
		}
	}
}
