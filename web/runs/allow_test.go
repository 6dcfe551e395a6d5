package runs

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http/httptest"
	"os"
	"strings"
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

// TestStartRefusesProgramWith403: a job naming a program, from a page
// without the server's secret, is refused with 403 (as Play and Watch
// refuse it), not 400 (a mistake in the request), whatever bot or
// parameter asks for it; a mistake is still 400. Nothing is created.
func TestStartRefusesProgramWith403(t *testing.T) {
	dir := t.TempDir()
	h := New(Options{Dir: dir, AllowExec: true}) // allowed, but no request carries the secret
	t.Cleanup(h.Close)
	for _, c := range []struct {
		body   string
		status int
	}{
		{`{"kind":"match","bots":["random","exec:/bin/true"],"games":2}`, 403},
		{`{"kind":"tournament","bots":["random","greedy","exec:/bin/true"],"games":2}`, 403},
		{`{"kind":"match","bots":["random","optimal:path=/etc/passwd"],"games":2}`, 403},
		// Files and programs named inside another bot's spec
		// (exploiter's models=, nested, or with a clock added).
		{`{"kind":"match","bots":["random","exploiter:models=exploiter:models=optimal:path=/etc/passwd"],"games":2}`, 403},
		{`{"kind":"match","bots":["random","exploiter:models=random+exploiter:models=exec:/bin/true"],"games":2}`, 403},
		{`{"kind":"match","bots":["random","exploiter:path=../../../etc/passwd"],"games":2,"tc":"10+0.1"}`, 403},
		{`{"kind":"sprt","bots":["exploiter:models=optimal:path=/etc/passwd","random"],"games":20,"sprt":{"elo0":0,"elo1":10}}`, 403},
		{`{"kind":"match","bots":["random","nosuchbot"],"games":2}`, 400},
	} {
		w := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/jobs", strings.NewReader(c.body))
		req.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(w, req)
		if w.Code != c.status || c.status == 403 && !strings.Contains(w.Body.String(), "secret") || strings.Contains(strings.TrimSpace(w.Body.String()), "\n") {
			t.Errorf("%s: %d %s, want %d", c.body, w.Code, w.Body, c.status)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused jobs left runs: %v", entries)
	}
}

// TestReportCSP: a run's HTML report runs its own script, the page's
// last, and no other: a script slipped in before it (a name shown
// unescaped) is not allowed by the policy, nor any file from elsewhere.
func TestReportCSP(t *testing.T) {
	page := []byte(`<p><script>alert(1)</script></p><footer>x</footer><script>
"use strict"; sort();
</script></body>`)
	csp := reportCSP(page)
	sum := func(s string) string {
		h := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(h[:]) + "'"
	}
	if !strings.Contains(csp, "script-src "+sum("\n\"use strict\"; sort();\n")+";") || strings.Contains(csp, sum("alert(1)")) {
		t.Errorf("policy %q: want the last script's hash alone", csp)
	}
	for _, want := range []string{"default-src 'none'", "frame-ancestors 'self'", "base-uri 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("policy %q without %s", csp, want)
		}
	}
	if csp := reportCSP([]byte("<p>no script</p>")); !strings.Contains(csp, "script-src 'none'") {
		t.Errorf("a page without a script: %q", csp)
	}
}
