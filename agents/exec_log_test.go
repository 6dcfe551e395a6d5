package agents

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// forgetLogs makes the next openBotLog start a new run's log, as a new
// process would.
func forgetLogs() {
	logFiles.Lock()
	defer logFiles.Unlock()
	for k, lf := range logFiles.m {
		lf.f.Close()
		delete(logFiles.m, k)
	}
}

// TestUserBotLogs: logs outside a run go to a private per-user
// directory (0700, the user's own; a directory others can write to or
// own is refused), one new file per run (0600), the oldest beyond
// keepLogs deleted.
func TestUserBotLogs(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("unix permissions")
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Cleanup(forgetLogs)
	forgetLogs()
	dir, err := UserLogDir()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(dir, cache) {
		t.Fatalf("UserLogDir %s is not in the user's cache directory %s", dir, cache)
	}
	var paths []string
	for run := range keepLogs + 3 {
		forgetLogs()
		l, err := openBotLog("", "mybot --x", 0)
		if err != nil {
			t.Fatal(err)
		}
		l.Printf("run %d", run)
		if l2, _ := openBotLog("", "mybot --x", 0); l2.path != l.path {
			t.Errorf("run %d: two logs for one bot: %s %s", run, l.path, l2.path)
		}
		paths = append(paths, l.path)
		if fi, err := os.Stat(l.path); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("run %d: log %s: %v %v, want mode 0600", run, l.path, fi.Mode(), err)
		}
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("log directory mode %v (%v), want 0700", fi.Mode().Perm(), err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*.log"))
	if len(left) != keepLogs {
		t.Errorf("%d logs left after %d runs, want %d", len(left), len(paths), keepLogs)
	}
	if _, err := os.Stat(paths[len(paths)-1]); err != nil {
		t.Errorf("the newest log was deleted: %v", err)
	}
	if _, err := os.Stat(paths[0]); err == nil {
		t.Errorf("the oldest log was kept")
	}

	// A directory others may write to is refused.
	forgetLogs()
	os.Chmod(dir, 0o777)
	if _, err := openBotLog("", "mybot --x", 0); err == nil || !strings.Contains(err.Error(), "writable") {
		t.Errorf("world-writable log directory: %v", err)
	}
	os.Chmod(dir, 0o700)
	// One owned by another user too (only root can make one).
	if os.Geteuid() == 0 {
		forgetLogs()
		os.Chown(dir, 65534, 65534)
		if _, err := openBotLog("", "mybot --x", 0); err == nil || !strings.Contains(err.Error(), "owned") {
			t.Errorf("log directory of another user: %v", err)
		}
		os.Chown(dir, 0, 0)
	}
	// A link in place of the directory is refused.
	forgetLogs()
	os.Rename(dir, dir+".real")
	os.Symlink(dir+".real", dir)
	if _, err := openBotLog("", "mybot --x", 0); err == nil {
		t.Errorf("a symbolic link as log directory was accepted")
	}
}

// TestRunBotLogNoFollow: in a run directory, a link planted where the
// log goes is not followed (its target is untouched) and an existing log
// is not appended to: each run writes a file it created.
func TestRunBotLogNoFollow(t *testing.T) {
	t.Cleanup(forgetLogs)
	forgetLogs()
	dir := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(victim, []byte("precious\n"), 0o644)
	name := ExecLogName("bot")
	if err := os.Symlink(victim, filepath.Join(dir, name)); err != nil {
		t.Fatal(err)
	}
	l, err := openBotLog(dir, "bot", 0)
	if err != nil {
		t.Fatal(err)
	}
	l.Printf("hello")
	if b, _ := os.ReadFile(victim); string(b) != "precious\n" {
		t.Errorf("the link's target was written: %q", b)
	}
	if l.path == filepath.Join(dir, name) {
		t.Errorf("log written through the planted link")
	}
	first := l.path
	forgetLogs() // a resumed run
	l2, err := openBotLog(dir, "bot", 0)
	if err != nil {
		t.Fatal(err)
	}
	if l2.path == first {
		t.Errorf("the second run appends to the first run's log %s", first)
	}
	if fi, err := os.Lstat(l2.path); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("log %s is not a regular file", l2.path)
	}
}
