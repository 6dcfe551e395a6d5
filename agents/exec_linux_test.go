package agents

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestExecOrphans: a bot's child that calls setsid() (leaving the bot's
// process group) dies with the bot, whether the bot is closed while it
// runs or crashes first, orphaning the child; and no zombie of it is
// left behind. So does one that also removes nzsc's mark from its
// environment (scrub, scrubexit), and one that does so orphaned while the
// bot still runs (daemon): they are found by the process tree, not by
// anything they could change.
func TestExecOrphans(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid program")
	}
	for _, mode := range []string{"setsid", "setsidexit", "scrub", "scrubexit", "daemon"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			e := newExec(t, badbot("mode="+mode+";game=1;at=1"))
			e.log.Close()
			var err error
			if e.log, err = openBotLog(dir, e.arg, 0); err != nil {
				t.Fatal(err)
			}
			playSeries(e, randomBot(), 2, 1)
			log := readFile(t, e.LogPath())
			e.Close()
			checkChildGone(t, log)
			i := strings.Index(log, "] child ")
			var pid int
			fmt.Sscan(log[i+len("] child "):], &pid)
			if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
				t.Errorf("child %d still listed (a zombie not reaped?): %s", pid, b)
			}
		})
	}
}
