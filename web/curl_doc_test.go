package web_test

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/web"
)

// TestCurlExample runs docs/web.md's curl example (its sh block that
// starts "lab=") as shown, with curl, against a server of this tree with
// a random token, as a script would: the token read from lab.js, a game
// started, answered, its notes read and the game ended. The docs test
// runs no sh block but nzsc commands, so this is what keeps the example
// working; a change to the guard's headers breaks it here.
func TestCurlExample(t *testing.T) {
	if testing.Short() {
		t.Skip("runs curl")
	}
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("no curl")
	}
	doc, err := os.ReadFile("../docs/web.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```sh\n(lab=http://127.0.0.1:8080\n.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/web.md shows no curl example (a sh block starting lab=http://127.0.0.1:8080)")
	}
	srv, err := web.New(web.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	// After the example, the game it ended is gone.
	script := strings.Replace(string(m[1]), "http://127.0.0.1:8080", ts.URL, 1) + "curl -s $lab/api/play/$id/notes\n"
	out, err := exec.CommandContext(t.Context(), "sh", "-c", "set -e\n"+script).CombinedOutput()
	if err != nil {
		t.Fatalf("the example failed: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], `"You chose Ninja."`) || lines[1] != `{"notes":[]}` || !strings.Contains(lines[2], "no such game") {
		t.Errorf("the example printed:\n%s\nwant the reply to Ninja, the notes, and (after it) no game", out)
	}
}
