//go:build unix

package results

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestCreateRefusesUnwritable: a new run in an existing directory it may
// not write in (read-only, or another user's) is refused by Create, in
// one line naming the directory, and nothing is left in it. It was taken,
// played, and failed at its first checkpoint naming a temporary file and
// offering a resume of a run that had no manifest (exit 1).
//
// Root writes in a read-only directory anyway, so under root (as CI
// runs) the test runs again as user nobody, from a copy of the test
// binary that user may run.
func TestCreateRefusesUnwritable(t *testing.T) {
	if dir := os.Getenv("RESULTS_UNWRITABLE_DIR"); dir != "" {
		checkCreateRefused(t, dir)
		return
	}
	top, err := os.MkdirTemp("", "results-unwritable-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(top)
	dir := filepath.Join(top, "run")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	if os.Geteuid() != 0 {
		checkCreateRefused(t, dir)
		return
	}
	if err := os.Chmod(top, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(top, "results.test")
	b, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^TestCreateRefusesUnwritable$", "-test.v")
	cmd.Dir = top
	cmd.Env = append(os.Environ(), "RESULTS_UNWRITABLE_DIR="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		if strings.Contains(string(out), "--- FAIL") {
			t.Fatalf("as user nobody:\n%s", out)
		}
		t.Skipf("cannot run the test as user nobody (%v): %s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: TestCreateRefusesUnwritable") {
		t.Fatalf("as user nobody, the test did not pass:\n%s", out)
	}
}

// checkCreateRefused is TestCreateRefusesUnwritable's check of Create in
// dir, a directory this process may not write in.
func checkCreateRefused(t *testing.T, dir string) {
	t.Helper()
	if f, err := os.CreateTemp(dir, "probe"); err == nil {
		f.Close()
		os.Remove(f.Name())
		t.Skipf("%s is writable by this process after all", dir)
	}
	d, err := Create(dir)
	if err == nil {
		d.Lock()
		t.Fatalf("Create(%s) of a directory this process cannot write in: no error", dir)
	}
	want := "cannot write in " + dir + ": permission denied"
	if err.Error() != want {
		t.Errorf("Create(%s): %q, want %q", dir, err, want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("Create left %d files in %s", len(entries), dir)
	}
}
