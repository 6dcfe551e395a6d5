package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain keeps the tests away from the user's cache directory: the
// optimal bot caches the solved game there (os.UserCacheDir, which reads
// XDG_CACHE_HOME), and a user's file must neither feed nor be written by
// a test. The test cache is shared by the test binaries of this module so
// that the game is solved once per machine, not once per package; saves
// are atomic (temporary file, then rename), so concurrent packages are
// safe.
func TestMain(m *testing.M) {
	os.Setenv("XDG_CACHE_HOME", filepath.Join(os.TempDir(), "nzsc-test-cache"))
	os.Exit(m.Run())
}
