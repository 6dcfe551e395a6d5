//go:build unix

package results_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/nzsclab/nzsc/results"
)

// TestRunFilesFollowUmask checks that a run directory and its files are
// created 0o777/0o666 less the umask, so that under the usual umask 022
// a colleague can read them. It sets the process umask, so it is not
// parallel.
func TestRunFilesFollowUmask(t *testing.T) {
	for _, tc := range []struct {
		umask         int
		dir, file, gl os.FileMode
	}{
		{0o022, 0o755, 0o644, 0o644},
		{0o077, 0o700, 0o600, 0o600},
		{0o002, 0o775, 0o664, 0o664},
	} {
		old := syscall.Umask(tc.umask)
		path := filepath.Join(t.TempDir(), "run")
		d, err := results.Create(path)
		if err == nil {
			err = d.WriteFile("ratings.csv", []byte("bot\n"))
		}
		var log *results.GamesLog
		if err == nil {
			log, err = results.CreateGamesLog(filepath.Join(path, "..", "games.jsonl"), results.LevelFull)
		}
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		log.Close()
		for _, f := range []struct {
			name string
			want os.FileMode
		}{{path, tc.dir}, {filepath.Join(path, "ratings.csv"), tc.file}, {filepath.Join(path, "..", "games.jsonl"), tc.gl}} {
			st, err := os.Stat(f.name)
			if err != nil {
				t.Fatal(err)
			}
			if got := st.Mode().Perm(); got != f.want {
				t.Errorf("umask %03o: %s is %03o, want %03o", tc.umask, filepath.Base(f.name), got, f.want)
			}
		}
	}
}
